import EnoteWeb
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOEmbedded
import NoteVault
import Synchronization
import Testing

/// `enote serve` on a ``TemporaryVault``, answering in this process: the server's own
/// application (``WebServer/buildApplication(connectionCapacity:onServerRunning:)``: the router, the security
/// middleware, every route and handler, `HEAD` answered as the server does) asked through its
/// responder, as Hummingbird's router test framework does, with no port and no process.
///
/// What only a running process shows stays with ``ServeProcess``: the start and its URL line,
/// the live watcher and event streams, connection limits and timeouts. Here no watcher runs, so
/// each read walks what changed (``VaultSession/fresh(progress:)``).
final class ServeInProcess: Sendable {
    let server: WebServer
    private let responder: HeadRequests<RouterResponder<WebContext>>
    /// The port in the server's address (its `Host` and cookie name); nothing listens on it.
    let port: Int

    /// The threads every server of this test process runs its routes' work on (a pool's
    /// threads live as long as the process).
    private static let work = BlockingPool.forServer()

    /// A port for each server of this test process, so that each names its cookie its own way.
    private static let nextPort = Mutex(20_000 + Int(getpid() % 20_000))

    /// Builds the server for `enote serve --vault ROOT --port PORT arguments…`, with the vault's
    /// environment (its password variable) and the time zone `enote serve` would have there.
    init(_ vault: TemporaryVault, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        port = Self.nextPort.withLock { port in
            port += 1
            return port
        }
        let environment = vault.environment.merging(extra) { $1 }
        let options = try WebOptions(arguments: ["--vault", vault.root.path, "--port", String(port)] + arguments, environment: environment)
        let zone = TimeZone(identifier: environment["TZ"] ?? "UTC") ?? .gmt
        let opened = try Vault(root: options.vault, clock: VaultClock(timeZone: zone) { Date() })
        server = try WebServer(vault: opened, options: options, work: Self.work)
        responder = server.buildApplication(connectionCapacity: 64).responder
    }

    /// The URL with the secret, as the process prints it.
    var signInURL: String { server.signInURL }

    /// The secret in the URL.
    var token: String { signInURL.components(separatedBy: "token=").last ?? "" }

    /// A client that is not signed in.
    func client() -> InProcessClient { InProcessClient(server: self) }

    /// A client signed in through the URL (its cookie and CSRF token kept), as
    /// ``ServeProcess/signedInClient(sourceLocation:)`` signs one in.
    func signedInClient(sourceLocation: SourceLocation = #_sourceLocation) async throws -> InProcessClient {
        var client = client()
        let answer = try await client.send("GET", "/?token=\(token)")
        try #require(answer.status == 303, "signing in answered \(answer.status)", sourceLocation: sourceLocation)
        let cookie = try #require(answer.header("Set-Cookie"), sourceLocation: sourceLocation)
        client.cookie = String(cookie.prefix { $0 != ";" })
        let page = try await client.send("GET", "/")
        client.csrfToken = page.body.components(separatedBy: "<meta name=\"csrf-token\" content=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        return client
    }

    /// Nothing runs between requests; kept so a test reads as one against ``ServeProcess``.
    func stop() {}

    /// Answers one request as the running server would: an error no route turned into a page
    /// is a 500, as Hummingbird's server makes it.
    func respond(to request: Request) async -> Response {
        let context = WebContext(source: .init(channel: NIOAsyncTestingChannel(), logger: WebServer.quietLogger))
        do {
            return try await responder.respond(to: request, context: context)
        } catch {
            return Response(status: .internalServerError)
        }
    }
}

/// A client of a ``ServeInProcess`` with the calls and answers of ``HTTPClient``: every header
/// as the test sets it (`Host`, `Origin`, cookies), the answer as the server made it.
struct InProcessClient {
    let server: ServeInProcess
    /// `name=value` sent as `Cookie`.
    var cookie: String?
    /// The session's CSRF token, read from a page.
    var csrfToken: String?

    /// Sends a request and reads the whole answer.
    /// - Parameters:
    ///   - host: The `Host` header; by default `127.0.0.1:PORT`.
    ///   - headers: More headers (`Origin`, `Content-Type`).
    func send(
        _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: String = ""
    ) async throws
        -> HTTPClient.Answer
    {
        try await send(method, path, host: host, headers: headers, bodyBytes: Array(body.utf8))
    }

    /// Sends a request with a body of bytes.
    func send(
        _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], bodyBytes: [UInt8]
    ) async throws
        -> HTTPClient.Answer
    {
        var fields = HTTPFields()
        if let cookie { fields[.cookie] = cookie }
        for (name, value) in headers {
            guard let field = HTTPField.Name(name) else { throw POSIXError(.EINVAL) }
            fields[field] = value
        }
        if method != "GET" { fields[.contentLength] = String(bodyBytes.count) }
        let head = HTTPRequest(
            method: HTTPRequest.Method(method) ?? .get, scheme: "http", authority: host ?? "127.0.0.1:\(server.port)", path: path,
            headerFields: fields)
        let response = await server.respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: bodyBytes))))
        let collector = BodyCollector()
        try await response.body.write(collector)
        let bytes = collector.bytes.withLock { $0 }
        var headerList = response.headers.map { (name: $0.name.rawName, value: $0.value) }
        if let length = response.body.contentLength, response.headers[.contentLength] == nil {
            headerList.append((name: "Content-Length", value: String(length)))
        }
        var answer = HTTPClient.Answer(status: response.status.code, headers: headerList, body: String(decoding: bytes, as: UTF8.self))
        answer.bytes = bytes
        return answer
    }

    /// A form POST with the session's CSRF token added (unless `csrf` is `false`).
    func post(_ path: String, form: [(String, String)], csrf: Bool = true, headers: [String: String] = [:]) async throws -> HTTPClient.Answer {
        var fields = form
        if csrf, let csrfToken { fields.append(("csrf", csrfToken)) }
        let body = fields.map { HTTPClient.encode($0.0) + "=" + HTTPClient.encode($0.1) }.joined(separator: "&")
        return try await send("POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"].merging(headers) { $1 }, body: body)
    }
}

/// Collects a response's body.
private final class BodyCollector: ResponseBodyWriter, Sendable {
    let bytes = Mutex<[UInt8]>([])

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLock { $0 += buffer.readableBytesView }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
