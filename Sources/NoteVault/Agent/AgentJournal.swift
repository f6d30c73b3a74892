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

    /// A note destroyed for good, as ``forget(_:)`` looks for its entries: its last path, the
    /// moment it was destroyed, and whether it was in the trash (so its own newest `delete`
    /// entry, the one that put it there, is about it).
    struct Destroyed {
        var path: NotePath
        var until: Date
        var wasTrashed: Bool
    }

    /// Removes every entry about the notes destroyed for good (done and pending alike: they hold
    /// the note's earlier text, which undo would bring back), and no other.
    ///
    /// Walking from the newest entry back, a note is followed at its path until its date: its
    /// edits go; a move that brought it there goes, and it is followed on at the path it came
    /// from, before that move; the entry that made it (a `create` that was not an undo) goes and
    /// ends it. An entry that shows another note had the path before it (a move away from it, a
    /// `delete` older than the note's own) is kept and ends it too, so the entries of notes that
    /// had the same name earlier stay.
    /// - Returns: How many entries were removed.
    @discardableResult
    func forget(_ destroyed: [Destroyed]) -> Int {
        struct Followed {
            var until: Date
            var wasTrashed: Bool
            var seenEntry = false
        }
        var followed: [String: Followed] = [:]
        for note in destroyed {
            let key = note.path.description
            followed[key] = Followed(until: max(followed[key]?.until ?? note.until, note.until), wasTrashed: note.wasTrashed)
        }
        guard !followed.isEmpty else { return 0 }
        var removed = 0
        for name in names().sorted(by: { $0.number > $1.number }) {
            guard let entry = entry(name.number, pending: name.pending) else { continue }
            var about = false
            if entry.kind == .move, let to = entry.to, let note = followed[to], entry.date <= note.until {
                // The move that brought the note to `to`: before it, the note was at `path`.
                about = true
                followed[to] = nil
                followed[entry.path] = Followed(until: entry.date, wasTrashed: false)
            } else if var note = followed[entry.path], entry.date <= note.until {
                switch entry.kind {
                case .edit:
                    about = true
                case .create:
                    about = true
                    // Made here (an undo of a delete brings back the same note, which goes on).
                    if entry.undoes == nil { followed[entry.path] = nil }
                case .delete where note.wasTrashed && !note.seenEntry:
                    about = true  // the write that put the destroyed note in the trash
                case .delete, .move:
                    // Another note went from this path before the destroyed one was here.
                    followed[entry.path] = nil
                }
                if about, followed[entry.path] != nil {
                    note.seenEntry = true
                    followed[entry.path] = note
                }
            }
            guard about else { continue }
            if unlink(vault.root + "/" + file(name.number, pending: name.pending).description) == 0 { removed += 1 }
        }
        return removed
    }
}
