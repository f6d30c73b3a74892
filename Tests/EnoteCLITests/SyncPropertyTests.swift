import EnoteTestSupport
import Foundation
import Testing

/// The property of issue 14: random sequences of `new`, `edit`, `set`, `move` and `rm` on two
/// clones, synced in random order. Each clone edits only its own body line of a note (`A:` or
/// `B:`, far apart) and its own field (colour or destroy date), so no two sides ever change the
/// same body lines: every sync must be clean, front matter must always parse (no conflict
/// markers anywhere), and once both have synced nothing either side wrote is lost.
///
/// Every `edit` and `set` stamps `updated` on both sides, so without the note merge driver
/// (which `enote sync` installs) git would conflict on that line: with it every sync is clean.
@Suite struct SyncPropertyTests {

    /// A tiny deterministic generator (xorshift), so a failing seed can be run again.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    /// What each side last wrote to each note, which must survive.
    struct Model {
        var lines: [String: [Int: String]] = [:]  // note → side → last body line value
        var colors: [String: String] = [:]  // written by side 0
        var destroys: [String: String] = [:]  // written by side 1
        var removed: Set<String> = []
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomChangesOnTwoClonesSyncCleanlyAndLoseNothing(seed: UInt64) throws {
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15 &* (seed + 1))
        let clones = try GitClones(count: 2, notes: ["start.md": "---\ntitle: Start\n---\nA: a0\n\nkeep 1\nkeep 2\nkeep 3\n\nB: b0\n"])
        let editor = try clones[0].script("edit-line", #"sed -i "s/^$EDIT_PREFIX: .*/$EDIT_PREFIX: $EDIT_VALUE/" "$1""#)
        var model = Model()
        var log: [String] = []
        let colors = ["red", "green", "blue", "yellow"]
        for step in 0..<30 {
            let side = Int.random(in: 0...1, using: &random)
            let clone = clones[side]
            let notes = try FileManager.default.contentsOfDirectory(atPath: clone.root.path).filter { $0.hasSuffix(".md") }.sorted()
            let pick = notes.randomElement(using: &random)
            let roll = Int.random(in: 0..<100, using: &random)
            var result: EnoteProcess.Result?
            switch roll {
            case 0..<15:
                let title = "N\(step) side\(side)"
                result = try clone.run("new", title, "A: a0\n\nkeep 1\nkeep 2\nkeep 3\n\nB: b0\n")
                log.append("\(side) new \(title)")
            case 15..<45 where pick != nil:
                let value = "s\(side)-step\(step)"
                result = try clone.run(
                    ["edit", pick!],
                    environment: ["EDITOR": editor, "VISUAL": editor, "EDIT_PREFIX": side == 0 ? "A" : "B", "EDIT_VALUE": value])
                model.lines[pick!, default: [:]][side] = value
                model.removed.remove(pick!)
                log.append("\(side) edit \(pick!) \(value)")
            case 45..<60 where pick != nil:
                if side == 0 {
                    let color = colors.randomElement(using: &random)!
                    result = try clone.run("set", pick!, "--color", color)
                    model.colors[pick!] = color
                } else {
                    let date = "2099-01-\(String(format: "%02d", step % 28 + 1))"
                    result = try clone.run("set", pick!, "--destroy", date)
                    model.destroys[pick!] = date
                }
                model.removed.remove(pick!)
                log.append("\(side) set \(pick!)")
            case 60..<70 where pick != nil:
                result = try clone.run("move", pick!, "--top")
                log.append("\(side) move \(pick!)")
            case 70..<75 where pick != nil && notes.count > 1:
                result = try clone.run("rm", pick!)
                model.removed.insert(pick!)
                log.append("\(side) rm \(pick!)")
            default:
                let synced = try clone.run("sync")
                log.append("\(side) sync")
                #expect(synced.status == 0, "seed \(seed): \(log)\n\(synced)")
                try Self.expectReadable(clone, seed: seed, log: log)
            }
            if let result { #expect(result.status == 0, "seed \(seed): \(log)\n\(result)") }
        }
        // Converge: each syncs, then the first again
        for side in [0, 1, 0] {
            let synced = try clones[side].run("sync")
            #expect(synced.status == 0, "seed \(seed): \(log)\n\(synced)")
        }
        for clone in clones.clones { try Self.expectReadable(clone, seed: seed, log: log) }
        let files0 = try FileManager.default.contentsOfDirectory(atPath: clones[0].root.path).filter { $0.hasSuffix(".md") }.sorted()
        let files1 = try FileManager.default.contentsOfDirectory(atPath: clones[1].root.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(files0 == files1, "seed \(seed): \(log)")
        for note in files0 {
            let text = try clones[0].text(note)
            #expect(try clones[1].text(note) == text, "seed \(seed): \(note) differs\n\(log)")
            for (side, value) in model.lines[note] ?? [:] {
                #expect(text.contains("\(side == 0 ? "A" : "B"): \(value)\n"), "seed \(seed): \(note) lost \(value)\n\(text)\n\(log)")
            }
            if let color = model.colors[note] { #expect(text.contains("color: \(color)"), "seed \(seed): \(note) lost its colour\n\(text)") }
            if let date = model.destroys[note] { #expect(text.contains(date), "seed \(seed): \(note) lost its destroy date\n\(text)") }
        }
        // A note changed after it was removed elsewhere is kept; only removed notes are gone.
        for note in Set(model.lines.keys).union(model.colors.keys).union(model.destroys.keys) where !files0.contains(note) {
            #expect(model.removed.contains(note), "seed \(seed): \(note) vanished without being removed\n\(log)")
        }
    }

    /// No conflict markers anywhere, and every note's front matter is closed.
    static func expectReadable(_ clone: TemporaryVault, seed: UInt64, log: [String]) throws {
        for note in try FileManager.default.contentsOfDirectory(atPath: clone.root.path) where note.hasSuffix(".md") {
            let text = try clone.text(note)
            #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>"), "seed \(seed): markers in \(note)\n\(text)\n\(log)")
            #expect(text.hasPrefix("---\n") && text.dropFirst(4).contains("\n---\n"), "seed \(seed): \(note)\n\(text)")
        }
    }
}
