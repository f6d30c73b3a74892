import EnoteRPC
import Foundation
import NoteVault

/// The vault's notes as resources (`enote:///path.md`, Markdown text): listed in pages, read
/// whole up to the size of an answer (the rest through the read tool's cursor), and followed
/// through subscriptions (``ChangeNotifier``).
enum NoteResources {
    static let mimeType = "text/markdown"

    /// `resources/list`: the notes, newest first, in pages.
    static func list(_ params: MCPParams.Page, vault: AgentVault) throws(ResponseError) -> Reply {
        let offset = try PageCursor.offset(params.cursor)
        do throws(VaultError) {
            try vault.fresh()
            let clock = vault.vault.clock
            let notes = try vault.withIndex { index throws(VaultError) in
                try index.list(NoteFilter(now: clock.now()), sort: NoteSort(key: .updated), limit: offset + 201)
            }
            let items = notes.map { NoteResource($0, timeZone: clock.timeZone) }
            return Reply(ResourcePage(page: ResultPage(items, from: offset, limit: 200, text: AnswerText(clock: clock))))
        } catch {
            throw ResponseError(.internalError, error.message.text)
        }
    }

    /// `resources/read`: one note's text. A URI that names no note is an invalid-params error
    /// (`notFound`: the code the client's revision uses for it).
    static func read(_ params: MCPParams.Resource, vault: AgentVault, notFound: Int) throws(ResponseError) -> Reply {
        guard let uri = params.uri else { throw ResponseError(.invalidParams, Localization.text("the parameter uri is missing")) }
        var missing = ResponseError(.invalidParams, Localization.text("no note has the URI \(String(uri.prefix(300)))"), data: UnknownURI(uri: uri))
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
        return Reply(ReadResult(contents: [NoteContents(uri: uri, text: part.text, revision: note.revision.description, nextCursor: part.next.map(String.init))]))
    }

    /// `resources/templates/list`: a note by its path.
    static let templates = Reply(TemplateList())
}

/// The `data` of the error for a URI that names no note: the URI, as asked.
struct UnknownURI: Encodable, Sendable {
    var uri: String
}
