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

/// Loads the list of notes and the tag counts on a thread of its own (with its own connection
/// to the index), so that neither the server's first answer nor a keystroke waits
/// for a read of every note. The first caller waits for the first load. When the index changes,
/// a small vault's list is read again at once; a large one's is read in the background while the
/// last list answers.
final class NoteListLoader: @unchecked Sendable {
    /// A loaded list and the tags, read together.
    struct Loaded: Sendable {
        var list: NoteList
        var tags: [String: Int]
    }

    /// Up to this many notes, a stale list is read again before answering (a few milliseconds).
    static let synchronousLimit = 5000

    private let root: String
    /// Loads on the caller's thread with the server's own index: for a small vault, and when the
    /// index cannot be opened a second time (kept in memory for a read-only vault).
    private let onThisThread: () -> Loaded
    private let condition = NSCondition()
    private var loaded: Loaded?
    private var loading = false
    /// Set when the background load could not open the index: later loads run on the caller.
    private var failed = false
    /// Bumped when the index changes; a load records the generation it started at.
    private var generation = 0
    private var loadedGeneration = -1

    init(root: String, onThisThread: @escaping () -> Loaded) {
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
            var result: Loaded?
            if let vault = try? Vault(root: root), let index = try? NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false) {
                result = Self.load(index)
            }
            condition.lock()
            loading = false
            if let result {
                if started > loadedGeneration {
                    loaded = result
                    loadedGeneration = started
                }
            } else {
                failed = true
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The index changed: the next ``current()`` reads the list again.
    func markStale() {
        condition.lock()
        generation += 1
        condition.unlock()
    }

    /// The list to answer from: the first load's (waited for), a fresh one for a small vault, or
    /// the last one loaded while a newer one loads.
    func current() -> Loaded {
        condition.lock()
        let wanted = generation
        if loaded == nil, !failed {
            startLocked()
            while loading { condition.wait() }
        }
        let answer = loaded
        let fresh = answer != nil && loadedGeneration == wanted
        let small = (answer?.list.count ?? 0) < Self.synchronousLimit
        if !fresh, answer != nil, !small { startLocked() }
        condition.unlock()
        if let answer, fresh || (!small && !failed) { return answer }
        let made = onThisThread()
        condition.lock()
        if wanted >= loadedGeneration {
            loaded = made
            loadedGeneration = wanted
        }
        condition.unlock()
        return made
    }

    /// Reads the notes and tags from `index`.
    static func load(_ index: NoteIndex) -> Loaded {
        let list = NoteList((try? index.summaries()) ?? [])
        var tags: [String: Int] = [:]
        for tag in (try? index.tags()) ?? [] { tags[tag.tag] = tag.count }
        return Loaded(list: list, tags: tags)
    }
}
