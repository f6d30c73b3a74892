import EnoteRPC
import Foundation
import NoteVault

/// The vault's notes as resources (`enote:///path.md`, Markdown text): listed in pages, read
/// whole up to the size of an answer (the rest through the read tool's cursor), and followed
/// through subscriptions (``ChangeNotifier``).
enum NoteResources {
    static let mimeType = "text/markdown"

    /// `resources/list`: the notes, newest first, in pages.
    static func list(_ params: MCPParams.Page, vault: AgentVault) throws(ResponseError) -> JSONValue {
        let offset = try ResultPage.offset(params.cursor)
        do throws(VaultError) {
            try vault.fresh()
            let clock = vault.vault.clock
            let notes = try vault.withIndex { index throws(VaultError) in try index.list(NoteFilter(now: clock.now()), sort: NoteSort(key: .updated), limit: offset + 201) }
            let items = notes.map { note -> JSONValue in
                .object([
                    "uri": .string(NoteURI.uri(note.path.description)), "name": .string(note.path.description), "title": .string(note.title),
                    "description": .string(note.description), "mimeType": .string(mimeType),
                    "annotations": .object(["lastModified": .string(NoteDate.stamp(note.updated, in: clock.timeZone))]),
                ])
            }
            let page = ResultPage(items, from: offset, limit: 200)
            var result: [String: JSONValue] = ["resources": .array(page.items)]
            if let next = page.nextCursor { result["nextCursor"] = .string(next) }
            return .object(result)
        } catch {
            throw ResponseError(.internalError, error.message.text)
        }
    }

    /// `resources/read`: one note's text. A URI that names no note is an invalid-params error
    /// (`notFound`: the code the client's revision uses for it).
    static func read(_ params: MCPParams.Resource, vault: AgentVault, notFound: Int) throws(ResponseError) -> JSONValue {
        guard let uri = params.uri else { throw ResponseError(.invalidParams, Localization.text("the parameter uri is missing")) }
        var missing = ResponseError(.invalidParams, Localization.text("no note has the URI \(String(uri.prefix(300)))"), data: .object(["uri": .string(uri)]))
        missing.code = notFound
        guard uri.utf8.count <= 8192, let text = NoteURI.path(uri), let path = try? NotePath(validating: text, purpose: .lookup),
            vault.vault.notePathPolicy.isNote(path, kind: .regular)
        else { throw missing }
        let note: Note
        do throws(VaultError) {
            note = try vault.vault.read(path)
        } catch .noteNotFound {
            throw missing
        } catch {
            throw ResponseError(.internalError, error.message.text)
        }
        let bytes = note.content.bytes
        let part = ReadingTools.chunk(bytes, in: 0..<bytes.count, from: 0)
        var content: [String: JSONValue] = ["uri": .string(uri), "mimeType": .string(mimeType), "text": .string(part.text)]
        var meta: [String: JSONValue] = ["enote/revision": .string(note.revision.description)]
        if let next = part.next {
            meta["enote/truncated"] = .bool(true)
            meta["enote/next_cursor"] = .string(next)
        }
        content["_meta"] = .object(meta)
        return .object(["contents": .array([.object(content)])])
    }

    /// `resources/templates/list`: a note by its path.
    static let templates: JSONValue = .object([
        "resourceTemplates": .array([
            .object([
                "uriTemplate": .string(NoteURI.prefix + "{+path}"), "name": .string("note"), "title": .string("A note by its path in the vault"),
                "mimeType": .string(mimeType),
            ])
        ])
    ])
}
