/// The systemd user unit that keeps a vault's watcher running: the template
/// `enote-watch@.service` (installed by `make install` and the Debian package), one instance per
/// vault, whose instance name is the vault's path escaped as `systemd-escape --path` escapes it.
///
/// ```swift
/// WatchService.unitName(forVaultAt: "/home/ann/My Notes")   // "enote-watch@home-ann-My\x20Notes.service"
/// ```
package enum WatchService {
    /// The template unit's name.
    package static let template = "enote-watch@.service"

    /// The unit that runs the watcher of the vault at `root` (an absolute path).
    package static func unitName(forVaultAt root: String) -> String {
        "enote-watch@" + escapedPath(root) + ".service"
    }

    /// `path` as systemd's `unit_name_path_escape` writes it: the path simplified (repeated and
    /// trailing slashes dropped), `/` alone as `-`; otherwise the leading slash dropped, each
    /// other `/` as `-`, ASCII letters, digits, `:`, `_` and `.` kept (but a leading `.`), and
    /// every other byte as `\xNN`.
    static func escapedPath(_ path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty else { return "-" }
        let bytes = Array(components.joined(separator: "/").utf8)
        var escaped = ""
        for (offset, byte) in bytes.enumerated() {
            let kept =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
                || (byte == UInt8(ascii: ".") && offset > 0)
            if byte == UInt8(ascii: "/") {
                escaped += "-"
            } else if kept {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                escaped += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return escaped
    }
}
