import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the process's standard output and error are connected to, and what they can show.
///
/// Colour is used only when stdout is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`;
/// true colour when `COLORTERM` says so, otherwise the 256-colour palette.
public struct Terminal: Sendable {
    /// Whether stdout is a terminal.
    public var isInteractive: Bool
    /// Whether stderr is a terminal.
    public var isErrorInteractive: Bool
    /// Whether escape sequences for colour and bold may be written to stdout.
    public var usesColor: Bool
    /// Whether the terminal understands 24-bit colour.
    public var trueColor: Bool
    /// The width of stdout in columns.
    public var columns: Int
    /// The height of the terminal in rows (for deciding to page).
    public var rows: Int

    public init(isInteractive: Bool, isErrorInteractive: Bool, usesColor: Bool, trueColor: Bool, columns: Int, rows: Int = 24) {
        self.isInteractive = isInteractive
        self.isErrorInteractive = isErrorInteractive
        self.usesColor = usesColor
        self.trueColor = trueColor
        self.columns = columns
        self.rows = rows
    }

    /// The terminal of this process.
    public static func current(environment: [String: String]) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = environment["TERM"] == "dumb"
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return Terminal(
            isInteractive: interactive,
            isErrorInteractive: isatty(STDERR_FILENO) == 1,
            usesColor: interactive && !noColor && !dumb,
            trueColor: colorTerm == "truecolor" || colorTerm == "24bit",
            columns: width(environment: environment, interactive: interactive),
            rows: height(environment: environment, interactive: interactive))
    }

    private static func height(environment: [String: String], interactive: Bool) -> Int {
        if let text = environment["LINES"], let rows = Int(text), rows > 0 { return rows }
        if interactive {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        }
        return 24
    }

    private static func width(environment: [String: String], interactive: Bool) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        if interactive {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return 100
    }
}

/// Writes to stdout and stderr without Foundation's buffering surprises.
///
/// Text for stdout goes through one of two doors. ``out(_:terminator:)`` is for any text: on a
/// terminal its control characters are shown as visible escapes (``SafeText``), so a note can
/// never send the terminal a sequence (OSC 52 writes the clipboard, OSC 8 makes links, others
/// retitle the window); on a pipe or a file the bytes are written as they are. ``err(_:)``
/// does the same for stderr.
/// ``outStyled(_:terminator:)`` is only for text enote laid out itself with colour and bold,
/// every piece of which that came from a note was escaped when it was laid out.
public enum Console {
    /// Whether stdout is a terminal (decided once: it does not change while enote runs).
    private static let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether stderr is a terminal.
    private static let stderrIsTerminal = isatty(STDERR_FILENO) == 1

    /// Writes `text` and a terminator (a newline unless given) to stdout; on a terminal, with
    /// every control character but newline and tab escaped.
    public static func out(_ text: String, terminator: String = "\n") {
        let text = text + terminator
        write(stdoutIsTerminal ? SafeText.escaped(text, keepingNewlines: true) : text, to: STDOUT_FILENO)
    }

    /// Writes text that enote formatted itself (colour and bold escape codes, untrusted parts
    /// already escaped) and a terminator to stdout, as it is.
    public static func outStyled(_ text: String, terminator: String = "\n") {
        write(text + terminator, to: STDOUT_FILENO)
    }

    /// Writes raw bytes to stdout.
    public static func outBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in writeAll(raw, to: STDOUT_FILENO) }
    }

    /// Writes `text` and a newline to stderr; on a terminal, with every control character but
    /// newline and tab escaped (an error can repeat what was typed or what a note holds).
    public static func err(_ text: String) {
        let text = text + "\n"
        write(stderrIsTerminal ? SafeText.escaped(text, keepingNewlines: true) : text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in writeAll(UnsafeRawBufferPointer(buffer), to: descriptor) }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return  // EPIPE and the like: the reader went away
            }
            offset += written
        }
    }
}
