/// A note's path relative to the vault root, kept as bytes.
///
/// Paths are bytes because file names are: two names that differ only in Unicode normalisation
/// (`café.md` in NFC and NFD) are two notes, and a name that is not valid UTF-8 is still a note.
/// Shown to a user, invalid bytes are escaped as `\xFF`.
///
/// For example:
///
/// ```swift
/// let path = try NotePath(validating: "work/plan.md", purpose: .create)
/// path.description   // "work/plan.md"
/// path.fileName      // "plan.md"
/// ```
public struct NotePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, components separated by `/`, never starting with `/`.
    public let bytes: [UInt8]

    /// A path read from the file system (trusted: it came from a walk beneath the root).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A path read from the file system, given as a string.
    public init(trusted string: String) {
        self.bytes = Array(string.utf8)
    }

    /// What a user-given path will be used for; creating is stricter than looking up.
    public enum Purpose: Sendable {
        /// Finding an existing note or folder: only the rules that keep enote inside the vault.
        case lookup
        /// Creating a file or folder: also the rules that keep the vault portable (no names
        /// that Windows or macOS cannot hold).
        case create
    }

    /// Validates a path typed by a user.
    /// - Throws: ``PathError`` stating the rule that was broken.
    public init(validating text: String, purpose: Purpose) throws(PathError) {
        try self.init(validatingBytes: Array(text.utf8), purpose: purpose)
    }

    /// Validates a path given as bytes.
    public init(validatingBytes bytes: [UInt8], purpose: Purpose) throws(PathError) {
        let display = NotePath.display(bytes)
        guard !bytes.isEmpty else { throw PathError(path: display, rule: .empty) }
        guard bytes.first != UInt8(ascii: "/") else { throw PathError(path: display, rule: .absolute) }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw PathError(path: display, rule: .controlCharacter) }
        guard bytes.count <= 1024 else { throw PathError(path: display, rule: .pathTooLong) }
        for component in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard !component.isEmpty else { throw PathError(path: display, rule: .emptyComponent) }
            if component.elementsEqual("..".utf8) || component.elementsEqual(".".utf8) {
                throw PathError(path: display, rule: .parentReference)
            }
            if component.first == UInt8(ascii: ".") { throw PathError(path: display, rule: .hidden) }
            guard component.count <= 255 else { throw PathError(path: display, rule: .tooLong) }
            if purpose == .create { try Self.checkPortable(component, display: display) }
        }
        self.bytes = bytes
    }

    private static func checkPortable(_ component: ArraySlice<UInt8>, display: String) throws(PathError) {
        if component.contains(where: { "<>:\"\\|?*".utf8.contains($0) }) {
            throw PathError(path: display, rule: .notPortable)
        }
        if let last = component.last, last == UInt8(ascii: ".") || last == UInt8(ascii: " ") {
            throw PathError(path: display, rule: .trailingDotOrSpace)
        }
        let stem = String(decoding: component.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self).uppercased()
        if windowsReservedNames.contains(stem) { throw PathError(path: display, rule: .reservedName) }
        if NotePath.invalidUTF8(component) { throw PathError(path: display, rule: .notUTF8) }
    }

    /// Names Windows reserves for devices, with or without an extension.
    static let windowsReservedNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL"]
        for digit in 1...9 {
            names.insert("COM\(digit)")
            names.insert("LPT\(digit)")
        }
        return names
    }()

    /// The path as shown to a user: UTF-8, with invalid bytes escaped as `\xFF`.
    public var description: String { NotePath.display(bytes) }

    /// The path as a string when its bytes are valid UTF-8.
    public var string: String? { NotePath.invalidUTF8(bytes[...]) ? nil : String(decoding: bytes, as: UTF8.self) }

    /// The last component, for display.
    public var fileName: String {
        NotePath.display(Array(bytes.split(separator: UInt8(ascii: "/")).last ?? []))
    }

    /// Whether the file's name, without its `.md`, is `title` already: an answer that names the
    /// path need not name the title too.
    package func nameSays(_ title: String) -> Bool {
        let name = fileName
        return (name.hasSuffix(".md") ? String(name.dropLast(3)) : name) == title
    }

    /// The folder holding this path, or `nil` at the root.
    public var parent: NotePath? {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return NotePath(bytes: Array(bytes[..<slash]))
    }

    /// The last component's bytes.
    public var fileNameBytes: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// This path with `name` appended as a new component.
    public func appending(_ name: [UInt8]) -> NotePath {
        NotePath(bytes: bytes.isEmpty ? name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// Whether the path's bytes are valid UTF-8.
    public var isValidUTF8: Bool { !NotePath.invalidUTF8(bytes[...]) }

    /// Whether the file name ends in `.md` (any case).
    public var isMarkdown: Bool { NotePath.isMarkdownName(fileNameBytes[...]) }

    /// Calls `body` with the path as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    public static func == (lhs: NotePath, rhs: NotePath) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// Hashes the bytes in one call (an array's own hashing combines byte by byte, which is
    /// slow for the hundred thousand paths of a large vault).
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func < (lhs: NotePath, rhs: NotePath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// Whether the name (or path) `name` ends in `.md`, in any case, after at least one byte.
    package static func isMarkdownName<Name: BidirectionalCollection<UInt8>>(_ name: Name) -> Bool {
        guard name.count > 3 else { return false }
        var index = name.index(name.endIndex, offsetBy: -3)
        guard name[index] == UInt8(ascii: ".") else { return false }
        index = name.index(after: index)
        guard name[index] | 0x20 == UInt8(ascii: "m") else { return false }
        return name[name.index(after: index)] | 0x20 == UInt8(ascii: "d")
    }

    /// Whether the name (or path) `name` ends in `.pdf`, in any case, after at least one byte:
    /// a PDF, whose text the reading pass reads (``AttachmentKind``).
    package static func isPDFName<Name: BidirectionalCollection<UInt8>>(_ name: Name) -> Bool {
        guard name.count > 4 else { return false }
        let tail = name[name.index(name.endIndex, offsetBy: -4)...]
        return tail.elementsEqual(".pdf".utf8) { byte, wanted in (wanted == UInt8(ascii: ".") ? byte : byte | 0x20) == wanted }
    }

    static func invalidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        NoteContent.invalidUTF8Offset(Array(bytes)) != nil
    }

    /// The bytes of the path that ``display(_:)`` shows as `text`: `\xFF` escapes become the
    /// bytes they stand for when that reading is exact (it is not valid UTF-8 and shows as `text`
    /// again); otherwise `text`'s own UTF-8, so a name that really contains `\x41` stays as it is.
    static func bytes(displayedAs text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "\\")) else { return utf8 }
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count, utf8[index + 1] == UInt8(ascii: "x"),
                let byte = UInt8(String(decoding: utf8[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return invalidUTF8(bytes[...]) && display(bytes) == text ? bytes : utf8
    }

    static func display(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }
}

/// A path a user gave that enote refuses, with the rule it breaks.
public struct PathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rules a path must follow.
    public enum Rule: Sendable, Equatable {
        case empty, absolute, controlCharacter, tooLong, pathTooLong, emptyComponent, parentReference, hidden
        case notPortable, trailingDotOrSpace, reservedName, notUTF8, escapesVault, symbolicLink
    }

    public var path: String
    public var rule: Rule

    public var description: String { message.text }

    /// What is wrong, as a sentence that states the rule.
    public var message: LocalizedMessage {
        let quoted = "\"\(path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())\""
        switch rule {
        case .empty: return "a path cannot be empty"
        case .absolute: return "\(quoted) is absolute; paths are relative to the vault, and nothing outside it is read or written"
        case .controlCharacter: return "\(quoted) contains a control character; names may not contain control characters or NUL"
        case .tooLong: return "\(quoted) is too long; a name may have at most 255 bytes"
        case .pathTooLong:
            return
                "\(quoted) is \(path.utf8.count) bytes long; a path may have at most 1024 bytes, folders included: move the note to a shallower folder or shorten the folders' names"
        case .emptyComponent: return "\(quoted) has an empty folder name (//); remove the extra slash"
        case .parentReference: return "\(quoted) uses . or ..; paths must stay inside the vault"
        case .hidden:
            return "\(quoted) names a hidden file or folder (starting with .), which enote does not use for notes (.git, .enote and .trash are reserved)"
        case .notPortable: return "\(quoted) contains one of < > : \" \\ | ? *, which Windows cannot store; choose another name"
        case .trailingDotOrSpace: return "\(quoted) ends a name with a dot or a space, which Windows cannot store; choose another name"
        case .reservedName: return "\(quoted) uses a name Windows reserves for devices (CON, PRN, AUX, NUL, COM1–9, LPT1–9); choose another name"
        case .notUTF8: return "\(quoted) is not valid UTF-8; names enote creates must be UTF-8"
        case .escapesVault: return "\(quoted) escapes the vault (through a symbolic link or ..); nothing outside the vault is read or written"
        case .symbolicLink: return "\(quoted) is a symbolic link; enote never follows links, so that nothing outside the vault is read or written"
        }
    }
}
