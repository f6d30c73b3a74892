import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 31, the race: while `enote set` runs again and again on a note, another
/// thread keeps swapping the note for a symbolic link to a file outside the vault and back. enote
/// must never write through the link nor read the outside file into the note or the index.
@Suite struct SymlinkRaceTests {
    /// Renames a symbolic link to `outside` over the note, then a regular file, in a loop, at
    /// random moments.
    final class LinkSwapper: @unchecked Sendable {
        private let lock = NSLock()
        private var stopping = false
        private var count = 0
        private let finished = DispatchSemaphore(value: 0)

        init(note: String, outside: String, regular: Data) {
            let folder = (note as NSString).deletingLastPathComponent
            let link = folder + "/.swap-link"
            let file = folder + "/.swap-file"
            Thread.detachNewThread { [self] in
                while !lock.withLock({ stopping }) {
                    unlink(link)
                    symlink(outside, link)
                    rename(link, note)
                    usleep(UInt32.random(in: 0...2_000))
                    _ = FileManager.default.createFile(atPath: file, contents: regular)
                    rename(file, note)
                    lock.withLock { count += 1 }
                    // Mostly a regular file, so that commands get far enough to meet a swap
                    // between their read and their write.
                    usleep(UInt32.random(in: 0...20_000))
                }
                finished.signal()
            }
        }

        /// Stops the loop (after a swap back to a regular file) and waits for it.
        func finish() -> Int {
            lock.withLock { stopping = true }
            finished.wait()
            return lock.withLock { count }
        }
    }

    @Test func swappingANoteForALinkNeverLetsEnoteThroughIt() throws {
        // Given a note, a secret file outside the vault, and an index
        let vault = try TemporaryVault(sample: false)
        let secretWord = "zebrasecret"
        let outside = vault.base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let secret = outside.appendingPathComponent("secret.md")
        let secretBytes = Data("---\ntitle: Secret\ncolor: green\n---\nThe \(secretWord) must never enter the vault.\n".utf8)
        try secretBytes.write(to: secret)
        let secretModified = try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate] as? Date
        let regular = Data("---\ntitle: Target\ncolor: red\n---\nInside text.\n".utf8)
        try regular.write(to: vault.url("note.md"))
        try #require(try vault.run("list").status == 0)

        // When `set` runs 15 times while another thread swaps the note for a link and back
        let swapper = LinkSwapper(note: vault.url("note.md").path, outside: secret.path, regular: regular)
        var outcomes: [String] = []
        for round in 0..<15 {
            let result = try vault.run("set", "note.md", "--color", round % 2 == 0 ? "blue" : "red")
            #expect([0, 1, 3].contains(result.status), "\(result)")
            #expect(!result.stderr.contains(secretWord) && !result.stdout.contains(secretWord), "\(result)")
            outcomes.append(result.status == 0 ? "written" : String(result.stderr.prefix(90)))
        }
        let swaps = swapper.finish()
        #expect(swaps >= 15, "the race hardly ran: \(swaps) swaps")

        // Then the outside file was never written, and nothing of it is in the vault or the index
        #expect(try Data(contentsOf: secret) == secretBytes)
        #expect(try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate] as? Date == secretModified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["secret.md"])
        for (path, entry) in try vault.tree() {
            if case .file(let data, _) = entry {
                #expect(!String(decoding: data, as: UTF8.self).contains(secretWord), "\(path) holds the secret; outcomes: \(outcomes)")
            }
        }
        let search = try vault.run("search", "--json", secretWord)
        #expect(try JSONOutput.array(search).isEmpty, "\(search)")
        for suffix in ["", "-wal", "-shm"] {
            let index = (try? Data(contentsOf: vault.url(".enote/index.sqlite" + suffix))) ?? Data()
            #expect(index.range(of: Data(secretWord.utf8)) == nil, "the index\(suffix) holds the secret")
        }
    }
}
