import EnoteRPC
import Foundation
import NoteVault

/// `textDocument/references`: the links that lead to a note (its backlinks), each at the span of
/// the link in the note that writes it; on a tag, its every use (``TagFeature``). The linking notes come from the index's `links` table;
/// their links are read from the open buffer or the file, so the spans match the text.
extension LanguageServer {
    /// The backlinks of the note a link under the cursor leads to, or of the document's own note
    /// elsewhere; with the note itself when the client asks for the declaration.
    func references(_ params: MessageParams) throws(ResponseError) -> Reply {
        let decoded = try params.decoded(as: LSP.ReferenceParams.self)
        guard let context = context(for: decoded.textDocument.uri) else { return .null }
        if let tag = tag(at: context.document.offset(of: decoded.position, encoding: context.encoding), in: context) {
            return tagReferences(tag.name, context: context)
        }
        let target = renameTarget(context, at: decoded.position)?.path ?? context.path
        var locations: [LSP.Location] = []
        if decoded.context?.includeDeclaration == true {
            let start = LSP.Position(line: 0, character: 0)
            locations.append(LSP.Location(uri: context.uri(of: target), range: LSP.Range(start: start, end: start)))
        }
        let sources: [String]
        do throws(VaultError) {
            sources = try context.workspace.withIndex { index throws(VaultError) in try IndexLinkGraph(index: index).notesLinking(to: target) }
        } catch {
            throw ResponseError(.requestFailed, error.description)
        }
        for source in sources {
            let uri = context.uri(of: source)
            let document: TextDocument
            if let open = documents.document(uri) {
                document = open
            } else if let bytes = try? context.workspace.vault.readWithSnapshot(NotePath(trusted: source)).snapshot.bytes {
                document = TextDocument(uri: uri, version: nil, text: String(decoding: bytes, as: UTF8.self))
            } else {
                continue
            }
            let links = documents.analysis(of: document, path: source).links.links.filter { !$0.isExternal }
            let resolver = context.catalog.resolver(for: links)
            for link in links {
                guard resolver.resolve(link, from: source) == .resolved(target) else { continue }
                locations.append(LSP.Location(uri: uri, range: document.range(of: LinkSpans.span(of: link, in: document), encoding: encoding)))
            }
        }
        return Reply(locations)
    }
}
