import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NoteVault

/// The web server behind `enote serve`: the security middleware, the routes, the live feed and
/// the vault, put together and run until SIGINT or SIGTERM.
package final class WebServer: Sendable {
    let web: WebVault
    let options: WebOptions
    let gate: AccessGate
    let address: ServerAddress
    let throttle = SignInThrottle()
    let requestGuard: RequestGuard
    let assets = AssetStore()
    let feed = ChangeFeed()
    /// The threads every route's work runs on (never the cooperative threads: see
    /// ``BlockingPool``).
    let work = BlockingPool.forServer()

    /// How long a connection may stay silent, or take to send a request's head, before it is
    /// closed. An event stream that is being answered is not silent.
    static let idleTimeout: TimeAmount = .seconds(30)

    package init(vault: Vault, options: WebOptions) throws(VaultError) {
        self.web = try WebVault(vault: vault, readOnly: options.readOnly)
        self.options = options
        self.gate = AccessGate(password: options.password)
        self.address = ServerAddress(host: options.host, port: options.port, names: options.allowedHosts)
        self.requestGuard = RequestGuard(gate: gate, address: address, readOnly: options.readOnly, throttle: throttle, vault: vault.root)
    }

    /// Serves until stopped.
    package func run() async throws {
        let router = Router(context: WebContext.self)
        router.middlewares.add(ServerTiming())
        router.middlewares.add(SecurityHeaders())
        router.middlewares.add(requestGuard)
        addReadingRoutes(to: router)
        if !options.readOnly { addEditingRoutes(to: router) }
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
        let connections = ConnectionRegistry(capacity: capacity)
        let app = Application(
            responder: HeadRequests(router.buildResponder()),
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionTracker(registry: connections)], idleTimeout: Self.idleTimeout)),
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(capacity)),
            onServerRunning: { [address, gate] channel in
                address.port = channel.localAddress?.port ?? address.port
                let line = "enote serve: \(address.baseURL)/?token=\(gate.secret)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            },
            logger: Self.quietLogger)
        try await app.runService()
    }

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
    static var quietLogger: Logger {
        var logger = Logger(label: "enote-web")
        logger.logLevel = .error
        return logger
    }
}
