import EnoteTestSupport
import Foundation
import Synchronization
import Testing

/// Runs `enote mcp` as a process and talks to it over real pipes, one JSON-RPC message per line,
/// as an agent's client does. Each request names the stateless revision in its `_meta`, so no
/// handshake is needed.
final class MCPClient: @unchecked Sendable {
    private let pipes: ServerPipes
    private let inbox = Inbox()
    private var nextID = 1

    /// The server's process.
    var process: Process { pipes.process }

    /// The `_meta` of every request.
    static let meta =
        #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"EnoteMCPTests","version":"1"}}"#

    /// Starts `enote mcp` in `directory` (the vault).
    init(in directory: URL, environment: [String: String]) throws {
        pipes = try ServerPipes(
            ["mcp"], in: directory, environment: environment,
            onOutput: { [inbox] chunk, buffer in
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    inbox.put(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer = Data(buffer[(newline + 1)...])
                }
                return true
            },
            onEnd: { [inbox] in inbox.close() })
    }

    /// Sends a request whose params are the JSON text `params` (an object, without `_meta`)
    /// and returns the text of the response line, as the server wrote it.
    func request(_ method: String, _ params: String = "{}") throws -> String {
        let id = nextID
        nextID += 1
        var members = params.trimmingCharacters(in: .whitespaces)
        members.removeFirst()
        let separator = members.trimmingCharacters(in: .whitespaces) == "}" ? "" : ","
        let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"_meta":\#(Self.meta)\#(separator)\#(members)}"# + "\n"
        try pipes.write(Data(line.utf8))
        while let answer = inbox.take(within: 30) {
            if let message = OrderedJSON(parsing: answer), message["method"] == nil, message["id"] == .number(Double(id)) { return answer }
        }
        throw ClientError(message: "no answer to \(method) within 30 s")
    }

    /// A tool's answer: its one text content item read as JSON (members in order), the whole
    /// `result` as the server wrote it, and the line's bytes; the call fails the test when the
    /// tool answers an error.
    func callTool(_ name: String, _ arguments: String = "{}") throws -> (value: OrderedJSON, result: OrderedJSON, line: String) {
        let line = try request("tools/call", #"{"name":"\#(name)","arguments":\#(arguments)}"#)
        let answer = try #require(OrderedJSON(parsing: line), "not JSON: \(line.prefix(300))")
        let result = try #require(answer["result"], "\(name): \(line.prefix(500))")
        #expect(result["isError"] == .bool(false), "\(name): \(line.prefix(500))")
        let text = try #require(result["content"]?.items?.first?["text"]?.string)
        return (try #require(OrderedJSON(parsing: text)), result, line)
    }

    struct ClientError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The lines the server wrote, waiting to be read.
    private final class Inbox: Sendable {
        private let state = Mutex<(lines: [String], closed: Bool)>(([], false))

        func put(_ line: String) { state.withLock { $0.lines.append(line) } }
        func close() { state.withLock { $0.closed = true } }

        /// The next line, or `nil` when none comes within `seconds` (or the output closed).
        func take(within seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let next: String?? = state.withLock {
                    if !$0.lines.isEmpty { return $0.lines.removeFirst() }
                    return $0.closed ? .some(nil) : nil
                }
                if let next { return next }
                usleep(2_000)
            }
            return nil
        }
    }
}
