import Foundation
import Testing

@testable import NoteVault

/// What a long-running front end (`enote serve`) learns of the vault's changes: the notes a
/// watcher indexed (`VaultWatcher.Options.changed`), and, beside a watcher of another process,
/// the index's change counter.
@Suite struct WatcherChangeReportTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    @Test("the watcher reports each note it indexed or removed, once it is in the index")
    func reportsChanges() throws {
        let reported = Reports()
        let watcher = try RunningWatcher.start(sandbox) { options in
            options.changed = { changes in reported.add(changes.map { "\($0.kind.rawValue) \($0.path)" }) }
        }
        defer { watcher.stop() }
        reported.clear()
        try sandbox.write("new.md", noteText("new"))
        #expect(poll(until: 10) { reported.all.contains("added new.md") }, "\(reported.all)")
        #expect(try watcher.isIndexed("new.md"))
        try sandbox.write("seed.md", noteText("seed, edited"))
        #expect(poll(until: 10) { reported.all.contains("updated seed.md") }, "\(reported.all)")
        try FileManager.default.removeItem(atPath: sandbox.path("new.md"))
        #expect(poll(until: 10) { reported.all.contains("removed new.md") }, "\(reported.all)")
    }

    @Test("the change counter moves when another connection writes the index, not otherwise")
    func changeCounter() throws {
        let vault = try sandbox.vault()
        let index = try vault.freshIndex().index
        let first = try index.changeCounter()
        #expect(try index.changeCounter() == first)
        _ = try index.synchronize()
        #expect(try index.changeCounter() == first, "its own writes do not count")
        try sandbox.write("other.md", noteText("other"))
        let other = try NoteIndex.open(vault)
        _ = try other.synchronize()
        #expect(try index.changeCounter() != first)
    }
}

/// Lines reported from the watcher's thread.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ more: [String]) { lock.withLock { lines += more } }
    func clear() { lock.withLock { lines = [] } }
    var all: [String] { lock.withLock { lines } }
}
