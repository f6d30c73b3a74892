import Foundation
import Testing

/// A template's placeholders in front matter are filled with values quoted the way enote's YAML
/// writer quotes them, so any title makes a note whose front matter reads back as that title
/// (and the template is never blamed for an ordinary title).
@Suite struct TemplateTitleTests {
    static let titles = [
        "Meeting: Q3", "[draft] plan", "#1", "yes", "no", "null", "~", "1.10", "2026-01-01", "\"quoted\"", "'single'",
        "it's", "a # b", "{braces}", "- dash", "? question", "50%", "@mention", "*bold*", "&anchor", "!tag", "|pipe",
        ">more", "back\\slash", "ends with colon:", "key: value # comment", "`code`", "Заметка: план", "会議: 第3四半期",
        "{{date}} literal", "a, b, c",
    ]

    static let template = """
        ---
        subject: {{title}}
        quoted: "{{title}}"
        single: '{{title}}'
        summary: Notes on {{title}} ({{date}})
        tags: [meeting, {{title}}]
        ---
        # {{title}}

        """

    @Test(arguments: titles)
    func anyTitleFillsTheTemplatesFrontMatter(title: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".enote/templates/meeting.md", Self.template)

        let result = try vault.run("new", "--template", "meeting", "--", title)

        #expect(result.status == 0, "\(result)")
        let path = result.stdout.trimmingCharacters(in: .newlines)
        let note = try vault.showJSON(path)
        #expect(note["title"] as? String == title)
        #expect(note["warnings"] as? [String] == [], "\(note)")
        let fields = try #require(note["fields"] as? [String: Any])
        #expect(fields["subject"] as? String == title)
        #expect(fields["quoted"] as? String == title)
        #expect(fields["single"] as? String == title)
        let summary = try #require(fields["summary"] as? String)
        #expect(summary.hasPrefix("Notes on \(title) (20"), "\(summary)")
        #expect(fields["tags"] as? [String] == ["meeting", title])
        #expect(try vault.text(path).contains("\n# \(title)\n"), "the body gets the title as typed")
    }
}
