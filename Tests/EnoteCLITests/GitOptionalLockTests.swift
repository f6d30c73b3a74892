import Foundation
import Testing

/// enote's `git status` (behind `enote sync --status`) takes no lock: a user's own git in
/// another terminal, or a sync on a timer, never meets an `index.lock` that enote's question
/// made, and expiry never mistakes it for a git command writing the index.
@Suite struct GitOptionalLockTests {
    /// `.git/index`'s inode and modification time: both change when git rewrites it.
    static func stamp(_ url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let inode = attributes[.systemFileNumber].map { "\($0)" } ?? "?"
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(inode) \(modified)"
    }

    @Test("enote sync --status leaves git's index as it is, where a plain git status rewrites it")
    func statusTakesNoLock() throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": SyncTests.plan])
        let clone = clones[0]
        let index = clone.url(".git/index")
        // plan.md keeps its bytes but gets another time: git's index now has stale stat data,
        // which a git status refreshes and writes back when it may take the lock.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: clone.url("plan.md").path)
        let before = try Self.stamp(index)
        let result = try clone.run("sync", "--status")
        #expect(result.status == 0, "\(result)")
        #expect(try Self.stamp(index) == before, "enote's git status rewrote .git/index")
        // The check can fail: git's own status, with its optional lock, does rewrite it.
        _ = try clone.git("status", "--porcelain")
        #expect(try Self.stamp(index) != before, "git status did not refresh the index, so this test proves nothing")
    }
}
