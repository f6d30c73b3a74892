import EnoteRPC
import Foundation
import NoteVault

/// The language server behind `enote lsp`: reads JSON-RPC messages from one file descriptor,
/// answers on another, and returns the exit status when the client says `exit` or its input
/// closes.
///
/// It follows the protocol's lifecycle (nothing but `initialize` before `initialize`, nothing
/// but `exit` after `shutdown`), answers malformed messages with the error the specification
/// names, ignores notifications it does not know, and never lets one bad message stop it.
public final class LanguageServer {
    /// What the server needs from the world, so tests pin it.
    public struct Options {
        /// The current time (diagnostics of a past destroy date, hover's "in 3 days").
        public var clock: VaultClock = .system

        public init() {}
    }

    let options: Options
    private let reader: MessageReader
    let writer: MessageWriter
    var encoding: PositionEncoding = .utf16
    let documents = DocumentStore()
    private var workspaces: [String: VaultWorkspace] = [:]
    /// Each document's file and the vault that holds it, by URI, worked out once: parsing the
    /// URI and looking for `.enote/` up its folders cost more than most answers. (A vault made
    /// later in a folder between a document and its vault is seen after a restart.)
    private var fileLocations: [String: (file: String, root: String)] = [:]
    /// How many URIs ``fileLocations`` holds before it starts again.
    static let rememberedLocations = 4096
    /// What the library said about the vaults, sent to the client's log from this thread.
    private let libraryLines = LibraryLines()
    /// Roots and files already reported in the log, so each reason is said once.
    private var reported: Set<String> = []
    /// The folders the client opened (`rootUri`, `workspaceFolders`), for workspace symbols
    /// before any document is open.
    private var rootFolders: [String] = []
    private var initialized = false
    private var shutdownRequested = false
    /// The documents whose diagnostics are due once the input goes quiet, in the order they
    /// changed (``scheduleDiagnostics(_:)``).
    var pendingDiagnostics: [String] = []

    public init(input: Int32, output: Int32, options: Options = Options()) {
        self.reader = MessageReader(descriptor: input)
        self.writer = MessageWriter(descriptor: output)
        self.options = options
    }

    /// Serves until `exit` or the end of input: 0 after a `shutdown`, 1 otherwise (the
    /// protocol's rule for `exit`).
    ///
    /// The diagnostics of a changed document are published when the input has been quiet for
    /// ``diagnosticsQuietMilliseconds``: a burst of changes (typing, a paste, a batch) is
    /// analysed once, for its last text, never once per keystroke. Those of a document just
    /// opened are published at once.
    public func run() -> Int32 {
        while true {
            if !pendingDiagnostics.isEmpty, !reader.hasInput(waitingUpTo: Self.diagnosticsQuietMilliseconds) {
                publishPendingDiagnostics()
            }
            switch reader.next() {
            case .end:
                return shutdownRequested ? 0 : 1
            case .framingError(let reason):
                log(.warning, "enote lsp: ignored input that is not a message: \(reason)")
            case .message(let body):
                if let status = handle(body) { return status }
            }
        }
    }

    /// Handles one message body; returns an exit status when the server must stop.
    private func handle(_ body: Data) -> Int32? {
        defer { sendLibraryLines() }
        let message: IncomingMessage
        switch IncomingMessage.parse(body) {
        case .success(let parsed):
            message = parsed
        case .failure(let error):
            writer.respond(id: .null, error: error)
            return nil
        }
        if let problem = message.shapeProblem {
            writer.respond(id: .null, error: problem)
            return nil
        }
        guard let method = message.method else {
            return nil  // a response to a request the server never sends
        }
        let id = message.id
        if method == "exit" { return shutdownRequested ? 0 : 1 }
        guard initialized || method == "initialize" else {
            if let id {
                writer.respond(id: id, error: ResponseError(.serverNotInitialized, Localization.text("the server is not initialized; send initialize first")))
            }
            return nil
        }
        if shutdownRequested {
            if let id { writer.respond(id: id, error: ResponseError(.invalidRequest, Localization.text("the server is shut down; send exit"))) }
            return nil
        }
        guard let id else {
            notification(method, message.params)
            return nil
        }
        do throws(ResponseError) {
            let result = try request(method, message.params)
            writer.respond(id: id, result: result)
        } catch {
            writer.respond(id: id, error: error)
        }
        return nil
    }

    /// Answers a request through ``requests``.
    private func request(_ method: String, _ params: MessageParams) throws(ResponseError) -> Reply {
        guard let handler = Self.requests[method] else {
            throw ResponseError(.methodNotFound, Localization.text("enote lsp does not answer \(method)"))
        }
        return try handler.answer(self, params)
    }

    /// Handles a notification through ``notifications``; one the server does not know is
    /// ignored, as the protocol asks.
    private func notification(_ method: String, _ params: MessageParams) {
        Self.notifications[method]?(self, params)
    }

    /// A request's handler: given the server and the request's params, its answer.
    struct RequestHandler: Sendable {
        let answer: @Sendable (LanguageServer, MessageParams) throws(ResponseError) -> Reply

        init(_ answer: @escaping @Sendable (LanguageServer, MessageParams) throws(ResponseError) -> Reply) {
            self.answer = answer
        }
    }

    /// A notification's handler.
    typealias NotificationHandler = @Sendable (LanguageServer, MessageParams) -> Void

    /// Every request the server answers, each with its handler: the one place a method's name is.
    private static let requests: MethodTable<RequestHandler> = {
        var table = MethodTable<RequestHandler>()
        table.add("initialize", RequestHandler { server, params throws(ResponseError) in
            guard !server.initialized else { throw ResponseError(.invalidRequest, Localization.text("the server is already initialized")) }
            let offer = try params.decoded(as: LSP.InitializeParams.self)
            server.initialized = true
            return Reply(server.initialize(offer))
        })
        table.add("shutdown", RequestHandler { server, _ in
            server.shutdownRequested = true
            return .null
        })
        table.add("textDocument/hover", RequestHandler { server, params throws(ResponseError) in try server.positionRequest(params) { server.hover($0, at: $1) } })
        table.add("textDocument/completion", RequestHandler { server, params throws(ResponseError) in
            try server.positionRequest(params) { server.completion($0, at: $1) }
        })
        table.add("textDocument/definition", RequestHandler { server, params throws(ResponseError) in
            try server.positionRequest(params) { server.definition($0, at: $1) }
        })
        table.add("textDocument/prepareRename", RequestHandler { server, params throws(ResponseError) in
            try server.positionRequest(params) { server.prepareRename($0, at: $1) }
        })
        table.add("textDocument/rename", RequestHandler { server, params throws(ResponseError) in
            try server.rename(params.decoded(as: LSP.RenameParams.self))
        })
        table.add("textDocument/codeAction", RequestHandler { server, params throws(ResponseError) in
            try server.codeActions(params.decoded(as: LSP.CodeActionParams.self))
        })
        table.add("textDocument/references", RequestHandler { server, params throws(ResponseError) in try server.references(params) })
        table.add("workspace/willRenameFiles", RequestHandler { server, params throws(ResponseError) in
            server.willRenameFiles(try params.decoded(as: LSP.RenameFilesParams.self))
        })
        table.add("textDocument/documentSymbol", RequestHandler { server, params throws(ResponseError) in
            let document = try params.decoded(as: LSP.DocumentParams.self)
            guard let context = server.context(for: document.textDocument.uri) else { return .null }
            return server.documentSymbols(context)
        })
        table.add("workspace/symbol", RequestHandler { server, params throws(ResponseError) in
            server.workspaceSymbols(try params.decoded(as: LSP.WorkspaceSymbolParams.self).query)
        })
        return table
    }()

    /// Every notification the server follows, each with its handler.
    private static let notifications: MethodTable<NotificationHandler> = {
        var table = MethodTable<NotificationHandler>()
        table.add("textDocument/didOpen") { server, params in
            guard let opened = params.decodedIfValid(as: LSP.DidOpenParams.self) else { return }
            server.documents.open(opened.textDocument)
            // A note just opened is shown with its problems at once: only typing is waited for.
            if server.location(of: opened.textDocument.uri) != nil {
                server.pendingDiagnostics.removeAll { $0 == opened.textDocument.uri }
                server.publishDiagnostics(opened.textDocument.uri)
            }
        }
        table.add("textDocument/didChange") { server, params in
            guard let change = params.decodedIfValid(as: LSP.DidChangeParams.self) else { return }
            guard server.documents.change(change, encoding: server.encoding) else { return }
            server.scheduleDiagnostics(change.textDocument.uri)
        }
        table.add("textDocument/didSave") { server, params in
            guard let saved = params.decodedIfValid(as: LSP.DidSaveParams.self) else { return }
            if let (workspace, path) = server.location(of: saved.textDocument.uri) { workspace.refresh(files: [path]) }
            server.scheduleDiagnostics(saved.textDocument.uri)
        }
        table.add("textDocument/didClose") { server, params in
            guard let uri = params.decodedIfValid(as: LSP.DocumentParams.self)?.textDocument.uri else { return }
            server.documents.close(uri)
            server.pendingDiagnostics.removeAll { $0 == uri }
            if server.location(of: uri) != nil {
                server.writer.notify("textDocument/publishDiagnostics", Reply(LSP.PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: [])))
            }
        }
        table.add("workspace/didChangeWatchedFiles") { server, params in
            for change in params.decodedIfValid(as: LSP.DidChangeWatchedFilesParams.self)?.changes ?? [] {
                guard let uri = change.uri, let (workspace, path) = server.location(of: uri) else { continue }
                workspace.refresh(files: [path])
            }
        }
        return table
    }()

    /// Decodes a position request and answers it for a document in a vault (`null` elsewhere).
    private func positionRequest(_ params: MessageParams, _ answer: (DocumentContext, LSP.Position) -> Reply) throws(ResponseError) -> Reply {
        let decoded = try params.decoded(as: LSP.TextDocumentPositionParams.self)
        guard let context = context(for: decoded.textDocument.uri) else { return .null }
        return answer(context, decoded.position)
    }

    private func initialize(_ params: LSP.InitializeParams) -> LSP.InitializeResult {
        let offered = params.capabilities?.general?.positionEncodings ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        let roots = [params.rootUri] + (params.workspaceFolders ?? []).map(\.uri)
        rootFolders = roots.compactMap { $0.flatMap(URL.init(string:)) }.filter(\.isFileURL).map(\.path)
        typealias Workspace = LSP.ServerCapabilities.Workspace
        let notes = Workspace.Filter(pattern: .init(glob: "**/*.md", matches: "file"))
        let folders = Workspace.Filter(pattern: .init(glob: "**", matches: "folder"))
        return LSP.InitializeResult(
            capabilities: LSP.ServerCapabilities(
                positionEncoding: encoding.rawValue,
                completionProvider: .init(triggerCharacters: ["[", "(", "#", ":", " "]),
                workspace: Workspace(fileOperations: .init(willRename: .init(filters: [notes, folders])))),
            serverInfo: .init(name: "enote", version: "0.1.0"))
    }

    // MARK: - Documents and vaults

    /// The vault and vault-relative path of a document, or nil (logged once) when it is not a
    /// note of a vault.
    func location(of uri: String) -> (VaultWorkspace, String)? {
        let (file, root): (String, String)
        if let known = fileLocations[uri] {
            (file, root) = known
        } else {
            guard let url = URL(string: uri), url.isFileURL else {
                logOnce(uri, "enote lsp: \(uri) is not a file, so enote lsp leaves it alone")
                return nil
            }
            file = url.standardizedFileURL.path
            let folder = (file as NSString).deletingLastPathComponent
            guard let found = try? VaultLocator.locate(explicit: nil, environment: [:], currentDirectory: folder) else {
                logOnce(folder, "enote lsp: \(file) is in no vault (no folder above it holds .enote/), so enote lsp stays quiet for it")
                return nil
            }
            root = found
            // Bounded: a checkout reported file by file (`didChangeWatchedFiles`) names many.
            if fileLocations.count >= Self.rememberedLocations { fileLocations.removeAll(keepingCapacity: true) }
            fileLocations[uri] = (file, root)
        }
        guard let workspace = workspace(at: root) else { return nil }
        guard let path = workspace.relativePath(of: file),
            let notePath = try? NotePath(validating: path, purpose: .lookup),
            workspace.vault.notePathPolicy.isNote(notePath, kind: .regular)
        else {
            logOnce(file, "enote lsp: \(file) is not a note of the vault at \(root) (hidden, ignored or not .md), so enote lsp stays quiet for it")
            return nil
        }
        return (workspace, path)
    }

    /// The vaults opened so far.
    /// The vaults opened so far; before any document is open, the vaults of the client's folders.
    var openWorkspaces: [VaultWorkspace] {
        if workspaces.isEmpty {
            for folder in rootFolders {
                if let root = try? VaultLocator.locate(explicit: nil, environment: [:], currentDirectory: folder) { _ = workspace(at: root) }
            }
        }
        return workspaces.keys.sorted().compactMap { workspaces[$0] }
    }

    func workspace(at root: String) -> VaultWorkspace? {
        if let open = workspaces[root] { return open }
        guard !reported.contains(root) else { return nil }
        do throws(VaultError) {
            let lines = libraryLines
            let opened = try VaultWorkspace(root: root) { line in lines.append(line) }
            workspaces[root] = opened
            sendLibraryLines()
            log(.info, "enote lsp: serving the vault at \(root)")
            return opened
        } catch {
            logOnce(root, "enote lsp: cannot open the vault at \(root): \(error.description); enote lsp stays quiet for its notes")
            return nil
        }
    }

    /// The analysed open document (or the file on disk) at `uri`, when it is a note of a vault.
    func context(for uri: String) -> DocumentContext? {
        guard let (workspace, path) = location(of: uri) else { return nil }
        let document: TextDocument
        if let open = documents.document(uri) {
            document = open
        } else if let note = try? workspace.vault.readWithSnapshot(NotePath(trusted: path)).snapshot.bytes {
            document = TextDocument(uri: uri, version: nil, text: String(decoding: note, as: UTF8.self))
        } else {
            return nil
        }
        let analysis = documents.analysis(of: document, path: path)
        return DocumentContext(
            workspace: workspace, path: path, document: document, analysis: analysis,
            catalog: DocumentCatalog(base: workspace.freshCatalog(), links: analysis.links.links), encoding: encoding, now: options.clock.now(),
            timeZone: options.clock.timeZone)
    }

    // MARK: - Log

    /// One line in the client's log (`window/logMessage`).
    func log(_ level: LSP.MessageType, _ message: LocalizedMessage) {
        log(level, text: message.text)
    }

    /// One line already in the user's language (the library's own messages).
    func log(_ level: LSP.MessageType, text: String) {
        writer.notify("window/logMessage", Reply(LSP.LogMessageParams(type: level, message: text)))
    }

    /// Sends what the library said since the last time to the client's log.
    private func sendLibraryLines() {
        for line in libraryLines.take() { log(.info, text: line) }
    }

    private func logOnce(_ key: String, _ message: LocalizedMessage) {
        guard reported.insert(key).inserted else { return }
        log(.info, message)
    }
}
