import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 112 while `enote watch` runs: the watcher re-indexes a changed note's tasks
/// with the rest of it, whatever way the file was saved, so a command that asks it to catch up
/// lists the tasks as they are on disk.
@Suite("Watcher: tasks")
struct WatcherTaskTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("todo.md", "- [ ] first 📅 2026-11-20\n")
    }

    /// The open tasks as a command sees them after the watcher caught up.
    func openTasks(_ watcher: RunningWatcher) throws -> [String] {
        #expect(watcher.catchUp())
        let query = TaskQuery(notes: NoteFilter(now: VaultSandbox.now), today: CalendarDay(VaultSandbox.now, in: VaultSandbox.timeZone))
        return try watcher.index().tasks(query).map { "\($0.path):\($0.line) \($0.summary) \($0.due?.description ?? "-")" }
    }

    @Test("tasks written, edited in place, renamed over and removed follow the files")
    func follows() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(try openTasks(watcher) == ["todo.md:1 first 2026-11-20"])

        // Given a new note, then the first edited in place (same inode) and by a rename over it.
        try Syscall.write(sandbox.path("new.md"), "Intro\n\n- [ ] second due:2026-11-19\n")
        #expect(try openTasks(watcher) == ["new.md:3 second 2026-11-19", "todo.md:1 first 2026-11-20"])
        try sandbox.overwriteInPlace("todo.md", "- [x] first 📅 2026-11-20\n- [ ] third\n")
        #expect(try openTasks(watcher) == ["new.md:3 second 2026-11-19", "todo.md:2 third -"])
        try Syscall.write(sandbox.path(".todo.md.tmp"), "- [ ] fourth 📅 2026-11-18\n")
        try Syscall.rename(sandbox.path(".todo.md.tmp"), sandbox.path("todo.md"))
        #expect(try openTasks(watcher) == ["todo.md:1 fourth 2026-11-18", "new.md:3 second 2026-11-19"])

        // And a toggle through the library, then a removal.
        _ = try watcher.vault.setTask(in: NotePath(trusted: "new.md"), line: 3, done: true)
        #expect(try openTasks(watcher) == ["todo.md:1 fourth 2026-11-18"])
        try Syscall.unlink(sandbox.path("todo.md"))
        #expect(try openTasks(watcher) == [])
    }
}
