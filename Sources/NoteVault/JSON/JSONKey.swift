/// A JSON member name written as a string literal (`"rewritten_notes"`), so that a type's
/// `encode(to:)` lists its members, in order, where they are written; also a name known only
/// at run time (a front matter key).
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringLiteral value: String) { stringValue = value }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
