import EnoteRPC
import Foundation
import NoteVault

/// One tool of the server: its name, what it tells the agent (title, description, the JSON
/// Schema of its arguments, hints on what it changes) and what it does.
///
/// ``ToolTable/all`` lists them; a new tool is one more entry there.
struct Tool: Sendable {
    let name: String
    let title: String
    let description: String
    /// The JSON Schema of the arguments (an object schema).
    let inputSchema: JSONValue
    /// Whether it changes nothing (`readOnlyHint`).
    let readOnly: Bool
    /// Whether it may remove or overwrite what is there (`destructiveHint`).
    let destructive: Bool
    /// Whether calling it twice with the same arguments does no more than once (`idempotentHint`).
    let idempotent: Bool
    /// What it does.
    let run: @Sendable (ToolCall) throws(ResponseError) -> ToolResult

    /// The tool as `tools/list` shows it.
    var listing: JSONValue {
        .object([
            "name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": inputSchema,
            "annotations": .object([
                "title": .string(title), "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(destructive),
                "idempotentHint": .bool(idempotent), "openWorldHint": .bool(false),
            ]),
        ])
    }
}

/// One call of a tool: its arguments, the vault, and who is calling.
struct ToolCall {
    let arguments: ToolArguments
    let vault: AgentVault
    /// The client's name and version, as it gave them (for the journal).
    let client: String

    var clock: VaultClock { vault.vault.clock }
}

/// JSON Schema pieces for the tools' arguments.
enum Schema {
    static func object(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members: [String: JSONValue] = [
            "type": .string("object"), "properties": .object(Dictionary(uniqueKeysWithValues: properties)), "additionalProperties": .bool(false),
        ]
        if !required.isEmpty { members["required"] = .array(required.map(JSONValue.string)) }
        return .object(members)
    }

    static func string(_ description: String, maxLength: Int? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["type": .string("string"), "description": .string(description)]
        if let maxLength { members["maxLength"] = .int(maxLength) }
        return .object(members)
    }

    static func text(_ description: String) -> JSONValue {
        string(description, maxLength: ToolArguments.maximumTextBytes)
    }

    static func integer(_ description: String, minimum: Int, maximum: Int) -> JSONValue {
        .object(["type": .string("integer"), "description": .string(description), "minimum": .int(minimum), "maximum": .int(maximum)])
    }

    static func boolean(_ description: String) -> JSONValue {
        .object(["type": .string("boolean"), "description": .string(description)])
    }

    static func strings(_ description: String) -> JSONValue {
        .object(["type": .string("array"), "items": .object(["type": .string("string")]), "description": .string(description)])
    }

    static func choice(_ description: String, _ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string)), "description": .string(description)])
    }

    static let note = string("The note: its path in the vault (work/plan.md) or its title. Writes take its exact path or exact title only.")
    static let revision = string("The note's revision as read returned it; the write is refused if the note changed since.")
    static let cursor = string("The next_cursor of the previous page, to read on.")
}
