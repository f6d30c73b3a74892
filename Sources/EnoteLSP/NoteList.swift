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
    /// For each note, which bytes its folded text holds, as ``FuzzyMatch/mask(of:)`` folds
    /// them into 64 bits: a note whose mask lacks a bit of what was typed cannot match it.
    let masks: [UInt64]

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
        var masks: [UInt64] = []
        masks.reserveCapacity(summaries.count)
        folded.withUnsafeBufferPointer { folded in
            for index in 0..<summaries.count {
                masks.append(FuzzyMatch.mask(of: UnsafeBufferPointer(rebasing: folded[Int(starts[index])..<Int(starts[index + 1])])))
            }
        }
        self.masks = masks
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

/// Loads the list of notes, then the tag counts, on a thread of its own (through a connection
/// the vault's session lends it), so that neither the server's first answer nor a keystroke
/// waits for a read of every note. The first caller waits for the first load (completion of
/// notes does not wait for the tags). When the index changes, a small vault's list is read again
/// at once; a large one's in the background while the last list answers.
///
/// `@unchecked Sendable`: every `var` is read and written only with `condition` locked.
final class NoteListLoader: @unchecked Sendable {
    /// Up to this many notes, a stale list is read again before answering (a few milliseconds).
    static let synchronousLimit = 5000

    private let session: VaultSession
    private let condition = NSCondition()
    private var list: NoteList?
    private var tags: [String: Int]?
    private var loading = false
    /// Bumped when the index changes; each value records the generation its load started at.
    private var generation = 0
    private var listGeneration = -1
    private var tagsGeneration = -1

    init(session: VaultSession) {
        self.session = session
    }

    /// Starts a load in the background unless one is running.
    func start() {
        condition.lock()
        defer { condition.unlock() }
        startLocked()
    }

    private func startLocked() {
        guard !loading else { return }
        loading = true
        let started = generation
        let thread = Thread { [self] in
            let list = Self.loadList(session)
            condition.lock()
            if started > listGeneration {
                self.list = list
                listGeneration = started
            }
            condition.broadcast()
            condition.unlock()
            let tags = Self.loadTags(session)
            condition.lock()
            if started > tagsGeneration {
                self.tags = tags
                tagsGeneration = started
            }
            loading = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "enote lsp notes"
        thread.start()
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
        if list == nil {
            startLocked()
            while list == nil, loading { condition.wait() }
        }
        let fresh = list != nil && listGeneration == wanted
        let small = (list?.count ?? 0) < Self.synchronousLimit
        if let list, fresh || !small {
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
        if tags == nil {
            startLocked()
            while tags == nil, loading { condition.wait() }
        }
        let fresh = tags != nil && tagsGeneration == wanted
        let small = (list?.count ?? 0) < Self.synchronousLimit
        if let tags, fresh || !small {
            if !fresh { startLocked() }
            condition.unlock()
            return tags
        }
        condition.unlock()
        return loadHere(wanted).tags
    }

    /// Reads both on the caller's thread and keeps them.
    private func loadHere(_ wanted: Int) -> (list: NoteList, tags: [String: Int]) {
        let made = (Self.loadList(session), Self.loadTags(session))
        condition.lock()
        if wanted >= listGeneration {
            list = made.0
            listGeneration = wanted
        }
        if wanted >= tagsGeneration {
            tags = made.1
            tagsGeneration = wanted
        }
        condition.unlock()
        return made
    }

    /// Reads the notes from the index.
    static func loadList(_ session: VaultSession) -> NoteList {
        NoteList((try? session.withIndex { index throws(VaultError) in try index.summaries() }) ?? [])
    }

    /// Reads the tag counts from the index.
    static func loadTags(_ session: VaultSession) -> [String: Int] {
        (try? session.withIndex { index throws(VaultError) in try index.tagUses() }) ?? [:]
    }
}
