/// The JSON Schema of a tool's arguments, written with its members, and an object's properties,
/// in the order they are declared: `tools/list` answers the same text in every process.
struct Schema: Encodable, Sendable {
    var type: String
    var description: String?
    var enumeration: [String]?
    var maxLength: Int?
    var minimum: Int?
    var maximum: Int?
    /// An array's item schema (none or one; an array, since a struct cannot hold itself).
    var items: [Schema] = []
    /// An object's properties, in order.
    var properties: [(name: String, schema: Schema)]?
    /// An object's schema for its other members (none or one), else `additionalProperties: false`
    /// when it has properties.
    var additional: [Schema] = []
    var required: [String] = []

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(type, forKey: "type")
        try container.encodeIfPresent(description, forKey: "description")
        try container.encodeIfPresent(enumeration, forKey: "enum")
        try container.encodeIfPresent(maxLength, forKey: "maxLength")
        try container.encodeIfPresent(minimum, forKey: "minimum")
        try container.encodeIfPresent(maximum, forKey: "maximum")
        if let item = items.first { try container.encode(item, forKey: "items") }
        if let properties {
            var members = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "properties")
            for property in properties { try members.encode(property.schema, forKey: AnswerKey(property.name)) }
        }
        if let other = additional.first {
            try container.encode(other, forKey: "additionalProperties")
        } else if properties != nil {
            try container.encode(false, forKey: "additionalProperties")
        }
        if !required.isEmpty { try container.encode(required, forKey: "required") }
    }

    /// The schema of a tool's arguments: an object of these properties, in this order, and no others.
    static func arguments(_ properties: [(String, Schema)], required: [String] = []) -> Schema {
        Schema(type: "object", properties: properties.map { (name: $0.0, schema: $0.1) }, required: required)
    }

    static func string(_ description: String, maxLength: Int? = nil) -> Schema {
        Schema(type: "string", description: description, maxLength: maxLength)
    }

    static func text(_ description: String) -> Schema {
        string(description, maxLength: ToolArguments.maximumTextBytes)
    }

    static func integer(_ description: String, minimum: Int, maximum: Int) -> Schema {
        Schema(type: "integer", description: description, minimum: minimum, maximum: maximum)
    }

    static func boolean(_ description: String) -> Schema {
        Schema(type: "boolean", description: description)
    }

    static func strings(_ description: String) -> Schema {
        Schema(type: "array", description: description, items: [Schema(type: "string")])
    }

    /// An object of string values, under any names.
    static func stringMap(_ description: String) -> Schema {
        Schema(type: "object", description: description, additional: [Schema(type: "string")])
    }

    static func choice(_ description: String, _ values: [String]) -> Schema {
        Schema(type: "string", description: description, enumeration: values)
    }

    static let note = string("The note: its path in the vault (work/plan.md) or its title. Writes take its exact path or exact title only.")
    static let revision = string("The note's revision as read returned it; the write is refused if the note changed since.")
    static let cursor = string("The next_cursor of the previous page, to read on.")
}
