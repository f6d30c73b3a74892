import EnoteRPC
import Foundation
import NoteVault

/// The agent server behind `enote mcp`: the Model Context Protocol over stdio, one JSON-RPC
/// message per line, for one vault.
///
/// It speaks the stateless revision 2026-07-28 (each request names its revision in `_meta`;
/// `server/discover`, `subscriptions/listen`) and the revisions before it, which open with
/// `initialize` (``ProtocolVersion``). Tools (``ToolTable``), notes as resources
/// (``NoteResources``) and their change notifications (``ChangeNotifier``) are the same in
/// both. A malformed message gets the JSON-RPC error it deserves and the server reads on; it
/// stops when its input closes.
public final class MCPServer {
    /// What the person chose when starting it.
    public struct Options: Sendable {
        /// The vault's root.
        public var root: String
        /// Agents may change nothing.
        public var readOnly = false
        /// Commit each write on its own (in a vault kept in git).
        public var commitEachWrite = false
        /// The environment (for the person's own config).
        public var environment: [String: String] = [:]

        public init(root: String) {
            self.root = root
        }
    }

    private let options: Options
    private let reader: LineReader
    private let writer: MessageWriter
    private var vault: AgentVault!
    private var notifier: ChangeNotifier!
    /// The legacy session: the revision `initialize` agreed on and the client it named.
    private var legacyVersion: String?
    private var legacyClient = "unknown client"

    public init(input: Int32, output: Int32, options: Options) {
        self.options = options
        self.reader = LineReader(descriptor: input)
        // Written by the library's encoder: members in each type's order, notes as `enote list
        // --json` writes them (the vault's clock is the system's).
        self.writer = MessageWriter(descriptor: output, framing: .newline) { NoteJSONContext(clock: .system).userInfo }
    }

    /// Serves until the input closes; returns the exit status (1 when the vault cannot be opened).
    public func run() -> Int32 {
        do throws(VaultError) {
            let limits = try AgentLimits.load(for: Vault(root: options.root), readOnly: options.readOnly, environment: options.environment)
            vault = try AgentVault(root: options.root, limits: limits, commitEachWrite: options.commitEachWrite)
        } catch {
            FileHandle.standardError.write(Data("enote mcp: \(error.message.text)\n".utf8))
            return 1
        }
        notifier = ChangeNotifier(writer: writer, root: vault.vault.root)
        let notifier = self.notifier!
        vault.watchChanges { paths in notifier.publish(paths) }
        defer { vault.stop() }
        while true {
            switch reader.next() {
            case .end:
                return 0
            case .framingError(let reason):
                writer.respond(id: .null, error: ResponseError(.parseError, Localization.text(reason)))
            case .message(let body):
                handle(body)
            }
        }
    }

    private func handle(_ body: Data) {
        let message: IncomingMessage
        switch IncomingMessage.parse(body) {
        case .success(let parsed): message = parsed
        case .failure(let error):
            writer.respond(id: .null, error: error)
            return
        }
        if let problem = message.shapeProblem {
            writer.respond(id: .null, error: problem)
            return
        }
        guard let method = message.method else { return }  // a response: the server sends no requests
        guard let id = message.id else {
            notification(method, message.params)
            return
        }
        do throws(ResponseError) {
            if let result = try request(method, message.params, id: id) {
                writer.respond(id: id, result: result)
            }
        } catch {
            writer.respond(id: id, error: error)
        }
    }

    private func notification(_ method: String, _ params: MessageParams) {
        // Unknown notifications are ignored, as JSON-RPC asks.
        Self.notifications[method]?(self, params)
    }

    /// Every notification the server follows, each with its handler.
    private static let notifications: MethodTable<@Sendable (MCPServer, MessageParams) -> Void> = {
        var table = MethodTable<@Sendable (MCPServer, MessageParams) -> Void>()
        table.add("notifications/initialized") { server, _ in
            if server.legacyVersion != nil { server.notifier.legacyInitialized() }
        }
        table.add("notifications/cancelled") { server, params in
            // Requests are answered in order, at once; only a subscription stream is still open.
            if let id = params.decodedIfValid(as: MCPParams.Cancelled.self)?.requestId { server.notifier.cancel(id) }
        }
        return table
    }()

    /// Who sent a request, in which revision.
    private enum Era {
        case modern(client: String)
        case legacy(version: String)
    }

    /// One request as a handler sees it.
    private struct Request: Sendable {
        var method: String
        var params: MessageParams
        var id: JSONValue
        var era: Era
    }

    /// A request's entry in ``requests``: its handler (`nil` for a request answered later, a
    /// subscription stream) and what a modern client is told about keeping the answer.
    private struct Method: Sendable {
        /// How long a modern client may keep the answer (`ttlMs`), if the method says.
        enum Keeping {
            /// Not said.
            case unsaid
            /// An hour: what the server offers changes only with a new server.
            case hour
            /// Not at all: notes change at any moment, and notifications say when.
            case never
        }

        /// Where the method stands in the legacy session's life (a modern request names its
        /// revision and needs none).
        enum Lifecycle {
            /// Only once `initialize` agreed on a revision.
            case afterInitialize
            /// At any time (`ping`).
            case anytime
            /// `initialize` itself.
            case initialize
        }

        var keeping: Keeping = .unsaid
        var lifecycle: Lifecycle = .afterInitialize
        var handle: @Sendable (MCPServer, Request) throws(ResponseError) -> Reply?
    }

    /// Every request the server answers, each with its handler: the one place a method's name is.
    private static let requests: MethodTable<Method> = {
        var table = MethodTable<Method>()
        table.add("initialize", Method(lifecycle: .initialize) { server, request throws(ResponseError) in
            guard server.legacyVersion == nil else { throw ResponseError(.invalidRequest, Localization.text("the server is already initialized")) }
            let params = try request.params.decoded(as: MCPParams.Initialize.self, for: request.method)
            let version = ProtocolVersion.negotiate(params.protocolVersion)
            server.legacyVersion = version
            server.legacyClient = MCPServer.clientName(params.clientInfo)
            return Reply(ProtocolAnswers.Initialize(protocolVersion: version))
        })
        table.add("ping", Method(lifecycle: .anytime) { _, _ in Reply(ProtocolAnswers.Empty()) })
        table.add("logging/setLevel", Method { _, _ in Reply(ProtocolAnswers.Empty()) })
        table.add("server/discover", Method(keeping: .hour) { _, _ in Reply(ProtocolAnswers.Discover()) })
        table.add("tools/list", Method(keeping: .hour) { server, _ in
            Reply(ProtocolAnswers.ToolList(tools: ToolTable.offered(readOnly: server.options.readOnly).map(\.listing)))
        })
        table.add("tools/call", Method { server, request throws(ResponseError) in
            Reply(try server.callTool(request.params.decoded(as: MCPParams.CallTool.self, for: request.method), era: request.era))
        })
        table.add("resources/list", Method(keeping: .never) { server, request throws(ResponseError) in
            try NoteResources.list(request.params.decoded(as: MCPParams.Page.self, for: request.method), vault: server.vault)
        })
        table.add("resources/read", Method(keeping: .never) { server, request throws(ResponseError) in
            let notFound = if case .legacy = request.era { -32002 } else { ErrorCode.invalidParams.rawValue }
            return try NoteResources.read(request.params.decoded(as: MCPParams.Resource.self, for: request.method), vault: server.vault, notFound: notFound)
        })
        table.add("resources/templates/list", Method(keeping: .hour) { _, _ in NoteResources.templates })
        table.add("resources/subscribe", Method { server, request throws(ResponseError) in
            let uri = try server.subscribedURI(request)
            guard server.notifier.subscribe(uri) else { throw MCPServer.tooManySubscriptions }
            return Reply(ProtocolAnswers.Empty())
        })
        table.add("resources/unsubscribe", Method { server, request throws(ResponseError) in
            server.notifier.unsubscribe(try server.subscribedURI(request))
            return Reply(ProtocolAnswers.Empty())
        })
        table.add("subscriptions/listen", Method { server, request throws(ResponseError) in
            guard case .modern = request.era else { throw server.methodNotFound(request.method) }
            try server.listen(request.params.decoded(as: MCPParams.Listen.self, for: request.method), id: request.id)
            return nil
        })
        return table
    }()

    /// Answers a request through ``requests``; `nil` for one answered later (a subscription stream).
    private func request(_ method: String, _ params: MessageParams, id: JSONValue) throws(ResponseError) -> Reply? {
        guard let meta = params.decodedIfValid(as: MCPParams.Meta.self) else {
            throw ResponseError(.invalidParams, Localization.text("the parameters must be a JSON object"))
        }
        let entry = Self.requests[method]
        let era = try era(of: meta, lifecycle: entry?.lifecycle ?? .afterInitialize)
        guard let entry else { throw methodNotFound(method) }
        guard let result = try entry.handle(self, Request(method: method, params: params, id: id, era: era)) else { return nil }
        return wrap(result, keeping: entry.keeping, era: era)
    }

    /// The resource a legacy `resources/subscribe` or `unsubscribe` names (the modern revision
    /// has `subscriptions/listen` instead).
    private func subscribedURI(_ request: Request) throws(ResponseError) -> String {
        guard case .legacy = request.era else { throw methodNotFound(request.method) }
        guard let uri = try request.params.decoded(as: MCPParams.Resource.self, for: request.method).uri, uri.utf8.count <= 8192 else {
            throw ResponseError(.invalidParams, Localization.text("the parameter uri is missing"))
        }
        return uri
    }

    private func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(.methodNotFound, Localization.text("enote mcp does not answer \(String(method.prefix(200)))"))
    }

    /// The revision a request speaks: the one its `_meta` names (which must be one the server
    /// speaks, with the client's capabilities beside it), else the one `initialize` agreed on.
    private func era(of meta: MCPParams.Meta, lifecycle: Method.Lifecycle) throws(ResponseError) -> Era {
        if let version = meta.protocolVersion {
            guard let text = version.string, ProtocolVersion.modern.contains(text) else {
                throw ResponseError(
                    .unsupportedProtocolVersion, Localization.text("unsupported protocol version"),
                    data: UnsupportedVersion(supported: ProtocolVersion.supported, requested: version))
            }
            guard case .object? = meta.capabilities else {
                throw ResponseError(.invalidParams, Localization.text("the request's _meta names a protocol version but not the client's capabilities"))
            }
            return .modern(client: Self.clientName(meta.clientInfo))
        }
        if lifecycle == .initialize { return .legacy(version: "") }
        guard let legacyVersion else {
            if lifecycle == .anytime { return .legacy(version: "") }
            throw ResponseError(
                .invalidRequest, Localization.text("the server is not initialized: send initialize first, or name the protocol version in each request's _meta"))
        }
        return .legacy(version: legacyVersion)
    }

    /// A client's `clientInfo` as the journal names it: `name version`.
    private static func clientName(_ info: MCPParams.ClientInfo?) -> String {
        info?.journalName ?? "unknown client"
    }

    /// A modern result carries its type, the server's name and, for the methods that say it,
    /// how long the client may keep it (``ProtocolAnswers/Modern``).
    private func wrap(_ result: Reply, keeping: Method.Keeping, era: Era) -> Reply {
        guard case .modern = era else { return result }
        switch keeping {
        case .hour: return Reply(ProtocolAnswers.Modern(result: result, keepFor: 3_600_000))
        case .never: return Reply(ProtocolAnswers.Modern(result: result, keepFor: 0))
        case .unsaid: return Reply(ProtocolAnswers.Modern(result: result))
        }
    }

    private func callTool(_ params: MCPParams.CallTool, era: Era) throws(ResponseError) -> ToolResult.Answer {
        guard let name = params.name else { throw ResponseError(.invalidParams, Localization.text("the parameter name is missing")) }
        guard let tool = ToolTable.tool(named: name) else {
            throw ResponseError(.invalidParams, Localization.text("enote mcp has no tool \(String(name.prefix(200)))"))
        }
        if options.readOnly, !tool.readOnly { return ToolResult.failure(.readOnly).answer(AnswerText(clock: vault.vault.clock)) }
        let client: String
        switch era {
        case .modern(let named): client = named
        case .legacy: client = legacyClient
        }
        let call = ToolCall(arguments: try ToolArguments(params.arguments), vault: vault, client: client)
        return try tool.run(call).answer(call.text)
    }

    /// Opens a subscription stream: acknowledges what it will send, then sends it until the
    /// client cancels the request (or the input closes).
    /// The answer to a subscription past the client's limit.
    static var tooManySubscriptions: ResponseError {
        ResponseError(
            .invalidParams,
            Localization.text(
                "a client may watch at most \(ChangeNotifier.maximumSubscriptions) resources in at most \(ChangeNotifier.maximumStreams) streams; unsubscribe from some (or cancel a stream) first"
            ))
    }

    private func listen(_ params: MCPParams.Listen, id: JSONValue) throws(ResponseError) {
        let uris = params.resourceSubscriptions
        let listChanged = params.resourcesListChanged
        // Listening before the acknowledgement: a change made as soon as the client reads it is reported.
        guard notifier.listen(id, ChangeNotifier.Stream(listChanged: listChanged, uris: Set(uris))) else { throw Self.tooManySubscriptions }
        writer.notify(
            "notifications/subscriptions/acknowledged",
            Reply(ProtocolAnswers.Acknowledged(meta: ProtocolAnswers.StreamMeta(id: id), listChanged: listChanged, uris: uris)))
    }

    static let instructions = """
        enote serves a vault of Markdown notes. Find notes with search, list and recent; read one with read, which \
        returns its revision. Change notes with replace (exact old text → new text, with that revision), append, \
        prepend, set_front_matter, create, move and delete: a write is refused, and nothing changes, when the note \
        changed since the revision given, the old text is not there exactly once, a note already exists, the note is \
        open in the person's editor, or the person did not allow writing there. Name notes by their exact path or \
        title when writing. Every write answers with a number; undo takes it to revert that write.
        """
}
