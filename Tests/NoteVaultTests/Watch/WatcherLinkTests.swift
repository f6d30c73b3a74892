import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 19 while `enote watch` runs: symbolic links created in the vault (to a system
/// folder, to a secret file outside, to the vault itself, to a note) are never followed or
/// indexed; each gets one warning, however many walks follow; the watcher keeps working.
@Suite("Watcher: symbolic links")
struct WatcherLinkTests {
    let sandbox: VaultSandbox
    /// Each link made, with its target.
    let links = [
        ("etc", "/etc"),
        ("key.md", ""),  // the secret outside the vault, set in init
        ("loop", "."),
        ("work/up", ".."),
        ("alias.md", "seed.md"),
    ]

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
        try sandbox.makeFolder("work")
        try sandbox.makeFolder(".git")
        try sandbox.writeAbsolute(sandbox.outside + "/id_rsa.md", Array(noteText("secretword").utf8))
    }

    /// The warnings logged about `path`.
    private func warnings(about path: String, in watcher: RunningWatcher) -> [String] {
        watcher.lines.filter { $0.hasPrefix("warning: \(path): ") }
    }

    /// Makes git hold its index lock for a moment, which makes the watcher walk the whole vault.
    private func forceFullReconcile(_ watcher: RunningWatcher) throws {
        let mark = watcher.mark
        try sandbox.write(".git/index.lock", "")
        #expect(!watcher.catchUp(), "busy while git holds its lock")
        try Syscall.unlink(sandbox.path(".git/index.lock"))
        let walked = poll(until: 10) { watcher.lines(since: mark).contains { $0.hasPrefix("full reconcile:") } }
        #expect(walked, "\(watcher.lines(since: mark))")
    }

    @Test("links made while watching are not followed or indexed, and each is named once")
    func linksMadeWhileWatching() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        // Given links made while the watcher runs.
        for (path, target) in links {
            try sandbox.symlink(target.isEmpty ? sandbox.outside + "/id_rsa.md" : target, at: path)
        }
        try sandbox.write("after.md", noteText("after"))

        // Then none is indexed, and each is named once, as soon as a command catches up.
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["after.md", "seed.md"])
        for (path, _) in links {
            #expect(
                warnings(about: path, in: watcher) == ["warning: \(path): a symbolic link; enote does not follow links, so it is not a note"],
                "\(watcher.lines)")
        }

        // However many times the whole vault is walked again.
        try forceFullReconcile(watcher)
        try forceFullReconcile(watcher)
        for (path, _) in links {
            #expect(warnings(about: path, in: watcher).count == 1, "\(path): \(watcher.lines)")
        }

        // And the watcher keeps working; nothing outside was read or touched.
        try sandbox.write("work/later.md", noteText("later"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["after.md", "seed.md", "work/later.md"])
        #expect(try !watcher.indexedNotes().contains { $0.description.contains("secretword") })
        #expect(!watcher.lines.contains { $0.contains("secretword") || $0.contains("id_rsa") })
        #expect(sandbox.outsideContents() == ["id_rsa.md"])
        let found = try watcher.index().search(try SearchQuery(parsing: "secretword"), filter: NoteFilter(now: VaultSandbox.now), limit: 10)
        #expect(found.total == 0, "the secret behind key.md is not searchable")
    }
}
