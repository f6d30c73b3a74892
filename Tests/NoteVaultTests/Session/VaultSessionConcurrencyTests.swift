import Foundation
import Synchronization
import Testing

@testable import NoteVault

/// A server's session used from many threads at once: each read on a connection no other thread
/// uses, freshening coalesced, and an index damaged or replaced under it healed once, with every
/// connection moving to the healed file.
@Suite struct VaultSessionConcurrencyTests {
    static let noteCount = 60
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        for number in 0..<Self.noteCount {
            let words = number % 3 == 0 ? "apple orchard" : "filler text"
            try sandbox.write("notes/note-\(number).md", VaultSandbox.noteText(title: "Note \(number)", body: "\(words) \(number)\n"))
        }
    }

    /// The query every reader asks.
    static let apple = try! SearchQuery(parsing: "apple")

    /// The notes that have "apple" (every third).
    static var apples: Set<String> { Set(stride(from: 0, to: noteCount, by: 3).map { "notes/note-\($0).md" }) }

    @Test("reads from many threads at once: each right, no connection lent to two threads, no more connections than the role's")
    func concurrentReads() throws {
        let session = try VaultSession(vault: sandbox.vault(), role: .web(readOnly: false))
        try session.fresh()
        let lent = Locked<Set<ObjectIdentifier>>([])
        let failures = Locked<[String]>([])
        Self.onThreads(64) { round in
            do {
                let found = try session.read { index throws(VaultError) -> Set<String> in
                    let me = ObjectIdentifier(index)
                    let alone = lent.withLock { $0.insert(me).inserted }
                    defer { lent.withLock { _ = $0.remove(me) } }
                    if !alone { failures.withLock { $0.append("round \(round): a connection lent to two threads") } }
                    switch round % 3 {
                    case 0: return Set(try index.search(Self.apple, filter: NoteFilter(now: VaultSandbox.now), limit: 100).notes.map(\.path.description))
                    case 1: return Set(try index.list(NoteFilter(now: VaultSandbox.now), sort: NoteSort(key: .title)).map(\.path.description))
                    default: return try index.count(NoteFilter(now: VaultSandbox.now)) == Self.noteCount ? Self.apples : []
                    }
                }
                let expected = round % 3 == 1 ? Set((0..<Self.noteCount).map { "notes/note-\($0).md" }) : Self.apples
                if found != expected { failures.withLock { $0.append("round \(round): \(found.count) notes") } }
            } catch {
                failures.withLock { $0.append("round \(round): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(session.openConnections <= SessionRole.web(readOnly: false).readers)
    }

    @Test("callers that ask while a walk runs share one walk after it, not one each")
    func freshenIsCoalesced() throws {
        let session = try VaultSession(vault: sandbox.vault(), role: .web(readOnly: false))
        let callers = 8
        let walking = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = Locked(false)
        let done = DispatchGroup()
        // The first walk (every note is new) stops at its first progress report until released.
        done.enter()
        Thread {
            _ = try? session.fresh { _ in
                if first.withLock({ seen in defer { seen = true }; return !seen }) {
                    walking.signal()
                    release.wait()
                }
            }
            done.leave()
        }.start()
        walking.wait()
        for _ in 0..<callers {
            done.enter()
            Thread {
                _ = try? session.fresh()
                done.leave()
            }.start()
        }
        // Each caller takes a ticket when it asks: wait until every one has asked.
        #expect(poll(until: 30) { session.freshTickets >= UInt64(2 + callers) })
        release.signal()
        done.wait()
        #expect(session.walkCount == 2, "one walk for the first caller, one shared by the \(callers) that asked while it ran")
        try sandbox.write("late.md", VaultSandbox.noteText(title: "Late"))
        try session.fresh()
        #expect(session.walkCount == 3, "a caller after the walks walks again")
        #expect(try session.withIndex { index throws(VaultError) in try index.contains(NotePath(trusted: "late.md")) })
    }

    @Test("an index damaged under a server's session is healed once; every connection moves to the healed file")
    func damagedIndexHealedUnderTheSession() throws {
        let messages = Messages()
        let session = try VaultSession(vault: sandbox.vault(), role: .web(readOnly: false)) { messages.append($0) }
        try session.fresh()
        let readers = SessionRole.web(readOnly: false).readers
        #expect(try Self.answersOnEveryConnection(session, readers) == Array(repeating: Self.apples, count: readers))
        #expect(session.openConnections == readers)

        // Garbage over the file and its journals, as a failing disk or a stray program leaves it.
        let path = NoteIndex.databasePath(for: try sandbox.vault())
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        try Data(repeating: 0xA5, count: 4096).write(to: URL(fileURLWithPath: path + "-wal"))
        try Data(repeating: 0x5A, count: 32_768).write(to: URL(fileURLWithPath: path + "-shm"))

        #expect(try Self.answersOnEveryConnection(session, readers) == Array(repeating: Self.apples, count: readers))
        #expect(messages.lines.filter { $0.contains("rebuilding it from the notes") }.count <= 1, "\(messages.lines)")

        // A note written now, through whichever connection, is seen through every one.
        try sandbox.write("notes/late.md", VaultSandbox.noteText(title: "Late", body: "apple late\n"))
        try session.refresh(files: [NotePath(trusted: "notes/late.md")])
        let withLate = Self.apples.union(["notes/late.md"])
        #expect(try Self.answersOnEveryConnection(session, readers) == Array(repeating: withLate, count: readers))
    }

    @Test("an index another process built again is what every connection of a session reads next")
    func replacedIndexIsReadByEveryConnection() throws {
        let vault = try sandbox.vault()
        let session = try VaultSession(vault: vault, role: .web(readOnly: false))
        try session.fresh()
        let readers = SessionRole.web(readOnly: false).readers
        _ = try Self.answersOnEveryConnection(session, readers)
        _ = try VaultSession(vault: vault, role: .command, purpose: .rebuild).fresh()
        try sandbox.write("notes/late.md", VaultSandbox.noteText(title: "Late", body: "apple late\n"))
        try VaultSession(vault: vault, role: .command).refresh(files: [NotePath(trusted: "notes/late.md")])
        let withLate = Self.apples.union(["notes/late.md"])
        #expect(try Self.answersOnEveryConnection(session, readers) == Array(repeating: withLate, count: readers))
    }

    /// Runs `body` on `count` threads of their own at once (`concurrentPerform` would use only
    /// as many as the machine has cores), and returns when all have finished.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for number in 0..<count {
            done.enter()
            Thread {
                body(number)
                done.leave()
            }.start()
        }
        done.wait()
    }

    /// The notes that have "apple", read through `count` connections at once (each thread holds
    /// its connection until all have one, so that every connection of the pool answers).
    static func answersOnEveryConnection(_ session: VaultSession, _ count: Int) throws -> [Set<String>] {
        let arrived = Locked(0)
        let answers = Locked<[Set<String>]>([])
        let failures = Locked<[String]>([])
        Self.onThreads(count) { _ in
            do {
                let found = try session.withIndex { index throws(VaultError) -> Set<String> in
                    arrived.withLock { $0 += 1 }
                    _ = poll(until: 30) { arrived.withLock { $0 } >= count }
                    let hits = try index.search(Self.apple, filter: NoteFilter(now: VaultSandbox.now), limit: 100)
                    return Set(hits.notes.map(\.path.description))
                }
                answers.withLock { $0.append(found) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        try #require(failures.withLock { $0 } == [])
        return answers.withLock { $0 }
    }
}

/// A value several threads share, behind a lock (a class, so that closures of threads can hold it).
final class Locked<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }
}
