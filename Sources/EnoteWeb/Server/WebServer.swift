import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NoteVault

/// The web server behind `enote serve`: the security middleware, the routes, the live feed and
/// the vault, put together and run until SIGINT or SIGTERM.
package final class WebServer: Sendable {
    package let web: WebVault
    let options: WebOptions
    let gate: AccessGate
    let address: ServerAddress
    let throttle = SignInThrottle()
    let requestGuard: RequestGuard
    let assets = AssetStore()
    let feed = ChangeFeed()
    /// The threads every route's work runs on (never the cooperative threads: see
    /// ``BlockingPool``).
    let work: BlockingPool

    /// How long a connection may stay silent, or take to send a request's head, before it is
    /// closed. An event stream that is being answered is not silent.
    static let idleTimeout: TimeAmount = .seconds(30)

    /// - Parameter work: The threads routes run their work on; by default a pool of the
    ///   server's own (``BlockingPool/forServer()``). Servers built in one test process share one.
    package init(vault: Vault, options: WebOptions, work: BlockingPool = .forServer()) throws(VaultError) {
        self.web = try WebVault(vault: vault, readOnly: options.readOnly)
        self.work = work
        self.options = options
        self.gate = AccessGate(password: options.password)
        self.address = ServerAddress(host: options.host, port: options.port, names: options.allowedHosts)
        self.requestGuard = RequestGuard(gate: gate, address: address, readOnly: options.readOnly, throttle: throttle, vault: vault.root)
    }

    /// Serves until stopped: keeps the index live (``LiveVault``), sends the heartbeat, and runs
    /// ``buildApplication(connectionCapacity:onServerRunning:)`` on its address.
    package func run() async throws {
        let live = LiveVault(web: web, feed: feed, timings: options.watcherTimings)
        live.start()
        defer { live.stop() }
        let heartbeat = Task { [feed] in
            // An empty event: each page's stream writes a comment, which notices a page gone.
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(20))
                feed.publish(ChangeFeed.Event(paths: []))
            }
        }
        defer { heartbeat.cancel() }
        let capacity = DescriptorLimit.connectionCapacity(limit: DescriptorLimit.raise())
        let app = buildApplication(connectionCapacity: capacity) { [address] port in
            address.port = port ?? address.port
            FileHandle.standardOutput.write(Data("enote serve: \(self.signInURL)\n".utf8))
        }
        try await app.runService()
    }

    /// The server as a Hummingbird application, built and not started: the router with the
    /// security middleware and every route, wrapped to answer `HEAD`, and the HTTP server's
    /// configuration (connection cap, idle timeout). Nothing is bound until it runs, so tests
    /// can answer requests through its ``Application/responder`` in process.
    /// - Parameters:
    ///   - capacity: The most connections it accepts at once (``ConnectionRegistry``); `run()`
    ///     gives what the process's descriptor limit allows (``DescriptorLimit``).
    ///   - onServerRunning: Called with the port once the server listens.
    package func buildApplication(
        connectionCapacity capacity: Int, onServerRunning: @escaping @Sendable (_ port: Int?) -> Void = { _ in }
    ) -> Application<HeadRequests<RouterResponder<WebContext>>> {
        let connections = ConnectionRegistry(capacity: capacity)
        return Application(
            responder: HeadRequests(buildRouter().buildResponder()),
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionTracker(registry: connections)], idleTimeout: Self.idleTimeout)),
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(capacity)),
            onServerRunning: { channel in onServerRunning(channel.localAddress?.port) },
            logger: Self.quietLogger)
    }

    /// The router: the middleware every request passes (timing, security headers, the guard),
    /// then the reading routes, and the editing ones unless the server is read-only.
    func buildRouter() -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.middlewares.add(ServerTiming())
        router.middlewares.add(SecurityHeaders())
        router.middlewares.add(requestGuard)
        addReadingRoutes(to: router)
        if !options.readOnly { addEditingRoutes(to: router) }
        return router
    }

    /// The URL with the secret that signs a browser in, as printed at start.
    package var signInURL: String { "\(address.baseURL)/?token=\(gate.secret)" }

    /// Runs a route's work on the server's own threads (``BlockingPool``), turning a library
    /// error into a page that says what happened.
    func answer(_ context: WebContext, _ body: @escaping @Sendable () throws(VaultError) -> Response) async -> Response {
        await work.run {
            do throws(VaultError) {
                return try body()
            } catch {
                return Refusal.page(Self.status(of: error), error.message, context.language)
            }
        }
    }

    /// The page frame for a request.
    func frame(_ request: Request, _ context: WebContext) -> PageFrame {
        PageFrame(language: context.language, csrfToken: context.session?.csrfToken, readOnly: options.readOnly, path: request.uri.path)
    }

    /// Hummingbird's own log lines only for errors (stdout carries the URL line).
    package static var quietLogger: Logger {
        var logger = Logger(label: "enote-web")
        logger.logLevel = .error
        return logger
    }
}
