/// The YAML block between `---` fences at the top of a note, as read from the file's bytes.
///
/// Every entry remembers exactly which bytes it came from, so that ``FrontMatterEditor`` can
/// change one `key: value` line and leave every other byte — BOM, line endings, key order,
/// comments, unknown keys and nested maps — as it was.
///
/// For example, in
///
/// ```
/// ---
/// title: Grocery list
/// tags: [home, weekly]
/// ---
/// ```
///
/// `entries[0]` is `title` with the value `.string("Grocery list")` on line 2.
public struct FrontMatter: Sendable, Equatable {
    /// Byte offset where the opening `---` line starts (3 when the file has a BOM).
    public var start: Int
    /// Byte offset where the closing `---` line starts; new keys are inserted here.
    public var closingFenceStart: Int
    /// Byte offset just after the closing fence line: where the body begins.
    public var end: Int
    /// The line ending used by the block (`"\n"` or `"\r\n"`), used for inserted lines.
    public var lineEnding: LineEnding
    /// The top-level keys in file order, duplicates included.
    public var entries: [Entry]

    /// The line ending of a file, taken from its first line.
    public enum LineEnding: String, Sendable, Equatable {
        case lf = "\n"
        case crlf = "\r\n"
    }

    /// One top-level `key: value` of the block, with the lines it spans.
    public struct Entry: Sendable, Equatable {
        /// The key as written (`colour`, not normalised to `color`).
        public var key: String
        /// The decoded value.
        public var value: Value
        /// 1-based line of the key in the file.
        public var line: Int
        /// The bytes of the entry: its key line and any continuation lines, line endings included.
        public var range: Range<Int>
        /// The bytes of a value written on the key line, without a trailing comment or spaces;
        /// `nil` when the value spans lines or is empty. Replacing exactly these bytes is the
        /// smallest possible edit.
        public var valueRange: Range<Int>?
    }

    /// A decoded front matter value.
    public enum Value: Sendable, Hashable {
        /// No value (`key:` alone).
        case null
        /// A scalar, plain or quoted, after YAML unquoting. Never typed: `yes`, `1.10` and
        /// `2024-01-01` stay the strings the user typed.
        case string(String)
        /// A flow (`[a, b]`) or block (`- a`) sequence of scalars.
        case list([String])
        /// Anything enote does not interpret (a nested map, a flow map): the text verbatim.
        case raw(String)

        /// The value as a single string, when it is one.
        public var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }

        /// The value as a list of strings: a list as is, a scalar as one element.
        public var strings: [String] {
            switch self {
            case .null: []
            case .string(let text): [text]
            case .list(let items): items
            case .raw(let text): [text]
            }
        }
    }

    /// The entries whose key is `key` or one of its `aliases` (exact, case-sensitive match).
    public func entries(named key: String, aliases: [String] = []) -> [Entry] {
        entries.filter { $0.key == key || aliases.contains($0.key) }
    }

    /// The first value for `key` or its aliases.
    public func value(for key: String, aliases: [String] = []) -> Value? {
        entries.first { $0.key == key || aliases.contains($0.key) }?.value
    }
}

/// The keys enote understands, with the other spellings it reads.
public enum FrontMatterKey: String, CaseIterable, Sendable {
    case title
    case color
    case destroy
    case updated
    case created
    case order
    case tags

    /// Other names read as this key (`colour` for `color`, `expires` for `destroy`).
    public var aliases: [String] {
        switch self {
        case .color: ["colour"]
        case .destroy: ["expires"]
        default: []
        }
    }

    /// Every spelling of this key.
    public var spellings: [String] { [rawValue] + aliases }

    /// The key a spelling names (`colour` → `color`), or `nil` for a key enote does not know.
    public init?(spelling: String) {
        switch spelling {
        case "title": self = .title
        case "color", "colour": self = .color
        case "destroy", "expires": self = .destroy
        case "updated": self = .updated
        case "created": self = .created
        case "order": self = .order
        case "tags": self = .tags
        default: return nil
        }
    }

    /// The canonical name for a key as written: `colour` → `color`; unknown keys stay as they are.
    public static func canonicalName(_ spelling: String) -> String {
        FrontMatterKey(spelling: spelling)?.rawValue ?? spelling
    }
}
