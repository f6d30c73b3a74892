import Foundation
import Testing

/// The `search` tool's compact answer, its default: per note the path, the title when the file's
/// name does not say it, a snippet with the matches in `**` (without the title where the note
/// opens with it), and the revision to write against;
/// the same notes in the same order as the full answer (and so as `enote search --json`); the
/// server's time in `_meta`, never in the text.
@Suite struct CompactSearchTests {
    static let files: [String: String] = [
        "trips/kyoto.md": "---\ntitle: kyoto\n---\nTemples of Kyoto & Nara: 3 < 5 of the best.\n",
        "trips/plan.md": "---\ntitle: Autumn trip\n---\nTwo nights in Kyoto, then Nara.\n",
        "trips/osaka.md": "# Osaka Castle\n\nBy train from Kyoto and Nara.\n",
        "trips/diary.md": "# Diary\n\nWe left early and slept most of the way, then walked from the station through the old streets to the river where Kyoto people sit in the evening, and the next day took the slow train on to Nara for the deer and the temple gardens.\n",
    ]

    @Test func theCompactAnswerIsTheFullOneCutDown() throws {
        let vault = try AgreementVault(files: Self.files)
        let server = try vault.server()
        let compact = try server.callTool("search", #"{"query":"kyoto nara","limit":50}"#)
        let full = try server.callTool("search", #"{"query":"kyoto nara","limit":50,"detail":"full"}"#)
        let notes = try #require(compact.value["notes"]?.items)
        let fullNotes = try #require(full.value["notes"]?.items)
        #expect(notes.map { $0["path"]?.string ?? "" }.sorted() == ["trips/diary.md", "trips/kyoto.md", "trips/osaka.md", "trips/plan.md"], "\(notes)")
        #expect(notes.map { $0["path"] } == fullNotes.map { $0["path"] })
        #expect(compact.value["total"] == full.value["total"])
        for (note, fullNote) in zip(notes, fullNotes) {
            #expect(Set(note.keys).isSubset(of: ["path", "title", "snippet", "revision"]), "\(note.keys)")
            let path = try #require(note["path"]?.string)
            let title = try #require(fullNote["title"]?.string)
            let name = String(path.split(separator: "/").last!.dropLast(3))
            #expect(note["title"]?.string == (title == name ? nil : title), "\(path)")
            // The snippet is the full one's text, the matches in ** instead of <mark>, less the
            // title the note opens with.
            let fullSnippet = try #require(fullNote["snippet"]?.string)
            let marked = fullSnippet.replacingOccurrences(of: "<mark>", with: "**").replacingOccurrences(of: "</mark>", with: "**")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let snippet = try #require(note["snippet"]?.string)
            switch path {
            case "trips/osaka.md": #expect(snippet == "By train from **Kyoto** and **Nara**." && marked.hasSuffix(" " + snippet), "\(snippet)")
            case "trips/diary.md":
                // A long one: 14 words, the first match among the first four, the cuts said.
                let words = snippet.split(separator: " ")
                #expect(words.count == 14 && snippet.hasPrefix("…") && snippet.hasSuffix("…"), "\(snippet)")
                #expect(words.prefix(4).contains { $0.contains("**Kyoto**") }, "\(snippet)")
                #expect(marked.contains(snippet.trimmingCharacters(in: CharacterSet(charactersIn: "…"))), "\(snippet) in \(marked)")
            default: #expect(snippet == marked, "\(path): \(snippet)")
            }
            // The revision is the one `read` gives, that a write is checked against.
            let read = try server.callTool("read", #"{"note":"\#(path)"}"#)
            #expect(note["revision"] != nil && note["revision"] == read.value["revision"], "\(path)")
        }
        #expect(notes.first?["snippet"]?.string?.contains("Temples of **Kyoto** & **Nara**: 3 < 5 of the best") == true, "\(notes)")
        #expect(compact.line.utf8.count * 2 < full.line.utf8.count, "compact \(compact.line.utf8.count) B, full \(full.line.utf8.count) B")
    }

    @Test func theServersTimeIsInMetaAndEqualQuestionsGetEqualBytes() throws {
        let vault = try AgreementVault(files: Self.files)
        let server = try vault.server()
        let first = try server.callTool("search", #"{"query":"kyoto"}"#)
        let second = try server.callTool("search", #"{"query":"kyoto"}"#)
        #expect(first.result["content"] == second.result["content"])
        #expect(first.value["server_ms"] == nil)
        guard case .number(let milliseconds)? = first.result["_meta"]?["enote/server_ms"] else {
            Issue.record("no enote/server_ms in _meta: \(first.result)")
            return
        }
        #expect(milliseconds > 0)
        #expect(first.result["structuredContent"] == nil)
    }

    @Test func anUnknownDetailIsRefused() throws {
        let vault = try AgreementVault(files: Self.files)
        let server = try vault.server()
        let line = try server.request("tools/call", #"{"name":"search","arguments":{"query":"kyoto","detail":"everything"}}"#)
        #expect(line.contains("the argument detail must be compact or full"), "\(line)")
    }
}
