import Foundation

/// The record of every write an agent made through ``AgentEditor``, with the bytes each one
/// replaced, so that any of them can be undone: one file per write in `.enote/agent-journal/`
/// (git-ignored, like the index), numbered from 1. The newest ``kept`` are kept.
///
/// An entry is written, durably, before the write it records, as pending (`00000007.pending`):
/// that takes its number. It counts (it is listed, and its write can be undone) only once the
/// write is done and ``complete(_:)`` has written it as `00000007.json`; a write that fails
/// removes it. A process killed in between leaves a pending entry that is never listed, so the
/// log never shows a write that did not happen. Any other file found in the folder (a stray
/// `99999999.json`, a name too long for a number) is never a reason to refuse a write or to drop
/// the history: numbers go on after the highest found, and pruning keeps the newest ``kept``.
public struct AgentJournal: Sendable {
    /// One write.
    public struct Entry: Codable, Sendable, Equatable {
        /// What the write did to the vault, which says how to undo it.
        public enum Kind: String, Codable, Sendable {
            /// A note was made at ``path`` (undo: to the trash).
            case create
            /// The note's text changed from ``before`` (undo: write it back).
            case edit
            /// The note went to the trash; ``before`` is its text (undo: write it back).
            case delete
            /// The note moved from ``path`` to ``to``, links rewritten (undo: move it back).
            case move
        }

        /// The write's number, from 1.
        public var number: Int
        public var date: Date
        /// The client the agent spoke through, as it named itself (`claude-ai 0.1.0`).
        public var client: String
        /// The tool it called (`replace`, `append`, `undo`, …).
        public var tool: String
        public var kind: Kind
        /// The note (its path before a move).
        public var path: String
        /// Where a move took it.
        public var to: String?
        /// The note's bytes before the write (none for a create or a move).
        public var before: Data?
        /// The revision of the note the write left (none after a delete).
        public var after: String?
        /// The write this one undid.
        public var undoes: Int?
    }

    /// The folder's name inside `.enote/`.
    public static let folderName = "agent-journal"
    /// How many writes are kept: older entries are removed as new ones come.
    public static let kept = 1000

    let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    private var folder: NotePath { NotePath(trusted: Vault.stateFolderName + "/" + Self.folderName) }

    /// The highest number a file's name is read as: far beyond any journal, far below overflow.
    static let largestNumber = 999_999_999_999

    private func file(_ number: Int, pending: Bool = false) -> NotePath {
        folder.appending(Array(Self.name(number, pending: pending).utf8))
    }

    private static func name(_ number: Int, pending: Bool = false) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + (pending ? ".pending" : ".json")
    }

    /// Writes `entry` durably as pending under the next free number, which it returns (and
    /// sets); ``complete(_:)`` makes it count once its write is done.
    func record(_ entry: inout Entry) throws(AgentError) -> Int {
        do throws(VaultError) {
            try vault.makeFolders(folder)
        } catch {
            throw .journal(error.message)
        }
        var number = (names().map(\.number).max() ?? 0) + 1
        for _ in 0..<100 {
            entry.number = number
            guard let data = Self.encoded(entry) else { throw .journal("the entry could not be encoded") }
            do {
                try vault.writer.create(file(number, pending: true), with: data, mode: 0o600)
                return number
            } catch .exists {
                number += 1  // another writer took this number
            } catch {
                throw .journal(error.message)
            }
        }
        throw .journal("no free entry number")
    }

    /// Makes the pending entry `entry.number` count, its write being done: written as the entry
    /// (a move's now knows the revision it left), then the pending file removed. Quiet when it
    /// cannot: the write stays done, and only its undo is lost.
    func complete(_ entry: Entry) {
        guard let data = Self.encoded(entry), (try? vault.writer.create(file(entry.number), with: data, mode: 0o600)) != nil else { return }
        remove(entry.number)
        prune()
    }

    /// Removes the pending entry of a write that did not happen.
    func remove(_ number: Int) {
        _ = unlink(vault.root + "/" + file(number, pending: true).description)
    }

    private static func encoded(_ entry: Entry) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(entry)).map(Array.init)
    }

    /// Keeps the newest ``kept`` done entries, and the pending ones no older than the oldest of
    /// them (a write of another process may still be under way).
    private func prune() {
        let done = numbers()
        guard done.count > Self.kept else { return }
        let oldestKept = done[done.count - Self.kept]
        for name in names() where name.number < oldestKept {
            _ = unlink(vault.root + "/" + file(name.number, pending: name.pending).description)
        }
    }

    /// The entries' files: every name that is a number (as ``name(_:pending:)`` writes it, up to
    /// ``largestNumber``) and `.json` or `.pending`.
    private func names() -> [(number: Int, pending: Bool)] {
        guard let names = try? vault.names(inFolder: folder.bytes) else { return [] }
        return names.compactMap { name -> (Int, Bool)? in
            let text = String(decoding: name, as: UTF8.self)
            let pending = text.hasSuffix(".pending")
            guard pending || text.hasSuffix(".json") else { return nil }
            let stem = text.dropLast(pending ? 8 : 5)
            guard stem.count <= 12, stem.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(stem), number > 0,
                number <= Self.largestNumber, Self.name(number, pending: pending) == text
            else { return nil }
            return (number, pending)
        }
    }

    /// The numbers of the entries that count (their write done), in order.
    private func numbers() -> [Int] {
        names().filter { !$0.pending }.map(\.number).sorted()
    }

    /// The entry numbered `number`, or `nil`.
    public func entry(_ number: Int) -> Entry? {
        entry(number, pending: false)
    }

    private func entry(_ number: Int, pending: Bool) -> Entry? {
        guard number > 0, let bytes = try? Vault.readStateFile(file(number, pending: pending).bytes, root: vault.root, limit: 64 << 20) else {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Entry.self, from: Data(bytes))
    }

    /// The newest `count` entries, newest first.
    public func entries(last count: Int) -> [Entry] {
        numbers().suffix(max(0, count)).reversed().compactMap(entry)
    }

    // MARK: - Destroyed notes

    /// Removes every entry about the notes destroyed for good, each at its path until its date
    /// (done and pending alike: they hold the note's earlier text, which undo would bring back),
    /// and, through a move that brought it there, the entries about it at its earlier path
    /// before that move. Entries about another note later made at the same path stay.
    /// - Returns: How many entries were removed.
    @discardableResult
    func forget(_ destroyed: [(path: NotePath, until: Date)]) -> Int {
        var tracked: [String: Date] = [:]
        for note in destroyed { tracked[note.path.description] = max(tracked[note.path.description] ?? note.until, note.until) }
        guard !tracked.isEmpty else { return 0 }
        var removed = 0
        let newestFirst = names().sorted { $0.number > $1.number }
        for name in newestFirst {
            guard let entry = entry(name.number, pending: name.pending) else { continue }
            let about: Bool
            if entry.kind == .move, let to = entry.to, let until = tracked[to], entry.date <= until {
                about = true
                tracked[entry.path] = max(tracked[entry.path] ?? entry.date, entry.date)
            } else if let until = tracked[entry.path], entry.date <= until {
                about = true
            } else {
                about = false
            }
            guard about else { continue }
            if unlink(vault.root + "/" + file(name.number, pending: name.pending).description) == 0 { removed += 1 }
        }
        return removed
    }
}
