import Foundation
import NoteVault

extension ListPage {
    /// The rest of `enote list`'s filters, folded under "More filters" (a `<details>` block, so it
    /// works without scripts), open when one of them is set. The repeatable ones (`tag`, `where`)
    /// show a field per value and one empty field for another.
    var moreFilters: HTML {
        let input = request.input
        let open: HTML = request.hasMoreFilters ? " open" : ""
        let tags = (input.tags.dropFirst() + [""]).map { tag -> HTML in
            "<label>\(frame.text("Also tag")) <input type=\"text\" name=\"tag\" value=\"\(tag)\" size=\"10\"></label>"
        }
        let conditions = (input.conditions + [""]).map { condition -> HTML in
            "<label>\(frame.text("Front matter")) <input type=\"text\" name=\"where\" value=\"\(condition)\" size=\"14\" placeholder=\"status=draft\"></label>"
        }
        return """
            <details class="more-filters" id="more-filters"\(open)><summary>\(frame.text("More filters"))</summary>
            \(HTML.join(tags, separator: "\n"))
            \(HTML.join(conditions, separator: "\n"))
            \(field("since", input.since, label: "Updated since", hint: "2026-11-01, 3d"))
            \(field("until", input.until, label: "Updated until", hint: "1d"))
            \(field("expiring", input.expiring, label: "Destroyed within", hint: "3d, all"))
            \(field("links_to", input.linksTo, label: "Links to note", hint: ""))
            \(field("linked_from", input.linkedFrom, label: "Linked from note", hint: ""))
            \(box("orphan", input.orphan, label: "no other note links to it"))
            \(box("dead_links", input.deadLinks, label: "has a link that leads nowhere"))
            </details>
            """
    }

    private func field(_ name: String, _ value: String?, label: LocalizedMessage, hint: String) -> HTML {
        "<label>\(frame.text(label)) <input type=\"text\" name=\"\(name)\" value=\"\(value ?? "")\" size=\"12\" placeholder=\"\(hint)\"></label>"
    }

    private func box(_ name: String, _ on: Bool, label: LocalizedMessage) -> HTML {
        let checked: HTML = on ? " checked" : ""
        return "<label><input type=\"checkbox\" name=\"\(name)\" value=\"1\"\(checked)> \(frame.text(label))</label>"
    }
}
