import EnoteTestSupport
import Foundation
import Testing

/// Runs `enote lsp` as a process and talks to it over real pipes, framing messages as an editor
/// does (`Content-Length`, JSON-RPC 2.0).
final class LspClient: @unchecked Sendable {
    private let pipes: ServerPipes
    /// What the server sent; the reading thread holds it, never the client.
    private let inbox = Inbox()
    private var nextID = 1
    private var consumed = 0

    /// The server's process.
    var process: Process { pipes.process }

    /// Starts `enote lsp` in `directory`.
    init(in directory: URL, environment: [String: String]) throws {
        pipes = try ServerPipes(
            ["lsp"], in: directory, environment: environment,
            onOutput: { [inbox] chunk, buffer in inbox.take(chunk, into: &buffer) },
            onEnd: { [inbox] in inbox.markOutputClosed() })
    }

    // MARK: - Sending

    /// Writes bytes to the server's stdin as they are.
    func sendRaw(_ data: Data) {
        try? pipes.write(data)
    }

    /// Writes a framed message.
    func send(_ message: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: message)
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: [String: Any] = [:]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: Any = [String: Any](), timeout: Double = 30) -> [String: Any]? {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return waitFor(timeout: timeout) { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// `initialize` with a root in `folder`, then `initialized`.
    @discardableResult
    func initialize(rootURI: String? = nil, positionEncodings: [String]? = nil) -> [String: Any]? {
        var capabilities: [String: Any] = [:]
        if let positionEncodings { capabilities["general"] = ["positionEncodings": positionEncodings] }
        let response = request("initialize", ["processId": NSNull(), "rootUri": rootURI.map { $0 as Any } ?? NSNull(), "capabilities": capabilities])
        notify("initialized")
        return response
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": version, "text": text]])
    }

    /// Closes the server's stdin.
    func closeInput() {
        pipes.closeInput()
    }

    /// Waits for the process to end; nil when it is still running after `timeout` (then killed).
    func waitForExit(timeout: Double = 30) -> Int32? {
        guard let status = EnoteProcess.exitStatus(of: process, within: timeout) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return status
    }

    /// What the server wrote on stderr (read after it exited).
    var standardError: String {
        pipes.readErrors()
    }

    // MARK: - Receiving

    /// The first message not yet consumed that matches, waiting up to `timeout` seconds; the
    /// messages before it stay available to ``messages``.
    func waitFor(timeout: Double = 30, _ matches: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        var scanned = consumed
        while true {
            while scanned < inbox.received.count {
                if matches(inbox.received[scanned]) { return inbox.received[scanned] }
                scanned += 1
            }
            if inbox.outputClosed || !inbox.condition.wait(until: deadline) { return nil }
        }
    }

    /// The next `textDocument/publishDiagnostics` for `uri` after the ones already taken.
    func diagnostics(for uri: String, timeout: Double = 30) -> [[String: Any]]? {
        inbox.condition.lock()
        let start = consumed
        inbox.condition.unlock()
        let deadline = Date().addingTimeInterval(timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        var scanned = start
        while true {
            while scanned < inbox.received.count {
                let message = inbox.received[scanned]
                scanned += 1
                if message["method"] as? String == "textDocument/publishDiagnostics",
                    let params = message["params"] as? [String: Any], params["uri"] as? String == uri
                {
                    consumed = scanned
                    return params["diagnostics"] as? [[String: Any]]
                }
            }
            if inbox.outputClosed || !inbox.condition.wait(until: deadline) { return nil }
        }
    }

    /// Every message received so far.
    var messages: [[String: Any]] {
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        return inbox.received
    }

    /// The `window/logMessage` lines received so far.
    var logLines: [String] {
        messages.compactMap { message in
            guard message["method"] as? String == "window/logMessage" else { return nil }
            return (message["params"] as? [String: Any])?["message"] as? String
        }
    }
}

/// The messages an ``LspClient``'s server sent, filled by the client's reading thread.
private final class Inbox: @unchecked Sendable {
    let condition = NSCondition()
    /// Every message the server sent, in order, as JSON objects.
    var received: [[String: Any]] = []
    var outputClosed = false

    /// Adds `chunk` to `buffer` and takes every whole message out of it; false when the server
    /// wrote something that is not a message (recorded as an issue).
    func take(_ chunk: Data, into buffer: inout Data) -> Bool {
        buffer.append(chunk)
        while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else {
                Issue.record("the server wrote a header without Content-Length: \(header)")
                return false
            }
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { break }
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer = Data(buffer[(headerEnd.upperBound + length)...])
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                Issue.record("the server wrote a body that is not a JSON object: \(String(decoding: body, as: UTF8.self))")
                continue
            }
            condition.lock()
            received.append(object)
            condition.broadcast()
            condition.unlock()
        }
        return true
    }

    /// Wakes every waiter: nothing more will come.
    func markOutputClosed() {
        condition.lock()
        outputClosed = true
        condition.broadcast()
        condition.unlock()
    }
}
