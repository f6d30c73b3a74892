import Foundation

/// `enote <server>` (`lsp`, `mcp`) running as a separate process with its standard input, output
/// and error on pipes, as an editor or an agent starts it. The protocol clients of the test
/// targets (`LspClient`, `MCPClient`) frame messages on top of it.
///
/// Threading contract (`@unchecked Sendable`): `process` and the pipes are set once in `init`;
/// the reading thread holds only the handler it was given, never the `ServerPipes`, so a client a
/// test drops is deinitialised on the test's thread and its server ended there.
public final class ServerPipes: @unchecked Sendable {
    public let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `enote arguments…` in `directory`. `onOutput` runs on a thread of its own for each
    /// chunk the server writes, with a buffer that thread keeps between chunks; it returns
    /// `false` to stop reading. `onEnd` runs once when reading stops (the output closed).
    public init(
        _ arguments: [String], in directory: URL, environment: [String: String],
        onOutput: @escaping @Sendable (_ chunk: Data, _ buffer: inout Data) -> Bool,
        onEnd: @escaping @Sendable () -> Void
    ) throws {
        process.executableURL = EnoteProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                guard !chunk.isEmpty, onOutput(chunk, &buffer) else { break }
            }
            onEnd()
        }
    }

    /// Ends a server the test left running and waits for it, so that Foundation releases its
    /// pipes. The end of its input ends both servers; SIGTERM would not do: a process started
    /// from a test's thread inherits that thread's mask, which blocks SIGTERM.
    deinit {
        guard process.processIdentifier != 0, !EnoteProcess.wasCollected(process) else { return }
        closeInput()
        if EnoteProcess.exitStatus(of: process, within: 10) == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = EnoteProcess.exitStatus(of: process, within: 10)
        }
    }

    /// Writes bytes to the server's standard input as they are.
    public func write(_ data: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// Closes the server's standard input (which ends either server).
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Everything the server wrote to standard error, once it has ended.
    public func readErrors() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
