/// What a link points at, parsed from its destination: a path, a heading or block in that note,
/// and (for a wikilink) the text shown instead.
///
/// For example `[[Plans/Trip#Day 2|the trip]]` has path `Plans/Trip`, heading `Day 2` and alias
/// `the trip`; `[x](Trip%20notes.md#^b1)` has path `Trip notes.md` and block `b1`.
public struct LinkTarget: Sendable, Hashable {
    /// The note or file part, percent-decoded for a Markdown link; empty for a link to a
    /// heading or block of the same note (`#Intro`).
    public var path: String
    /// The `#heading` part, without `#`.
    public var heading: String?
    /// The `#^block` part, without `#^`.
    public var block: String?
    /// The wikilink's `|alias` display text.
    public var alias: String?
    /// The URL scheme (`https`, `mailto`) when the destination is not a file of the vault.
    public var scheme: String?

    /// Whether the destination is a URL rather than a file of the vault.
    public var isExternal: Bool { scheme != nil }

    public init(path: String, heading: String? = nil, block: String? = nil, alias: String? = nil, scheme: String? = nil) {
        self.path = path
        self.heading = heading
        self.block = block
        self.alias = alias
        self.scheme = scheme
    }

    /// Parses a CommonMark destination as libcmark decoded it (escapes and entities resolved,
    /// percent-encoding kept).
    public init(markdownURL url: String) {
        if let scheme = Self.scheme(of: url) {
            self.init(path: url, scheme: scheme)
            return
        }
        var pathPart = Substring(url)
        var fragment: Substring?
        if let hash = url.firstIndex(of: "#") {
            pathPart = url[..<hash]
            fragment = url[url.index(after: hash)...]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        self.init(path: PercentCoding.decode(pathPart))
        if let fragment {
            let decoded = PercentCoding.decode(fragment)
            if decoded.hasPrefix("^") { block = String(decoded.dropFirst()) } else { heading = decoded }
        }
    }

    /// Parses the text between `[[` and `]]`: `path#heading|alias` or `path#^block|alias`.
    /// `\|` (a pipe escaped inside a table) separates the alias too.
    public init(wikilink inner: String) {
        var text = Substring(inner)
        var alias: String?
        if let bar = text.firstIndex(of: "|") {
            var pathEnd = bar
            if pathEnd > text.startIndex, text[text.index(before: pathEnd)] == "\\" { pathEnd = text.index(before: pathEnd) }
            alias = String(text[text.index(after: bar)...])
            text = text[..<pathEnd]
        }
        var heading: String?
        var block: String?
        if let hash = text.firstIndex(of: "#") {
            let fragment = text[text.index(after: hash)...]
            if fragment.hasPrefix("^") { block = String(fragment.dropFirst()) } else { heading = String(fragment) }
            text = text[..<hash]
        }
        self.init(path: String(text).trimmingSpaces(), heading: heading, block: block, alias: alias)
    }

    /// The scheme of an absolute URL (`https:`, `mailto:`, `file:`), or of `//host` links;
    /// `nil` for paths. One letter before `:` is a Windows drive, not a scheme.
    static func scheme(of url: String) -> String? {
        let bytes = url.utf8
        if bytes.starts(with: "//".utf8) { return "//" }
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: ":") { break }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isOther =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isLetter || (length > 0 && isOther) else { return nil }
            length += 1
        }
        guard length >= 2, length < bytes.count else { return nil }
        return String(url.prefix(length)).lowercased()
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
