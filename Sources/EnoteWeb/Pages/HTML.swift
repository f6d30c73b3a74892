import Markdown

/// A fragment of HTML whose interpolated text is escaped unless it is itself `HTML`.
///
/// Pages are built from string literals: `"<h1>\(title)</h1>" as HTML` escapes `title`, so a
/// note's text can never become markup by mistake; `HTML(trusted:)` marks the few strings that
/// are markup already (libcmark's safe output, a snippet built by the library).
package struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    package private(set) var markup: String

    /// Markup produced by trusted code, inserted as it is.
    package init(trusted markup: String) { self.markup = markup }

    package init(stringLiteral value: String) { markup = value }

    package init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    package var description: String { markup }

    /// Nothing.
    package static let empty = HTML(trusted: "")

    /// The fragments one after the other.
    package static func join(_ parts: some Sequence<HTML>, separator: String = "") -> HTML {
        HTML(trusted: parts.map(\.markup).joined(separator: separator))
    }

    package struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity * 2)
        }

        package mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text: escaped.
        package mutating func appendInterpolation(_ text: String) { markup += HTMLEscaping.escape(text) }

        /// A number.
        package mutating func appendInterpolation(_ number: Int) { markup += String(number) }

        /// Markup: as it is.
        package mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        /// Several fragments.
        package mutating func appendInterpolation(_ parts: [HTML]) { markup += parts.map(\.markup).joined() }
    }
}
