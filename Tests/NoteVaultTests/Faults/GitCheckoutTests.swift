import Foundation
import Synchronization
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 15: `git checkout` between branches that differ in thousands of notes, with a
/// watcher running. Afterwards the watcher's index holds exactly the branch's notes and equals
/// a rebuild from scratch; while `.git/index.lock` exists, nothing is processed.
@Suite("git checkout under a running watcher")
struct GitCheckoutTests {
    static let noteCount = 3000

    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Runs git in the vault; fails the test when it fails.
    @discardableResult
    private func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments =
            ["-c", "user.name=enote tests", "-c", "user.email=tests@enote.invalid", "-c", "commit.gpgsign=false", "-c", "core.fsync=none", "-c", "gc.auto=0"]
            + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.root)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.base, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "LANG": "C"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")): \(text)")
        return text
    }

    /// The notes of each branch, path → title: `main` has `noteCount` notes in 40 folders;
    /// `other` drops a quarter, retitles a quarter and adds a quarter in new folders.
    static func notes(onOther: Bool) -> [String: String] {
        var notes: [String: String] = [:]
        for number in 0..<noteCount {
            let path = "f\(number % 40)/n-\(number).md"
            guard onOther else {
                notes[path] = "Note \(number)"
                continue
            }
            switch number % 4 {
            case 0: continue
            case 1: notes[path] = "Changed \(number)"
            default: notes[path] = "Note \(number)"
            }
        }
        if onOther {
            for number in 0..<(noteCount / 4) { notes["extra\(number % 10)/e-\(number).md"] = "Extra \(number)" }
        }
        return notes
    }

    /// Writes the notes with plain system calls (thousands of them: no per-file overhead).
    private func writeBranch(_ notes: [String: String]) throws {
        var folders = Set<String>()
        for (path, title) in notes {
            if let slash = path.lastIndex(of: "/"), folders.insert(String(path[..<slash])).inserted {
                mkdir(sandbox.path(String(path[..<slash])), 0o755)
            }
            let descriptor = open(sandbox.path(path), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SystemError("open", path: path) }
            defer { close(descriptor) }
            try SystemFileSystem().writeAll(descriptor, Array("---\ntitle: \(title)\n---\nBody of \(path)\n".utf8), path: path)
        }
    }

    /// The index as sorted `path | title` lines.
    private static func rows(_ index: NoteIndex) throws -> [String] {
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.includePendingExpiry = true
        return try index.list(filter, sort: NoteSort(key: .title)).map { "\($0.path) | \($0.title)" }.sorted()
    }

    private static func rows(_ notes: [String: String]) -> [String] {
        notes.map { "\($0.key) | \($0.value)" }.sorted()
    }

    /// Asks the watcher to catch up until it says the index is current.
    private func catchUp(_ vault: Vault) -> Bool {
        for _ in 0..<120 {
            if CatchUpChannel.requestCatchUp(vault) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Lines shared with the watcher's thread.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A watcher running on its own thread; stopped (and waited for) by `stop()`.
    final class RunningWatcher: Sendable {
        let watcher: VaultWatcher
        let log = Lines()
        let failures = Lines()
        private let finished = DispatchSemaphore(value: 0)

        init(vault: Vault) throws {
            var options = VaultWatcher.Options()
            options.log = { [log] line in log.append(line) }
            watcher = try VaultWatcher(vault: vault, options: options)
            Thread { [watcher, failures, finished] in
                do { try watcher.run() } catch { failures.append("\(error)") }
                finished.signal()
            }.start()
        }

        /// Stops the watcher; returns whether it ended.
        @discardableResult
        func stop() -> Bool {
            watcher.stop()
            return finished.wait(timeout: .now() + 30) == .success
        }
    }

    @Test func checkoutOfThousandsOfNotesLeavesTheIndexEqualToARebuild() throws {
        let main = Self.notes(onOther: false)
        let other = Self.notes(onOther: true)
        try git("init", "-q", "-b", "main")
        try writeBranch(main)
        try git("add", "-A")
        try git("commit", "-q", "-m", "main")
        try git("checkout", "-q", "-b", "other")
        for path in main.keys where other[path] == nil { try FileManager.default.removeItem(atPath: sandbox.path(path)) }
        try writeBranch(other.filter { main[$0.key] != $0.value })
        try git("add", "-A")
        try git("commit", "-q", "-m", "other")
        let changed = try git("diff", "--no-renames", "--name-only", "main", "other").split(separator: "\n").count
        #expect(changed == 3 * Self.noteCount / 4, "the branches differ in thousands of notes")
        try git("checkout", "-q", "main")

        let vault = try sandbox.vault()
        let running = try RunningWatcher(vault: vault)
        var stopped = false
        defer { if !stopped { running.stop() } }
        try #require(catchUp(vault), "the watcher answers")
        let reader = try NoteIndex.open(vault)
        #expect(try Self.rows(reader) == Self.rows(main), "the start-up reconcile indexed main")

        for (branch, notes) in [("other", other), ("main", main)] {
            try git("checkout", "-q", branch)
            try #require(catchUp(vault), "the watcher catches up after checking out \(branch)")
            let indexed = try Self.rows(reader)
            #expect(indexed == Self.rows(notes), "after checking out \(branch): \(Set(indexed).symmetricDifference(Self.rows(notes)).sorted().prefix(5))")
        }
        stopped = true
        #expect(running.stop(), "the watcher stops when asked")
        #expect(running.failures.all.isEmpty, "\(running.failures.all)")
        let watched = try Self.rows(running.watcher.index)

        let rebuilt = try NoteIndex.rebuild(vault)
        try rebuilt.synchronize()
        #expect(watched == (try Self.rows(rebuilt)), "the watcher's index equals a rebuild from scratch")
        #expect(watched.count == main.count)
    }

    @Test func nothingIsProcessedWhileGitHoldsItsIndexLock() throws {
        try git("init", "-q", "-b", "main")
        try writeBranch(["a.md": "Alpha", "b.md": "Beta"])
        let vault = try sandbox.vault()
        let running = try RunningWatcher(vault: vault)
        defer { running.stop() }
        try #require(catchUp(vault))
        let reader = try NoteIndex.open(vault)
        #expect(try Self.rows(reader) == ["a.md | Alpha", "b.md | Beta"])

        // A checkout in progress: the lock exists while files come and go.
        try sandbox.write(".git/index.lock", "")
        try FileManager.default.removeItem(atPath: sandbox.path("a.md"))
        try sandbox.write("c.md", "---\ntitle: Gamma\n---\nx\n")
        #expect(!CatchUpChannel.requestCatchUp(vault), "the watcher answers busy while git works")
        #expect(try Self.rows(reader) == ["a.md | Alpha", "b.md | Beta"], "nothing was processed mid-checkout")

        try FileManager.default.removeItem(atPath: sandbox.path(".git/index.lock"))
        try #require(catchUp(vault))
        #expect(try Self.rows(reader) == ["b.md | Beta", "c.md | Gamma"], "the reconcile after the lock went away saw everything")
    }
}
