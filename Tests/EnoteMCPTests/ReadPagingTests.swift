import Foundation
import Testing

/// The `read` tool pages a long note: each page as close to the bound as its escaped text
/// allows, the pages joining to the note byte for byte, each cursor resuming where the page
/// before ended, and a note changed between pages refused rather than joined from two texts.
@Suite struct ReadPagingTests {
    /// About 400 KB of text whose escapes differ in length: quotes, backslashes, tabs, control
    /// characters, U+2028, and characters of two, three and four bytes.
    static let text: String = {
        var lines = ["---", "title: Long", "---", "# Long", ""]
        for number in 0..<4000 {
            lines.append("\(number): \"quoted\" back\\slash\ttab \u{1}ctl \u{2028}sep é 日本語 😀 and some plain words to make the line longer")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    func page(_ server: MCPClient, _ cursor: String?) throws -> (value: OrderedJSON, bytes: Int) {
        let arguments = cursor.map { #"{"note":"long.md","cursor":"\#($0)"}"# } ?? #"{"note":"long.md"}"#
        let answer = try server.callTool("read", arguments)
        let text = try #require(answer.result["content"]?.items?.first?["text"]?.string)
        return (answer.value, text.utf8.count)
    }

    @Test func thePagesJoinToTheNoteAndFillTheBound() throws {
        let vault = try AgreementVault(files: ["long.md": Self.text])
        let server = try vault.server()
        var joined = "", cursor: String? = nil, sizes: [Int] = [], lastLine = 0
        repeat {
            let (value, bytes) = try page(server, cursor)
            joined += try #require(value["text"]?.string)
            sizes.append(bytes)
            guard case .number(let from)? = value["from_line"], case .number(let to)? = value["to_line"] else {
                Issue.record("no lines: \(value.keys)")
                return
            }
            #expect(Int(from) == lastLine + 1 || (lastLine == 0 && from == 1), "page \(sizes.count) starts at line \(from) after \(lastLine)")
            lastLine = Int(to)
            cursor = value["next_cursor"]?.string
        } while cursor != nil && sizes.count < 100
        #expect(joined == Self.text)
        #expect(sizes.allSatisfy { $0 <= 60_000 }, "\(sizes)")
        // Every page but the last is close to the bound (56,000 bytes of text and the rest).
        #expect(sizes.dropLast().allSatisfy { $0 >= 50_000 }, "\(sizes)")
    }

    @Test func aNoteChangedBetweenPagesIsRefused() throws {
        let vault = try AgreementVault(files: ["long.md": Self.text])
        let server = try vault.server()
        let first = try page(server, nil).value
        let cursor = try #require(first["next_cursor"]?.string)
        try vault.write("long.md", Self.text + "one more line\n")
        let line = try server.request("tools/call", #"{"name":"read","arguments":{"note":"long.md","cursor":"\#(cursor)"}}"#)
        let answer = try #require(OrderedJSON(parsing: line)?["result"])
        #expect(answer["isError"] == .bool(true), "\(line.prefix(400))")
        let failure = try #require(OrderedJSON(parsing: answer["content"]?.items?.first?["text"]?.string ?? ""))
        #expect(failure["error"]?.string == "stale_revision")
        #expect(failure["current_revision"] != nil && failure["current_revision"] != first["revision"])
        // Read again from the start, it pages the new text.
        #expect(try page(server, nil).value["revision"] == failure["current_revision"])
    }

    @Test(arguments: ["12@zz", "12@", "x@0123456789abcdef", "1@2@3"])
    func aCursorThisServerDidNotGiveIsRefused(cursor: String) throws {
        let vault = try AgreementVault(files: ["long.md": Self.text])
        let server = try vault.server()
        let line = try server.request("tools/call", #"{"name":"read","arguments":{"note":"long.md","cursor":"\#(cursor)"}}"#)
        #expect(line.contains("the cursor is not one this server gave"), "\(line.prefix(300))")
    }
}
