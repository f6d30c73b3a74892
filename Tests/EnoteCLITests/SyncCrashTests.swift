import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 80: a sync of a few hundred notes changed on both machines, killed with
/// SIGKILL at every step (enote alone, and enote with every process it started), then recovered
/// as the messages say. Every edit of both machines is there afterwards and both clones are
/// the same.
@Suite(.serialized) struct SyncCrashTests {
    static let count = 240
    /// Notes the first clone changed (their first paragraph).
    static let ours = 90..<240
    /// Notes the second clone changed (their last paragraph) and synced first.
    static let theirs = 0..<110
    /// Removed on the second clone, untouched on the first.
    static let removed = 60

    static func name(_ number: Int) -> String { String(format: "notes/n%03d.md", number) }

    static func note(_ number: Int, ours: Bool, theirs: Bool) -> String {
        "---\ntitle: Note \(number)\n---\n\(ours ? "Ours" : "First") paragraph of \(number).\n\nMiddle of \(number).\n\n\(theirs ? "Theirs" : "Last") paragraph of \(number).\n"
    }

    /// The prepared state every run starts from: the second clone synced its changes, the first
    /// has its own uncommitted.
    static func makeTemplate() throws -> GitClones {
        var notes: [String: String] = [:]
        for number in 0..<count { notes[name(number)] = note(number, ours: false, theirs: false) }
        let clones = try GitClones(count: 2, notes: notes)
        for number in theirs { try clones[1].write(name(number), note(number, ours: false, theirs: true)) }
        try FileManager.default.removeItem(at: clones[1].url(name(removed)))
        try clones[1].write("theirs-new.md", "---\ntitle: Theirs\n---\nNew there.\n")
        let synced = try clones[1].run("sync")
        try #require(synced.status == 0, "\(synced)")
        for number in ours { try clones[0].write(name(number), note(number, ours: true, theirs: false)) }
        try clones[0].write("ours-new.md", "---\ntitle: Ours\n---\nNew here.\n")
        try clones.pack()
        return clones
    }

    /// Where a run is killed: after a step of the sync, while the merge driver merges a note,
    /// or after a delay.
    enum Point: CustomStringConvertible {
        case step(String)
        case driver(Int)
        case delay(Double)

        var description: String {
            switch self {
            case .step(let name): "after \(name)"
            case .driver(let number): "while merging \(SyncCrashTests.name(number))"
            case .delay(let seconds): String(format: "after %.2f s", seconds)
            }
        }
    }

    /// One run: a fresh copy, a sync killed at `point`, the recovery the messages name, then the
    /// second clone syncs; everything is checked.
    static func run(_ point: Point, withGit: Bool, from template: GitClones) throws {
        let clones = try GitClones(copying: template)
        let sync: PausedSync
        switch point {
        case .step(let name):
            sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_SYNC_AT", name))
            try #require(sync.waitUntilPaused() != nil, "\(point): \(sync.printed)")
        case .driver(let number):
            sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", name(number)))
            try #require(sync.waitUntilPaused() != nil, "\(point): \(sync.printed)")
        case .delay(let seconds):
            sync = try PausedSync(clones[0], hook: nil)
            usleep(UInt32(seconds * 1_000_000))
        }
        let left = ProcessTree.descendants(of: sync.process.processIdentifier)
        sync.kill9(withGit: withGit)
        // A process the test paused is the test's, not enote's: it goes too.
        for process in left where process.name == "enote" { kill(process.pid, SIGKILL) }
        let context = "\(point), \(withGit ? "with its git" : "alone")"
        // The recovery the messages name.
        let status = try clones[0].run("sync", "--status")
        #expect(status.status == 0, "\(context): \(status)")
        #expect(status.stdout.contains("`enote sync`") || status.stdout.contains("No sync is stopped"), "\(context): \(status)")
        let recovered = try clones[0].run("sync")
        #expect(recovered.status == 0, "\(context): \(recovered)\n\(sync.printed)")
        let other = try clones[1].run("sync")
        #expect(other.status == 0, "\(context): \(other)")
        try expectEverything(clones, context: context)
    }

    /// Both clones hold every change of both machines, and the same commit.
    static func expectEverything(_ clones: GitClones, context: String) throws {
        for clone in clones.clones {
            for number in 0..<count where number != removed {
                let text = try? clone.text(name(number))
                #expect(text == note(number, ours: ours.contains(number), theirs: theirs.contains(number)), "\(context): \(name(number))")
            }
            #expect(!clone.exists(name(removed)), "\(context)")
            #expect((try? clone.text("ours-new.md")) == "---\ntitle: Ours\n---\nNew here.\n", "\(context)")
            #expect((try? clone.text("theirs-new.md")) == "---\ntitle: Theirs\n---\nNew there.\n", "\(context)")
            let status = try clone.git("status", "--porcelain")
            #expect(status.isEmpty, "\(context): \(status)")
        }
        #expect(try clones[0].head() == clones[1].head(), "\(context)")
        #expect(!(try clones[0].git("ls-files")).contains(".merge_file_"), "\(context)")
    }

    @Test func killedAtEveryStepEveryEditSurvives() throws {
        // How long an uninterrupted sync takes here, to spread the delays over it.
        let template = try Self.makeTemplate()
        let timed = try GitClones(copying: template)
        let start = Date()
        #expect(try timed[0].run("sync").status == 0)
        let duration = Date().timeIntervalSince(start)
        let shared = Array(Self.ours.clamped(to: Self.theirs))
        // Between two steps no git runs, so enote alone is killed; inside git, both ways.
        let runs: [(Point, Bool)] =
            [
                (.step("committed"), false), (.step("fetched"), false), (.step("rebased"), false), (.step("pushed"), false),
                (.driver(shared[0]), true), (.driver(shared[shared.count / 2]), false),
            ] + (0..<4).map { index in (Point.delay(duration * (Double(index) + 0.5) / 4), index % 2 == 0) }
        for (point, withGit) in runs { try Self.run(point, withGit: withGit, from: template) }
    }
}
