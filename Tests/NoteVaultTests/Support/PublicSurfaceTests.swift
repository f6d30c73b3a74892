import Foundation
import Testing

/// The library's public surface holds no raw file descriptors and no unsafe pointers: those are
/// plumbing, `package` at most (ARCHITECTURE.md, "Public surface").
@Suite("Public surface")
struct PublicSurfaceTests {
    /// The package's sources, found from this file.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources").standardized

    /// A declaration that starts with `public` or `open`, after any attributes.
    static let publicStart = try! NSRegularExpression(pattern: #"^(@[\w.]+(\([^)]*\))?\s+)*(public|open)\b"#)
    /// What may not appear anywhere in a public declaration's signature.
    static let forbidden = try! NSRegularExpression(pattern: #"Unsafe\w*Pointer|OpaquePointer|\b\w*[dD]escriptor\b|\bfd\b"#)
    /// A parameter typed as a bare `Int32`: how a descriptor is passed to a system call.
    static let int32Parameter = try! NSRegularExpression(pattern: #":\s*Int32\s*[?!]?\s*(,|\)|=)"#)

    /// The signature of the declaration that starts at `lines[start]`: its text up to the `{`
    /// that opens its body (outside parentheses), joining lines while parentheses are open.
    /// Also returns the text inside parentheses (the parameter lists).
    static func signature(_ lines: [Substring], from start: Int) -> (text: String, parameters: String) {
        var text = ""
        var parameters = ""
        var depth = 0
        for line in lines[start...] {
            for character in line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" {
                if character == "{" && depth == 0 { return (text, parameters) }
                if character == "(" { depth += 1 }
                if depth > 0 { parameters.append(character) }
                if character == ")" { depth -= 1 }
                text.append(character)
            }
            text.append(" ")
            if depth <= 0 { break }
        }
        return (text, parameters)
    }

    /// The public declarations in `source` that expose a descriptor or a pointer.
    static func violations(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        for (number, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard publicStart.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
            let (signature, parameters) = signature(lines, from: number)
            let whole = NSRange(signature.startIndex..., in: signature)
            let inParameters = NSRange(parameters.startIndex..., in: parameters)
            if forbidden.firstMatch(in: signature, range: whole) != nil || int32Parameter.firstMatch(in: parameters, range: inParameters) != nil {
                found.append("\(number + 1): \(text)")
            }
        }
        return found
    }

    @Test(
        "the check finds descriptors and pointers in public declarations, and only there",
        arguments: [
            ("public func fsync(_ descriptor: Int32, path: String) throws(SystemError) {", true),
            ("public func open(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) -> Int32 {", true),
            ("public init(\n    fileSystem: any FileSystem,\n    root: Int32\n) {", true),
            ("public let rootDescriptor: Int32", true),
            ("@discardableResult public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {", true),
            ("public var tree: OpaquePointer?", true),
            ("public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {", true),
            ("package func fsync(_ descriptor: Int32, path: String) {", false),
            ("public var exitCode: Int32 {", false),
            ("public func stopOnSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) {", false),
            ("public var message: LocalizedMessage { descriptor.message }", false),
            ("// public func fsync(_ descriptor: Int32)", false),
        ])
    func checkFinds(_ source: String, _ flagged: Bool) {
        #expect(Self.violations(in: source).isEmpty != flagged)
    }

    @Test("no public declaration of NoteVault or Markdown passes a file descriptor or an unsafe pointer")
    func noDescriptorsOrPointers() throws {
        var found: [String] = []
        var files = 0
        for module in ["NoteVault", "Markdown"] {
            let root = Self.sources.appendingPathComponent(module)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            for case let file as URL in walker where file.pathExtension == "swift" {
                files += 1
                let relative = String(file.standardized.path.dropFirst(Self.sources.path.count + 1))
                found += Self.violations(in: try String(contentsOf: file, encoding: .utf8)).map { "\(relative):\($0)" }
            }
        }
        #expect(files > 100)
        #expect(found == [])
    }
}
