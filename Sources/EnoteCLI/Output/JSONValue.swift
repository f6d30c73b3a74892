/// A JSON value with a printer that keeps keys in the order they were added and escapes every
/// control character, so output is stable for scripts and safe to show.
public enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
    }

    /// A string, or `null` for `nil`.
    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The JSON text; indented with two spaces when `pretty`.
    public func rendered(pretty: Bool = true) -> String {
        var writer = JSONTextWriter(pretty: pretty)
        write(to: &writer)
        return writer.output
    }

    private func write(to writer: inout JSONTextWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .number(let value): writer.number(value)
        case .bool(let value): writer.bool(value)
        case .null: writer.null()
        case .array(let items):
            writer.beginArray()
            for item in items {
                writer.nextItem()
                item.write(to: &writer)
            }
            writer.end(object: false)
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.end(object: true)
        }
    }
}
