import Foundation

/// The record of every write an agent made through ``AgentEditor``, with the bytes each one
/// replaced, so that any of them can be undone: one file per write in `.enote/agent-journal/`
/// (git-ignored, like the index), numbered from 1. The newest ``kept`` are kept.
///
/// An entry is written, durably, before the write it records; a write that then fails removes it.
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

    private func file(_ number: Int) -> NotePath {
        folder.appending(Array(Self.name(number).utf8))
    }

    private static func name(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".json"
    }

    /// Writes `entry` durably under the next free number, which it returns (and sets).
    func record(_ entry: inout Entry) throws(AgentError) -> Int {
        do throws(VaultError) {
            try vault.makeFolders(folder)
        } catch {
            throw .journal(error.message)
        }
        var number = (numbers().last ?? 0) + 1
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        for _ in 0..<100 {
            entry.number = number
            guard let data = try? encoder.encode(entry) else { throw .journal("the entry could not be encoded") }
            do {
                try vault.writer.create(file(number), with: Array(data), mode: 0o600)
                if number > Self.kept { prune(below: number - Self.kept + 1) }
                return number
            } catch .exists {
                number += 1  // another writer took this number
            } catch {
                throw .journal(error.message)
            }
        }
        throw .journal("no free entry number")
    }

    /// Removes an entry whose write did not happen.
    func remove(_ number: Int) {
        _ = unlink(vault.root + "/" + file(number).description)
    }

    /// Removes the entries numbered below `number`.
    private func prune(below number: Int) {
        for old in numbers() where old < number { remove(old) }
    }

    /// The numbers of the entries kept, in order.
    private func numbers() -> [Int] {
        guard let names = try? vault.names(inFolder: folder.bytes) else { return [] }
        return names.compactMap { name -> Int? in
            let text = String(decoding: name, as: UTF8.self)
            guard text.hasSuffix(".json"), text.count == 13 else { return nil }
            return Int(text.dropLast(5))
        }.sorted()
    }

    /// The entry numbered `number`, or `nil`.
    public func entry(_ number: Int) -> Entry? {
        guard number > 0, let bytes = try? Vault.readStateFile(file(number).bytes, root: vault.root, limit: 64 << 20) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Entry.self, from: Data(bytes))
    }

    /// The newest `count` entries, newest first.
    public func entries(last count: Int) -> [Entry] {
        numbers().suffix(max(0, count)).reversed().compactMap(entry)
    }
}
