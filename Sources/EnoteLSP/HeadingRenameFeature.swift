import EnoteRPC
import Foundation
import NoteVault

/// Renaming a heading from the editor: every link that names it (`[[note#Heading]]`,
/// `[x](note.md#heading)`, `[[#Heading]]`) follows, by ``Vault/planHeadingRename(in:line:to:graph:)``
/// with the linking notes from the index. The note's first `# heading` is its title: a rename
/// there renames the note (``RenameFeature``).
extension LanguageServer {
    /// The heading written at byte `offset` (not the title heading), with the bytes of its text.
    func heading(at offset: Int, in context: DocumentContext) -> (heading: NoteHeading, span: Range<Int>)? {
        let document = context.document
        let line = document.lineIndex(of: offset)
        let headings = NoteHeading.headings(in: document.bytes, bodyStart: context.analysis.content.bodyStart)
        let title = headings.first { $0.level == 1 }
        guard let heading = headings.first(where: { $0.line == line + 1 }), heading != title,
            let span = Self.headingTextSpan(line: heading.line, in: document.bytes),
            span.contains(offset) || span.upperBound == offset
        else { return nil }
        return (heading, span)
    }

    /// The bytes of a heading's text on its line (1-based), as the library's plan rewrites them.
    static func headingTextSpan(line: Int, in bytes: [UInt8]) -> Range<Int>? {
        HeadingRenamePlan.textSpan(line: line, in: bytes)
    }

    /// The heading on `line` renamed to `newName`, with every link to it, as a WorkspaceEdit.
    func renameHeading(_ heading: NoteHeading, to newName: String, context: DocumentContext) throws(ResponseError) -> Reply {
        let workspace = context.workspace
        let plan: HeadingRenamePlan
        do throws(VaultError) {
            plan = try workspace.withIndex { index throws(VaultError) in
                try workspace.vault.planHeadingRename(in: NotePath(trusted: context.path), line: heading.line, to: newName, graph: IndexLinkGraph(index: index))
            }
        } catch {
            throw ResponseError(.requestFailed, error.description)
        }
        return Reply(LSP.WorkspaceEdit(try textChanges(plan.edits, in: workspace)))
    }
}
