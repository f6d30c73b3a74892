/// A sentence for a user, kept as its English format and its arguments, and translated only
/// when it is shown.
///
/// Write it as an interpolated string literal wherever a `LocalizedMessage` is expected; each
/// interpolation becomes a `%@` in the format, which is the key of the translation tables
/// (`Resources/*.lproj/Localizable.strings`). `\(count: n)` marks the number that chooses the
/// plural form. Because a message is translated when shown, one stored in the index (a note's
/// diagnostics) speaks the language of whoever reads it.
///
/// For example:
///
/// ```swift
/// let message: LocalizedMessage = "\(count: 5) notes match"
/// message.format                      // "%@ notes match"
/// Localization.language = .russian
/// message.text                        // "5 заметок подходят"
/// ```
public struct LocalizedMessage: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The English text with `%@` for each argument (and `%%` for a percent sign): the key of
    /// the translation tables.
    public let format: String
    /// The values that fill the `%@` places, in order.
    public let arguments: [Argument]
    /// The number that chooses the plural form, when the text depends on one.
    public let count: Int?
    /// What the user can do about it, worded by the front end (see ``Remedy``).
    public let remedy: Remedy?

    /// One value of a message: plain text, or another message translated with it.
    public indirect enum Argument: Sendable, Hashable, Codable {
        case text(String)
        case message(LocalizedMessage)
    }

    public init(format: String, arguments: [Argument] = [], count: Int? = nil, remedy: Remedy? = nil) {
        self.format = format
        self.arguments = arguments
        self.count = count
        self.remedy = remedy
    }

    /// `facts` with `remedy` attached: `LocalizedMessage("no sync is stopped", remedy: .startSync)`.
    public init(_ facts: LocalizedMessage, remedy: Remedy) {
        self.init(format: facts.format, arguments: facts.arguments, count: facts.count, remedy: remedy)
    }

    /// This message with `remedy` attached: the facts stay as they are, and a front end adds its
    /// words for what to do.
    public func suggesting(_ remedy: Remedy) -> LocalizedMessage {
        LocalizedMessage(format: format, arguments: arguments, count: count, remedy: remedy)
    }

    /// This message without its remedy: the facts alone.
    public var facts: LocalizedMessage {
        remedy == nil ? self : LocalizedMessage(format: format, arguments: arguments, count: count)
    }

    public init(stringLiteral value: String) {
        self.init(format: Self.escapingPercent(value))
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(format: stringInterpolation.format, arguments: stringInterpolation.arguments, count: stringInterpolation.count)
    }

    /// `text` with every `%` doubled, as a format's literal text. (Without Foundation's
    /// `replacingOccurrences`, which costs a search a measurable part of its time.)
    static func escapingPercent(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            escaped.unicodeScalars.append(scalar)
            if scalar == "%" { escaped.unicodeScalars.append("%") }
        }
        return escaped
    }

    /// The message in the current language (``Localization/language``).
    public var text: String { Localization.translate(self) }

    /// The message in English, whatever the current language: for logs and tests.
    public var english: String { Localization.translate(self, into: .english) }

    public var description: String { text }

    /// Builds the format and the arguments of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var format = ""
        var arguments: [Argument] = []
        var count: Int?

        public init(literalCapacity: Int, interpolationCount: Int) {
            format.reserveCapacity(literalCapacity + 2 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            format += LocalizedMessage.escapingPercent(literal)
        }

        /// Any value, shown as `String(describing:)`.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            format += "%@"
            arguments.append(.text(String(describing: value)))
        }

        /// A value that describes itself; no dynamic cast at run time, unlike
        /// `String(describing:)` (it matters in a process that lives a few milliseconds).
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            format += "%@"
            arguments.append(.text(value.description))
        }

        /// Text, as it is.
        public mutating func appendInterpolation(_ value: String) {
            format += "%@"
            arguments.append(.text(value))
        }

        /// Another message, translated together with this one.
        public mutating func appendInterpolation(_ message: LocalizedMessage) {
            format += "%@"
            arguments.append(.message(message))
        }

        /// The number that chooses the plural form (`\(count: 3) notes`).
        public mutating func appendInterpolation(count value: Int) {
            format += "%@"
            arguments.append(.text(String(value)))
            count = value
        }
    }
}
