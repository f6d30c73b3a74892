import Foundation
import NoteVault

/// The original app's demo limit, from `max_notes` in the vault config (``NoteLimit``): the list
/// says how many notes the demo holds, and once it is full "New note" shows the end of the free
/// version instead of an editor (the library refuses the note in any case).
package enum DemoLimit {
    /// The line above the list.
    static func banner(_ limit: NoteLimit?, frame: PageFrame) -> HTML {
        guard let limit, !frame.readOnly else { return .empty }
        if limit.isReached {
            return """
                <p class="banner demo-limit full" id="demo-limit" role="status">\(frame.text("Demo version: the vault is full (\(limit.count) of \(limit.limit) notes). Delete a note to write another."))</p>
                """
        }
        return """
            <p class="banner demo-limit" id="demo-limit" role="status">\(frame.text("Demo version: \(limit.count) of \(limit.limit) notes used."))</p>
            """
    }

    /// The page "New note" leads to once the vault is full.
    static func page(_ limit: NoteLimit, frame: PageFrame) -> HTML {
        let content: HTML = """
            <section class="demo-over" id="demo-over">
            <h1>\(frame.text("The free version has ended"))</h1>
            <p>\(frame.text("This vault is limited to \(limit.limit) notes (max_notes in .enote/config). Delete a note, or raise the limit, to write another."))</p>
            <p class="actions"><a class="button" href="/">\(frame.text("Back to the notes"))</a> <a class="button secondary" href="/trash">\(frame.text("Trash"))</a></p>
            </section>
            """
        return frame.page(title: frame.text("The free version has ended"), kind: "demo-over", content)
    }
}
