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
            notification(method, message.params ?? .null)
            return nil
        }
        do throws(ResponseError) {
            let result = try request(method, message.params ?? .null)
            writer.respond(id: id, result: result)
        } catch {
            writer.respond(id: id, error: error)
        }
        return nil
    }

    /// Answers a request.
    private func request(_ method: String, _ params: JSONValue) throws(ResponseError) -> Reply {
        switch method {
        case "initialize":
            guard !initialized else { throw ResponseError(.invalidRequest, Localization.text("the server is already initialized")) }
            initialized = true
            return Reply(initialize(params))
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/hover":
            return try positionRequest(params) { self.hover($0, at: $1) }
        case "textDocument/completion":
            return try positionRequest(params) { self.completion($0, at: $1) }
        case "textDocument/definition":
            return try positionRequest(params) { self.definition($0, at: $1) }
        case "textDocument/prepareRename":
            return try positionRequest(params) { self.prepareRename($0, at: $1) }
        case "textDocument/rename":
            return try rename(params)
        case "textDocument/codeAction":
            return try codeActions(params)
        case "textDocument/references":
            return try references(params)
        case "workspace/willRenameFiles":
            return willRenameFiles(params)
        case "textDocument/documentSymbol":
            guard let uri = params["textDocument"]?["uri"]?.string else { throw invalidParams(method) }
            guard let context = context(for: uri) else { return .null }
            return documentSymbols(context)
        case "workspace/symbol":
            guard let query = params.decode(LSP.WorkspaceSymbolParams.self) else { throw invalidParams(method) }
            return workspaceSymbols(query.query)
        default:
            throw ResponseError(.methodNotFound, Localization.text("enote lsp does not answer \(method)"))
        }
    }

    private func invalidParams(_ method: String) -> ResponseError {
        ResponseError(.invalidParams, Localization.text("the parameters of \(method) are not what the protocol says"))
    }

    /// Decodes a position request and answers it for a document in a vault (`null` elsewhere).
    private func positionRequest(_ params: JSONValue, _ answer: (DocumentContext, LSP.Position) -> Reply) throws(ResponseError) -> Reply {
        guard let decoded = params.decode(LSP.TextDocumentPositionParams.self) else { throw invalidParams("a position request") }
        guard let context = context(for: decoded.textDocument.uri) else { return .null }
        return answer(context, decoded.position)
    }

    /// Handles a notification; one the server does not know is ignored, as the protocol asks.
    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "textDocument/didOpen":
            guard let opened = params.decode(LSP.DidOpenParams.self) else { return }
            documents.open(opened.textDocument)
            // A note just opened is shown with its problems at once: only typing is waited for.
            if location(of: opened.textDocument.uri) != nil {
                pendingDiagnostics.removeAll { $0 == opened.textDocument.uri }
                publishDiagnostics(opened.textDocument.uri)
            }
        case "textDocument/didChange":
            guard let change = params.decode(LSP.DidChangeParams.self) else { return }
            guard documents.change(change, encoding: encoding) else { return }
            scheduleDiagnostics(change.textDocument.uri)
        case "textDocument/didSave":
            guard let saved = params.decode(LSP.DidSaveParams.self) else { return }
            if let (workspace, path) = location(of: saved.textDocument.uri) { workspace.refresh(files: [path]) }
            scheduleDiagnostics(saved.textDocument.uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents.close(uri)
            pendingDiagnostics.removeAll { $0 == uri }
            if location(of: uri) != nil {
                writer.notify("textDocument/publishDiagnostics", Reply(LSP.PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: [])))
            }
        case "workspace/didChangeWatchedFiles":
            for change in params["changes"]?.array ?? [] {
                guard let uri = change["uri"]?.string, let (workspace, path) = location(of: uri) else { continue }
                workspace.refresh(files: [path])
            }
        default:
            break
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        let roots = [params["rootUri"]?.string] + (params["workspaceFolders"]?.array ?? []).map { $0["uri"]?.string }
        rootFolders = roots.compactMap { $0.flatMap(URL.init(string:)) }.filter(\.isFileURL).map(\.path)
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .int(2), "save": .object(["includeText": .bool(false)]),
                ]),
                "hoverProvider": .bool(true),
                "completionProvider": .object([
                    "triggerCharacters": .array(["[", "(", "#", ":", " "].map(JSONValue.string)), "resolveProvider": .bool(false),
                ]),
                "definitionProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "workspaceSymbolProvider": .bool(true),
                "referencesProvider": .bool(true),
                "codeActionProvider": .bool(true),
                "renameProvider": .object(["prepareProvider": .bool(true)]),
                "workspace": .object([
                    "fileOperations": .object([
                        "willRename": .object([
                            "filters": .array([
                                .object(["scheme": .string("file"), "pattern": .object(["glob": .string("**/*.md"), "matches": .string("file")])]),
                                .object(["scheme": .string("file"), "pattern": .object(["glob": .string("**"), "matches": .string("folder")])]),
                            ])
                        ])
                    ])
                ]),
            ]),
            "serverInfo": .object(["name": .string("enote"), "version": .string("0.1.0")]),
        ])
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

    enum LogLevel: Int {
        case error = 1, warning = 2, info = 3
    }

    /// One line in the client's log (`window/logMessage`).
    func log(_ level: LogLevel, _ message: LocalizedMessage) {
        log(level, text: message.text)
    }

    /// One line already in the user's language (the library's own messages).
    func log(_ level: LogLevel, text: String) {
        writer.notify("window/logMessage", Reply(JSONValue.object(["type": .int(level.rawValue), "message": .string(text)])))
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
