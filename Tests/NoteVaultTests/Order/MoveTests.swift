import Foundation
import Testing

@testable import NoteVault

/// `NoteIndex.move`: a note gets an `order` key between its new neighbours', so only its file
/// changes, and only in its `order` line.
@Suite("Move")
struct MoveTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Writes `name.md` with `order: key` (if any) and an `updated` time `minutes` after a base.
    private func note(_ name: String, order: String?, minutes: Int = 0, lineEnding: String = "\n") throws {
        var lines = ["---", "title: \(name.uppercased())", "updated: 2026-01-01T10:\(String(format: "%02d", minutes)):00Z"]
        if let order { lines.append("order: \(order)") }
        lines += ["tags: [x]", "---", "Body of \(name)", ""]
        try sandbox.write("\(name).md", lines.joined(separator: lineEnding))
    }

    private func index() throws -> NoteIndex {
        let index = try NoteIndex.open(try sandbox.vault())
        _ = try index.synchronize()
        return index
    }

    /// Every file of the vault but the index and lock, with its bytes.
    private func files() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in FileManager.default.subpaths(atPath: sandbox.root) ?? [] {
            if path == ".enote/lock" || path.hasPrefix(".enote/index.sqlite") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: sandbox.path(path), isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = sandbox.bytes(path) }
        }
        return result
    }

    /// The files whose bytes differ (or that appeared or disappeared).
    private func changed(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// The note names in `list --sort order` order.
    private func listed(_ index: NoteIndex) throws -> [String] {
        try index.list(NoteFilter(now: VaultSandbox.now), sort: NoteSort(key: .order)).map { String($0.path.description.dropLast(3)) }
    }

    private func lines(_ name: String) -> [String] {
        (sandbox.text("\(name).md") ?? "").components(separatedBy: "\n")
    }

    private func path(_ name: String) -> NotePath { NotePath(trusted: "\(name).md") }

    /// The ordered a, b, c and the unordered d (newer) and e (older).
    private func abcde() throws {
        try note("a", order: "a")
        try note("b", order: "b")
        try note("c", order: "c")
        try note("d", order: nil, minutes: 30)
        try note("e", order: nil, minutes: 10)
    }

    @Test("unordered notes come after the ordered ones, newest first")
    func listOrder() throws {
        try abcde()
        #expect(try listed(try index()) == ["a", "b", "c", "d", "e"])
    }

    @Test(
        "each placement: only the moved note's file changes, only in its order line, updated untouched",
        arguments: [
            ("c", Placement.top, ["c", "a", "b", "d", "e"]),
            ("a", .bottom, ["b", "c", "a", "d", "e"]),
            ("c", .before(NotePath(trusted: "b.md")), ["a", "c", "b", "d", "e"]),
            ("a", .after(NotePath(trusted: "b.md")), ["b", "a", "c", "d", "e"]),
            ("a", .after(NotePath(trusted: "c.md")), ["b", "c", "a", "d", "e"]),
            ("c", .before(NotePath(trusted: "a.md")), ["c", "a", "b", "d", "e"]),
            ("b", .after(NotePath(trusted: "c.md")), ["a", "c", "b", "d", "e"]),
            ("d", .top, ["d", "a", "b", "c", "e"]),
            ("e", .bottom, ["a", "b", "c", "e", "d"]),
            ("e", .before(NotePath(trusted: "b.md")), ["a", "e", "b", "c", "d"]),
            ("d", .after(NotePath(trusted: "c.md")), ["a", "b", "c", "d", "e"]),
        ])
    func placements(moved: String, placement: Placement, expected: [String]) throws {
        try abcde()
        let index = try index()
        let before = files()
        let oldLines = lines(moved)
        let result = try ManualOrder(index: index).move(path(moved), to: placement)

        #expect(result.moved == path(moved))
        #expect(result.alsoChanged.isEmpty)
        #expect(changed(before, files()) == ["\(moved).md"])
        #expect(oldLines.first { $0.hasPrefix("order:") } != lines(moved).first { $0.hasPrefix("order:") })
        #expect(try listed(index) == expected)
        #expect(try listed(try self.index()) == expected, "the same after a fresh sync")

        let newLines = lines(moved)
        let orderLine = newLines.first { $0.hasPrefix("order:") }
        #expect(orderLine == "order: \(result.key)" || orderLine == "order: \"\(result.key)\"")
        #expect(newLines.filter { !$0.hasPrefix("order:") } == oldLines.filter { !$0.hasPrefix("order:") }, "only the order line changes")
        #expect(newLines.contains("updated: 2026-01-01T10:\(moved == "d" ? "30" : moved == "e" ? "10" : "00"):00Z"))
        #expect(OrderKey.isCanonical(result.key) && result.key.count <= 2)
    }

    @Test("CRLF notes get a CRLF order line and keep every other byte")
    func crlf() throws {
        try note("a", order: "a", lineEnding: "\r\n")
        try note("b", order: nil, lineEnding: "\r\n")
        let index = try index()
        let old = try #require(sandbox.text("b.md"))
        let result = try ManualOrder(index: index).move(path("b"), to: .after(path("a")))
        let new = try #require(sandbox.text("b.md"))
        let orderLine = try #require(new.components(separatedBy: "\r\n").first { $0.hasPrefix("order: ") })
        #expect(orderLine == "order: \(result.key)" || orderLine == "order: \"\(result.key)\"")
        #expect(new.replacingOccurrences(of: orderLine + "\r\n", with: "") == old)
        #expect(try listed(index) == ["a", "b"])
    }

    @Test("a reference note without a position first gets one at the end of the ordered notes")
    func referenceWithoutPosition() throws {
        try abcde()
        let index = try index()
        let before = files()
        let result = try ManualOrder(index: index).move(path("a"), to: .before(path("e")))
        #expect(result.alsoChanged == [path("e")])
        #expect(changed(before, files()) == ["a.md", "e.md"])
        #expect(try listed(index) == ["b", "c", "a", "e", "d"])
        #expect(lines("e").contains("updated: 2026-01-01T10:10:00Z"), "a move never stamps updated")

        let after = try ManualOrder(index: index).move(path("b"), to: .after(path("d")))
        #expect(after.alsoChanged == [path("d")])
        #expect(try listed(index) == ["c", "a", "e", "d", "b"])
    }

    @Test("moving into an empty order gives a short key")
    func firstOrderedNote() throws {
        try note("x", order: nil)
        try note("y", order: nil, minutes: 5)
        let index = try index()
        let result = try ManualOrder(index: index).move(path("x"), to: .top)
        #expect(result.key == "V")
        #expect(try listed(index) == ["x", "y"])
        let bottom = try ManualOrder(index: index).move(path("y"), to: .bottom)
        #expect(bottom.key > "V")
        #expect(try listed(index) == ["x", "y"])
    }

    @Test("splitting the same gap again and again stays ordered, and every move writes the moved note only")
    func splittingOneGapWritesOneFile() throws {
        try note("a", order: "a")
        try note("b", order: "b")
        try note("m", order: nil)
        try note("k", order: nil)
        let index = try index()
        for round in 0..<120 {
            // Alternately put m and k just after a: the gap after a halves every time.
            let (moved, other) = round.isMultiple(of: 2) ? ("m", "k") : ("k", "m")
            let before = files()
            let result = try ManualOrder(index: index).move(path(moved), to: .after(path("a")))
            let expected = round == 0 ? ["a", "m", "b", "k"] : ["a", moved, other, "b"]
            try #require(try listed(index) == expected, "round \(round)")
            try #require(changed(before, files()) == ["\(moved).md"], "round \(round)")
            #expect(result.alsoChanged.isEmpty)
            #expect(!OrderKey.isNumber(result.key) && OrderKey.isCanonical(result.key), "\(result.key)")
        }
        #expect(try listed(try self.index()) == ["a", "k", "m", "b"], "the same after a fresh sync")
    }

    @Test("a long hand-written neighbour still leaves room: one file changes")
    func longNeighbour() throws {
        try note("a", order: "a")
        try note("b", order: "a00000000001")
        try note("c", order: "c")
        try note("m", order: nil)
        let index = try index()
        let before = files()
        let result = try ManualOrder(index: index).move(path("m"), to: .before(path("b")))
        #expect(try listed(index) == ["a", "m", "b", "c"])
        #expect(result.alsoChanged.isEmpty)
        #expect(changed(before, files()) == ["m.md"])
    }

    @Test(
        "hand-written neighbours (numbers, not base 62, ending in 0) get a key between them; only the moved note changes",
        arguments: [
            (["10", "2", "9"], 1, "3"), (["1.5", "2", "3"], 0, "1"), (["10", "20", "30"], 3, "31"), (["10", "20", "30"], 2, "21"),
            (["9", "10", "a"], 1, "9.5"), (["9", "10", "a"], 2, "11"), (["2.5", "2.6", "x"], 1, "2.55"), (["-1", "0", "1"], 0, "-2"),
            (["-1", "-0.5", "0"], 1, "-0.8"),
            (["first", "second", "third"], 1, nil), (["first item", "second item", "z"], 2, nil), (["1", "a", "b"], 1, "2"),
        ] as [([String], Int, String?)])
    func handWritten(keys: [String], slot: Int, expectedKey: String?) throws {
        for (number, key) in keys.enumerated() { try note("n\(number)", order: key, minutes: number) }
        try note("n", order: nil, minutes: 50)
        let index = try index()
        let sorted = try listed(index)
        try #require(sorted.count == 4 && sorted.last == "n")
        let placement: Placement = slot == 0 ? .top : .after(path(sorted[slot - 1]))
        let before = files()
        let result = try ManualOrder(index: index).move(path("n"), to: placement)
        var expectedOrder = Array(sorted.dropLast())
        expectedOrder.insert("n", at: slot)
        #expect(try listed(index) == expectedOrder, "keys \(keys)")
        #expect(try listed(try self.index()) == expectedOrder)
        #expect(changed(before, files()) == ["n.md"])
        if let expectedKey {
            #expect(result.key == expectedKey)
            #expect(lines("n").contains("order: \(expectedKey)"), "a number is written plain, like the user's")
        }
    }

    @Test(
        "next to notes that share a key, the moved note goes after (or before) all of them; only it changes",
        arguments: [
            (["b", "b", "c"], "after", 1, ["n1", "n0", "n", "n2"]),
            (["b", "b", "c"], "before", 1, ["n", "n1", "n0", "n2"]),
            (["a", "a", "a"], "after", 1, ["n2", "n1", "n0", "n"]),
            (["x", "y", "y"], "before", 2, ["n0", "n", "n2", "n1"]),
            (["1", "1", "2"], "after", 0, ["n1", "n0", "n", "n2"]),
        ] as [([String], String, Int, [String])])
    func ties(keys: [String], side: String, reference: Int, expected: [String]) throws {
        for (number, key) in keys.enumerated() { try note("n\(number)", order: key, minutes: number) }
        try note("n", order: nil, minutes: 50)
        let index = try index()
        let sorted = try listed(index)
        let other = path(sorted[reference])
        let before = files()
        _ = try ManualOrder(index: index).move(path("n"), to: side == "after" ? .after(other) : .before(other))
        #expect(try listed(index) == expected, "\(sorted)")
        #expect(changed(before, files()) == ["n.md"])
    }

    @Test("no key between two spellings of one number: refused, nothing written")
    func noRoom() throws {
        try note("a", order: "2.5", minutes: 1)
        try note("b", order: "2.50")
        try note("n", order: nil)
        let index = try index()
        let before = files()
        #expect(throws: VaultError.self) { try ManualOrder(index: index).move(path("n"), to: .after(path("a"))) }
        #expect(changed(before, files()).isEmpty)
    }

    @Test("an editor holding the moved note, or the reference note that needs a position, stops the move before any write")
    func editorFoundFirst() throws {
        try note("a", order: "a")
        try note("x", order: nil)
        try note("y", order: nil)
        let index = try index()
        for swap in [".x.md.swp", ".y.md.swp"] {
            try sandbox.write(swap, "swap")
            let before = files()
            #expect(throws: VaultError.self) { try ManualOrder(index: index).move(path("x"), to: .before(path("y"))) }
            #expect(changed(before, files()).isEmpty, "\(swap)")
            try FileManager.default.removeItem(atPath: sandbox.path(swap))
        }
    }

    @Test("a note whose front matter cannot be parsed is not moved, and nothing changes")
    func brokenFrontMatter() throws {
        try note("a", order: "a")
        try sandbox.write("broken.md", "---\ntitle: Meeting: Q4\n---\nBody\n")
        let index = try index()
        let before = files()
        #expect(throws: VaultError.self) { try ManualOrder(index: index).move(path("broken"), to: .top) }
        #expect(changed(before, files()).isEmpty)
    }
}
