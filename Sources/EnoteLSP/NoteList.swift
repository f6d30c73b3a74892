import Foundation
import NoteVault

/// Every note of a vault as completion matches them: paths, titles and descriptions, sorted by
/// title, and each note's title and path lowercased in one contiguous buffer that
/// ``FuzzyMatch`` scans without touching a `String`.
final class NoteList: Sendable {
    let paths: [String]
    let titles: [String]
    let descriptions: [String]
    /// `title \u{1F} path`, lowercased, for each note, one after another.
    let folded: [UInt8]
    /// Where each note's folded text starts in ``folded``; one more entry, the end.
    let starts: [Int32]

    var count: Int { paths.count }

    init(_ summaries: [NoteSummary]) {
        var folded: [UInt8] = []
        var starts: [Int32] = []
        starts.reserveCapacity(summaries.count + 1)
        for summary in summaries {
            starts.append(Int32(folded.count))
            Self.fold(summary.title, into: &folded)
            folded.append(0x1F)
            Self.fold(summary.path, into: &folded)
        }
        starts.append(Int32(folded.count))
        self.paths = summaries.map(\.path)
        self.titles = summaries.map(\.title)
        self.descriptions = summaries.map(\.description)
        self.folded = folded
        self.starts = starts
    }

    /// Appends `text` lowercased: ASCII byte by byte (most titles and paths), anything else
    /// through `String.lowercased()`.
    private static func fold(_ text: String, into folded: inout [UInt8]) {
        let start = folded.count
        for byte in text.utf8 {
            guard byte < 0x80 else {
                folded.removeSubrange(start...)
                folded += text.lowercased().utf8
                return
            }
            folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
    }

    /// The file name of note `index` without `.md`, the name a wikilink uses.
    func name(_ index: Int) -> String {
        LanguageServer.stem(of: paths[index])
    }
}

/// Loads the list of notes, then the tag counts, on a thread of its own (with its own
/// connection to the index), so that neither the server's first answer nor a keystroke waits
/// for a read of every note. The first caller waits for the first load (completion of notes
/// does not wait for the tags). When the index changes, a small vault's list is read again at
/// once; a large one's in the background while the last list answers.
final class NoteListLoader: @unchecked Sendable {
    /// Up to this many notes, a stale list is read again before answering (a few milliseconds).
    static let synchronousLimit = 5000

    private let root: String
    /// Loads on the caller's thread with the server's own index: for a small vault, and when the
    /// index cannot be opened a second time (kept in memory for a read-only vault).
    private let onThisThread: () -> (list: NoteList, tags: [String: Int])
    private let condition = NSCondition()
    private var list: NoteList?
    private var tags: [String: Int]?
    private var loading = false
    /// Set when the background load could not open the index: later loads run on the caller.
    private var failed = false
    /// Bumped when the index changes; each value records the generation its load started at.
    private var generation = 0
    private var listGeneration = -1
    private var tagsGeneration = -1

    init(root: String, onThisThread: @escaping () -> (list: NoteList, tags: [String: Int])) {
        self.root = root
        self.onThisThread = onThisThread
    }

    /// Starts a load in the background unless one is running.
    func start() {
        condition.lock()
        defer { condition.unlock() }
        startLocked()
    }

    private func startLocked() {
        guard !loading, !failed else { return }
        loading = true
        let started = generation
        let root = root
        Thread.detachNewThread { [self] in
            guard let vault = try? Vault(root: root), let index = try? NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false) else {
                condition.lock()
                loading = false
                failed = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let list = Self.loadList(index)
            condition.lock()
            if started > listGeneration {
                self.list = list
                listGeneration = started
            }
            condition.broadcast()
            condition.unlock()
            let tags = Self.loadTags(index)
            condition.lock()
            if started > tagsGeneration {
                self.tags = tags
                tagsGeneration = started
            }
            loading = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The index changed: the next ``currentList()`` or ``currentTags()`` reads again.
    func markStale() {
        condition.lock()
        generation += 1
        condition.unlock()
    }

    /// The list to answer from: the first load's (waited for), a fresh one for a small vault, or
    /// the last one loaded while a newer one loads.
    func currentList() -> NoteList {
        condition.lock()
        let wanted = generation
        if list == nil, !failed {
            startLocked()
            while list == nil, loading { condition.wait() }
        }
        let fresh = list != nil && listGeneration == wanted
        let small = (list?.count ?? 0) < Self.synchronousLimit
        if let list, fresh || (!small && !failed) {
            if !fresh { startLocked() }
            condition.unlock()
            return list
        }
        condition.unlock()
        return loadHere(wanted).list
    }

    /// The tag counts, as ``currentList()`` gives the list (loaded after it).
    func currentTags() -> [String: Int] {
        condition.lock()
        let wanted = generation
        if tags == nil, !failed {
            startLocked()
            while tags == nil, loading { condition.wait() }
        }
        let fresh = tags != nil && tagsGeneration == wanted
        let small = (list?.count ?? 0) < Self.synchronousLimit
        if let tags, fresh || (!small && !failed) {
            if !fresh { startLocked() }
            condition.unlock()
            return tags
        }
        condition.unlock()
        return loadHere(wanted).tags
    }

    /// Reads both on the caller's thread and keeps them.
    private func loadHere(_ wanted: Int) -> (list: NoteList, tags: [String: Int]) {
        let made = onThisThread()
        condition.lock()
        if wanted >= listGeneration {
            list = made.list
            listGeneration = wanted
        }
        if wanted >= tagsGeneration {
            tags = made.tags
            tagsGeneration = wanted
        }
        condition.unlock()
        return made
    }

    /// Reads the notes from `index`.
    static func loadList(_ index: NoteIndex) -> NoteList {
        NoteList((try? index.summaries()) ?? [])
    }

    /// Reads the tag counts from `index`.
    static func loadTags(_ index: NoteIndex) -> [String: Int] {
        (try? index.tagUses()) ?? [:]
    }
}
