import Foundation
import Testing

/// `tools/list` answers the same text in every process (the specification asks for a stable
/// list; clients cache it and compare): tools in their table's order, each schema's members
/// and properties in the order declared.
@Suite struct ToolListTests {
    @Test func twoServersListTheSameBytes() throws {
        let vault = try AgreementVault()
        let first = try vault.server().request("tools/list")
        let second = try vault.server().request("tools/list")
        #expect(first.contains(#""inputSchema""#), "\(first.prefix(300))")
        #expect(first == second)
    }

    @Test func schemaPropertiesKeepTheirDeclaredOrder() throws {
        let vault = try AgreementVault()
        let line = try vault.server().request("tools/list")
        let answer = try #require(OrderedJSON(parsing: line))
        let tools = try #require(answer["result"]?["tools"]?.items)
        #expect(tools.compactMap { $0["name"]?.string }.prefix(3) == ["search", "context", "list"])
        let read = try #require(tools.first { $0["name"]?.string == "read" })
        #expect(read.keys == ["name", "title", "description", "inputSchema", "annotations"])
        #expect(read["inputSchema"]?["properties"]?.keys == ["note", "heading", "from_line", "to_line", "cursor"])
        #expect(read["inputSchema"]?.keys == ["type", "properties", "additionalProperties", "required"])
    }
}
