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
    let inputSchema: Schema
    /// Whether it changes nothing (`readOnlyHint`).
    let readOnly: Bool
    /// Whether it may remove or overwrite what is there (`destructiveHint`).
    let destructive: Bool
    /// Whether calling it twice with the same arguments does no more than once (`idempotentHint`).
    let idempotent: Bool
    /// What it does.
    let run: @Sendable (ToolCall) throws(ResponseError) -> ToolResult

    /// The tool as `tools/list` shows it: `name`, `title`, `description`, `inputSchema` and
    /// `annotations` (its title and hints), in this order.
    var listing: Listing { Listing(tool: self) }

    /// A tool as `tools/list` shows it.
    struct Listing: Encodable, Sendable {
        let tool: Tool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encode(tool.name, forKey: "name")
            try container.encode(tool.title, forKey: "title")
            try container.encode(tool.description, forKey: "description")
            try container.encode(tool.inputSchema, forKey: "inputSchema")
            var annotations = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "annotations")
            try annotations.encode(tool.title, forKey: "title")
            try annotations.encode(tool.readOnly, forKey: "readOnlyHint")
            try annotations.encode(tool.destructive, forKey: "destructiveHint")
            try annotations.encode(tool.idempotent, forKey: "idempotentHint")
            try annotations.encode(false, forKey: "openWorldHint")
        }
    }
}

/// One call of a tool: its arguments, the vault, and who is calling.
struct ToolCall {
    let arguments: ToolArguments
    let vault: AgentVault
    /// The client's name and version, as it gave them (for the journal).
    let client: String
    /// How the answer is written (the vault clock's time zone, and now).
    let text: AnswerText

    init(arguments: ToolArguments, vault: AgentVault, client: String) {
        self.arguments = arguments
        self.vault = vault
        self.client = client
        self.text = AnswerText(clock: vault.vault.clock)
    }

    var clock: VaultClock { vault.vault.clock }
}
