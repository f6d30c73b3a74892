import EnoteRPC
import Foundation
import NoteVault

/// Tags in the editor: the tag under the cursor (a body `#tag` or an item of the front matter
/// `tags`), renamed everywhere with ``Vault/planTagRename(_:to:among:)``, the plan `enote tag
/// rename` writes, and its references, every use in the vault. The notes to read come from the
/// index's `tags` table; their tags are read from the open buffer or the file, so the ranges
/// match the text.
extension LanguageServer {
    /// The tag written at byte `offset` of the document, with the bytes of its name.
    func tag(at offset: Int, in context: DocumentContext) -> (name: String, span: Range<Int>)? {
        TagRewriter.spans(in: context.analysis.content).last { $0.range.contains(offset) || $0.range.upperBound == offset }
            .map { (name: $0.name, span: $0.range) }
    }

    /// The tag `name` renamed to `newName` (a leading `#` is dropped) in every note that has it or
    /// a tag nested under it, as a WorkspaceEdit.
    func renameTag(_ name: String, to newName: String, context: DocumentContext) throws(ResponseError) -> Reply {
        var new = newName.trimmingCharacters(in: .whitespaces)
        if new.hasPrefix("#") { new.removeFirst() }
        let workspace = context.workspace
        let plan: TagRenamePlan
        do throws(VaultError) {
            let tagged = try workspace.withIndex { index throws(VaultError) in try index.notes(taggedWithin: name) }
            plan = try workspace.vault.planTagRename(name, to: new, among: tagged)
        } catch {
            throw ResponseError(.requestFailed, error.description)
        }
        return Reply(LSP.WorkspaceEdit(try textChanges(plan.edits, in: workspace)))
    }

    /// Every place the tag `name` (or one nested under it) is written: the notes the index
    /// knows with it, and the open documents.
    func tagReferences(_ name: String, context: DocumentContext) -> Reply {
        let wanted = NoteTag.normalize(name)
        func within(_ written: String) -> Bool {
            let normalized = NoteTag.normalize(written)
            return normalized == wanted || normalized.hasPrefix(wanted + "/")
        }
        let workspace = context.workspace
        let tagged = (try? workspace.withIndex { index throws(VaultError) in try index.notes(taggedWithin: name) }) ?? []
        var paths = Set(tagged.compactMap(\.string))
        for open in documents.all {
            guard let (owner, path) = location(of: open.uri), owner === workspace else { continue }
            paths.insert(path)
        }
        var locations: [LSP.Location] = []
        for path in paths.sorted() {
            let uri = context.uri(of: path)
            let document: TextDocument
            if let open = documents.document(uri) {
                document = open
            } else if let bytes = try? workspace.vault.readWithSnapshot(NotePath(trusted: path)).snapshot.bytes {
                document = TextDocument(uri: uri, version: nil, text: String(decoding: bytes, as: UTF8.self))
            } else {
                continue
            }
            let content = documents.analysis(of: document, path: path).content
            for span in TagRewriter.spans(in: content) where within(span.name) {
                locations.append(LSP.Location(uri: uri, range: document.range(of: span.range, encoding: encoding)))
            }
        }
        return Reply(locations)
    }
}
