import NoteVault

/// The methods a JSON-RPC server answers, by name: one table per server, filled once, so that a
/// message finds its handler by one lookup rather than a `switch` over method names, and each
/// method is named in exactly one place (where its handler is).
///
/// `Handler` is the server's own shape of a handler (what it is given, what it answers), so a
/// table holds requests or notifications, with whatever each server keeps beside a handler
/// (MCP: how long a client may cache the answer).
package struct MethodTable<Handler> {
    private var handlers: [String: Handler] = [:]

    package init() {}

    /// Adds `method` with its handler; a name is added once.
    package mutating func add(_ method: String, _ handler: Handler) {
        precondition(handlers.updateValue(handler, forKey: method) == nil, "\(method) is in the table twice")
    }

    /// Adds each of `methods` with the same handler.
    package mutating func add(_ methods: [String], _ handler: Handler) {
        for method in methods { add(method, handler) }
    }

    /// The handler of `method`, or `nil` when the server does not answer it.
    package subscript(method: String) -> Handler? {
        handlers[method]
    }

    /// Every method in the table, in byte order.
    package var methods: [String] {
        handlers.keys.sorted()
    }
}

extension MethodTable: Sendable where Handler: Sendable {}

extension ResponseError {
    /// The protocol's error for params that are not what `method` takes.
    package static func invalidParams(of method: String) -> ResponseError {
        ResponseError(.invalidParams, Localization.text("the parameters of \(method) are not what the protocol says"))
    }
}
