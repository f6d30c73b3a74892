import Testing

@testable import NoteVault

/// What the watcher holds between an event and applying it: settling, notes being written, and
/// notes that vanished a moment ago (RELIABILITY rows 4, 12–14).
@Suite("PendingChanges")
struct PendingChangesTests {
    let note = NotePath(trusted: "note.md")
    let other = NotePath(trusted: "work/other.md")
    let settle = 0.05
    let maximumWrite = 2.0

    private func take(
        _ pending: inout PendingChanges, now: Double, existing: Set<NotePath>
    )
        -> (files: [NotePath], folders: [NotePath], full: Bool)
    {
        pending.take(now: now, settle: settle, maximumWrite: maximumWrite) { existing.contains($0) }
    }

    @Test("nothing pending: empty, no ready time, nothing to take")
    func empty() {
        var pending = PendingChanges()
        #expect(pending.isEmpty)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == nil)
        #expect(pending.settledTime(settle: settle) == nil)
        let taken = take(&pending, now: 100, existing: [note])
        #expect(taken.files.isEmpty && taken.folders.isEmpty && !taken.full)
    }

    @Test("a change is ready one settle period after the last event, which moves it later")
    func settleDebounces() {
        var pending = PendingChanges()
        pending.noteChanged(note, at: 10)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10 + settle)
        pending.noteChanged(other, at: 10.03)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10.03 + settle)
        #expect(!pending.isEmpty)
    }

    @Test("a note that exists is taken even before it settled (a catch-up wants it at once)")
    func existingNoteTakenAtOnce() {
        var pending = PendingChanges()
        pending.noteChanged(note, at: 10)
        let taken = take(&pending, now: 10.001, existing: [note])
        #expect(taken.files == [note])
        #expect(pending.isEmpty)
    }

    /// vim renames note.md to note.md~ and git checkout deletes it before the new file appears:
    /// a note gone for less than the settle time is kept pending, never applied as a removal.
    @Test("a note that vanished moments ago stays pending until it settles", arguments: [0.0, 0.01, 0.049])
    func transientDisappearanceKept(age: Double) {
        var pending = PendingChanges()
        pending.noteChanged(note, at: 10)
        let early = take(&pending, now: 10 + age, existing: [])
        #expect(early.files.isEmpty, "not applied while it may come back")
        #expect(pending.files[note] == 10, "still pending with its event time")
        #expect(pending.settledTime(settle: settle) == 10 + settle)

        let settled = take(&pending, now: 10 + settle, existing: [])
        #expect(settled.files == [note], "gone after settling: now it may be removed from the index")
        #expect(pending.isEmpty)
    }

    @Test("a note reappearing within the settle time is taken as a change, not a removal")
    func reappeared() {
        var pending = PendingChanges()
        pending.noteChanged(note, at: 10)  // MOVED_FROM note.md (vim)
        #expect(take(&pending, now: 10.01, existing: []).files.isEmpty)
        pending.noteChanged(note, at: 10.02)  // CREATE note.md
        #expect(take(&pending, now: 10.021, existing: [note]).files == [note])
    }

    @Test("a note put back after it vanished is looked at again when its last event has settled")
    func vanishedAfterTaken() {
        var pending = PendingChanges()
        pending.noteChanged(note, at: 10)
        #expect(take(&pending, now: 10.01, existing: [note]).files == [note])
        #expect(pending.isEmpty)

        pending.noteVanished(note, at: 10)  // gone when reconcile looked, a moment later
        #expect(pending.files[note] == 10)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10 + settle)
        #expect(take(&pending, now: 10.02, existing: []).files.isEmpty, "not settled yet")
        #expect(take(&pending, now: 10 + settle, existing: []).files == [note], "settled: now it may be removed")
    }

    @Test("a note being written waits for CLOSE_WRITE, up to maximumWrite")
    func writingWaitsForClose() throws {
        var pending = PendingChanges()
        pending.noteWriting(note, at: 10)
        pending.noteWriting(note, at: 10.5)  // a second MODIFY keeps the first start time
        #expect(pending.writing[note] == 10)
        #expect(
            pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10 + maximumWrite,
            "only notes being written: the limit, not the settle time")

        #expect(take(&pending, now: 11, existing: [note]).files.isEmpty, "still being written (nano truncated it)")
        #expect(pending.files[note] != nil)

        pending.noteClosed(note, at: 11.2)
        #expect(pending.writing[note] == nil)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 11.2 + settle)
        #expect(take(&pending, now: 11.2 + settle, existing: [note]).files == [note])
    }

    @Test("a write that never closes is taken after maximumWrite")
    func writeWithoutClose() {
        var pending = PendingChanges()
        pending.noteWriting(note, at: 10)
        #expect(take(&pending, now: 10 + maximumWrite - 0.01, existing: [note]).files.isEmpty)
        #expect(take(&pending, now: 10 + maximumWrite, existing: [note]).files == [note])
    }

    /// RELIABILITY row 14: nano and VS Code truncate the note, then write it; a catch-up in
    /// between leaves the note being written pending while it is empty, and does not wait for
    /// it either.
    @Test("notes being written stay pending unless a catch-up takes them, and a catch-up does not wait for them")
    func writingStaysPendingUnlessTaken() {
        var pending = PendingChanges()
        pending.noteWriting(note, at: 10)
        pending.noteChanged(other, at: 10)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10 + settle, "another note is ready at the settle time")
        #expect(pending.settledTime(settle: settle) == 10 + settle, "the other note, not the one being written")
        let taken = take(&pending, now: 10.01, existing: [note, other])
        #expect(taken.files == [other], "the written note stays")
        #expect(pending.settledTime(settle: settle) == nil, "nothing a catch-up should wait for")
        #expect(pending.files[note] == 10 && pending.writing[note] == 10)

        let empty = pending.take(now: 10.02, settle: settle, maximumWrite: maximumWrite, takeWriting: { _ in false }) { _ in true }
        #expect(empty.files.isEmpty, "a catch-up that finds it empty leaves it")
        let written = pending.take(now: 10.03, settle: settle, maximumWrite: maximumWrite, takeWriting: { $0 == note }) { _ in true }
        #expect(written.files == [note], "a catch-up that finds text takes it")
        #expect(pending.writing.isEmpty && pending.isEmpty)

        pending.noteWriting(note, at: 11)
        pending.noteClosed(note, at: 11.5)
        #expect(take(&pending, now: 11.5, existing: [note]).files == [note], "CLOSE_WRITE: taken at once")
    }

    @Test("folders and a full reconcile are taken at once, and only once")
    func foldersAndFull() {
        var pending = PendingChanges()
        pending.folderChanged(NotePath(trusted: "a"), at: 10)
        pending.folderChanged(NotePath(trusted: "a"), at: 10.01)
        pending.needsFullReconcile = true
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) == 10.01 + settle)
        let taken = take(&pending, now: 10.02, existing: [])
        #expect(taken.folders == [NotePath(trusted: "a")])
        #expect(taken.full)
        let again = take(&pending, now: 10.03, existing: [])
        #expect(again.folders.isEmpty && !again.full)
    }

    @Test("an overflow alone makes the changes non-empty and ready")
    func overflowAlone() {
        var pending = PendingChanges()
        pending.needsFullReconcile = true
        #expect(!pending.isEmpty)
        #expect(pending.readyTime(settle: settle, maximumWrite: maximumWrite) != nil)
    }

    @Test("clear forgets everything")
    func clear() {
        var pending = PendingChanges()
        pending.noteWriting(note, at: 1)
        pending.noteChanged(other, at: 1)
        pending.folderChanged(NotePath(trusted: "a"), at: 1)
        pending.needsFullReconcile = true
        pending.clear()
        #expect(pending.isEmpty && pending.writing.isEmpty && pending.files.isEmpty && pending.folders.isEmpty)
    }
}
