import Foundation
import Testing

@testable import NoteVault

/// Another command may replace the index under a running watcher: `enote index --rebuild`, or
/// any command that finds the file damaged and rebuilds it. The watcher must then write to the
/// new file, which every other command reads, not go on with the old one.
@Suite("Watcher: the index replaced by another command")
struct WatcherIndexReplacedTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    @Test("after a rebuild by another process, new saves reach the index the commands read")
    func rebuiltUnderTheWatcher() throws {
        try sandbox.write("first.md", noteText("first"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(watcher.catchUp())

        // Another command rebuilds the index: a new file takes the old one's name.
        _ = try NoteIndex.rebuild(try sandbox.vault())
        try sandbox.write("second.md", noteText("second"))

        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["first.md", "second.md"], "\(watcher.lines)")
        #expect(watcher.lines.contains { $0.hasPrefix("the index was replaced by another command") }, "\(watcher.lines)")

        // And it keeps writing there.
        try sandbox.write("third.md", noteText("third"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["first.md", "second.md", "third.md"])
    }
}
