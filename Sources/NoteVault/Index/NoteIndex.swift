import Foundation

/// The vault's SQLite index (`.enote/index.sqlite`): a disposable cache of the note files that
/// lets `list` and `search` answer without reading them.
///
/// Opening it checks that the file is a database of the current schema; a missing, corrupt or
/// older index is moved aside and rebuilt from the files, with one line of explanation, and so is
/// one that any later statement finds damaged (`SQLITE_CORRUPT`). Before answering, the session
/// brings the index up to date (``VaultSession/fresh(progress:)``), which re-reads only the
/// files whose size, times or inode changed.
///
/// This class is the facade: the connection's life (opening, busy retries, healing, memory
/// fallback, replacement) is ``IndexConnection``'s, every SQL statement is ``IndexStore``'s
/// (both in `Index/Store/`), and the methods here say what to read or write in the package's
/// terms.
///
/// A front end never opens or synchronises it: it holds a ``VaultSession``, which does both and
/// lends the index to one thread at a time. For example:
///
/// ```swift
/// let session = try VaultSession(vault: vault, role: .command)
/// let recent = try session.read { index in
///     try index.list(NoteFilter(now: Date()), sort: .init(key: .updated), limit: 20)
/// }
/// ```
///
/// Threading contract (`@unchecked Sendable`): an index is used by one thread at a time — the
/// thread a ``VaultSession`` lends it to (``IndexPool``), or the watcher's loop — and may be
/// handed from one thread to another between uses (which is what `Sendable` allows). Its connection is replaced in place (healing,
/// a bulk build, a move into memory, ``reopenIfReplaced()``) without a lock, so two threads must
/// never call it at once. The threads it starts itself (``BatchPipeline``'s reader) only read
/// note files and never touch the index object.
public final class NoteIndex: @unchecked Sendable {
    /// The vault this index describes.
    public let vault: Vault
    /// The database connection and its life.
    let connection: IndexConnection
    /// Runs after a walk or a reconcile has looked at the index and the files, right before it
    /// writes what it found (or builds a new file from it): tests play another process's writes here, at the one moment a
    /// race between two writers of the index needs. `nil` outside tests.
    var beforeWriting: (() -> Void)?
    /// The session's vectors kept in memory between searches (servers), or `nil`: each search
    /// by meaning reads them from the index.
    var vectorCache: PassageMatrixCache?

    /// Where the database file is.
    public var path: String { connection.path }

    /// Why this command keeps the index in memory instead of saving it to ``path`` (a read-only
    /// vault, a full disk), or `nil` when changes are saved as usual.
    public var unsavedReason: LocalizedMessage? { connection.unsavedReason }

    private init(vault: Vault, connection: IndexConnection) {
        self.vault = vault
        self.connection = connection
        // Damage found by a statement is healed by filling a new file from the notes. The
        // connection belongs to this index and never outlives it.
        connection.refill = { [unowned self] () throws(VaultError) -> SyncReport in try self.synchronize() }
    }

    /// The database file of a vault.
    public static func databasePath(for vault: Vault) -> String {
        vault.stateFolder + "/index.sqlite"
    }

    /// Opens the index of `vault`, rebuilding it when it is missing, corrupt or of an older
    /// schema.
    ///
    /// An index that is only busy (another process holds a lock on it) is never rebuilt: the
    /// open waits and tries again. An index that cannot be written (a read-only vault, a full
    /// disk) is copied into memory for this command, brought up to date there and not saved.
    /// - Parameters:
    ///   - vault: The vault.
    ///   - cacheKiB: SQLite's page cache in KiB (a long-running watcher keeps it small).
    ///   - busyTimeout: How long each attempt waits for another process's lock, in seconds; an
    ///     attempt that runs out is repeated three times.
    ///   - memoryFallback: Keep an index that cannot be saved in memory for this process; when
    ///     false (a watcher, whose index other commands read from the file), fail instead.
    ///   - inform: Receives one line whenever the index is rebuilt or kept in memory, and why.
    static func open(
        _ vault: Vault, cacheKiB: Int = 65536, busyTimeout: Double = 5, memoryFallback: Bool = true,
        inform: @escaping (String) -> Void = { _ in }
    ) throws(VaultError) -> NoteIndex {
        let connection = try IndexConnection.open(
            vault, path: databasePath(for: vault), cacheKiB: cacheKiB, busyTimeout: busyTimeout, memoryFallback: memoryFallback, inform: inform)
        return NoteIndex(vault: vault, connection: connection)
    }

    /// Deletes the index and builds it again from the files.
    static func rebuild(_ vault: Vault) throws(VaultError) -> NoteIndex {
        IndexConnection.moveAside(databasePath(for: vault), keep: false)
        return try open(vault)
    }

    /// Opens the index file again when another process replaced it (a command that found it
    /// damaged and rebuilt it, `enote index --rebuild`) or removed it, so that a long-running
    /// process (the watcher) does not go on writing to a file no one else reads.
    /// - Returns: Whether the connection now has another file open; its content may be behind
    ///   the notes, so the caller compares the whole vault with it.
    public func reopenIfReplaced() throws(VaultError) -> Bool {
        try connection.reopenIfReplaced()
    }

    /// Whether another connection or process replaced or removed the file this index has open
    /// (healing damage, `enote index --rebuild`): a session lends it no more.
    var isReplaced: Bool { connection.fileReplaced }

    /// Returns once no connection of this process heals the index file (see
    /// ``IndexConnection/heal(reason:)``).
    static func waitForHealing(_ vault: Vault) {
        HealingTurn.of(databasePath(for: vault)).wait()
    }

    /// Reads every page of the index (`PRAGMA quick_check`) and rebuilds it from the notes when
    /// SQLite finds anything wrong.
    ///
    /// This costs a read of the whole file, so only commands that may take their time call it.
    /// See [PRAGMA quick_check](https://www.sqlite.org/pragma.html#pragma_quick_check).
    /// - Returns: Whether the index was rebuilt.
    @discardableResult
    public func verify() throws(VaultError) -> Bool {
        try connection.verify()
    }

    /// `PRAGMA quick_check`: whether SQLite finds the file sound.
    public func quickCheck() -> Bool {
        connection.quickCheck()
    }

    /// Runs `body` with the store in a read (see ``IndexConnection/read(_:)`` for busy and
    /// damaged databases).
    func read<T>(_ body: (IndexStore) throws -> T) throws(VaultError) -> T {
        try connection.read(body)
    }
}

extension NoteIndex {
    /// How many of the best matches by word and by meaning a fused search ranks before it keeps
    /// a page of them.
    static let fusionDepth = 100

    /// How many notes nearest in meaning a search of at most `limit` results reads: twice its
    /// fusion depth, as some of them may not pass its filters.
    static func nearestCount(limit: Int) -> Int {
        max(limit, fusionDepth) * 2
    }
}

/// A page of search results.
public struct SearchResults: Sendable {
    /// The best matches: closest to the words as typed first, then title matches, then by
    /// relevance.
    public var notes: [IndexedNote]
    /// How many notes and files match in all (before the limit).
    public var total: Int
    /// The PDFs no note links that match (entries of their own), each with its place among the
    /// notes (``FileHit/position``; ``ordered`` puts them together). A search with a filter on
    /// notes finds none.
    public var files: [FileHit] = []
    /// Words that matched no note and were searched as the vault's words nearest to them; a
    /// front end says so (``SearchCorrection/message``).
    public var corrections: [SearchCorrection] = []
    /// Whether the notes match every word of the query. When no note does, a search answers
    /// with the notes that match the most of them, and a front end says so
    /// (``someWordsMessage``).
    public var matchesEveryWord = true

    /// What a front end says when the notes shown match only some of the words.
    public static let someWordsMessage: LocalizedMessage = "no note has every word of the search; showing the notes that have the most of them"
}

extension NoteIndex {
    /// The notes that pass `filter`, in `sort` order.
    public func list(_ filter: NoteFilter, sort: NoteSort, limit: Int? = nil) throws(VaultError) -> [IndexedNote] {
        let root = vault.root
        return try read { store in try store.notes(store.resolvingLinks(filter, root: root), sort: sort, limit: limit) }
    }

    /// How many notes pass `filter`.
    public func count(_ filter: NoteFilter) throws(VaultError) -> Int {
        let root = vault.root
        return try read { store in try store.count(store.resolvingLinks(filter, root: root)) }
    }

    /// Every note's path and title, for resolving what a user typed.
    package func candidates() throws(VaultError) -> [NoteResolver.Candidate] {
        try read { store in try store.candidates() }
    }

    /// The indexed row of the note at `path`, if any (its `updated` is the one `list` shows).
    public func note(at path: NotePath) throws(VaultError) -> IndexedNote? {
        try read { store in try store.note(at: path) }
    }

    /// Whether any of `paths` is indexed with a destroy date at or before `now`.
    public func anyDue(_ paths: [NotePath], at now: Date) throws(VaultError) -> Bool {
        guard !paths.isEmpty else { return false }
        return try read { store in try store.anyDue(paths, at: now) }
    }

    /// Whether a note with exactly this path is indexed.
    public func contains(_ path: NotePath) throws(VaultError) -> Bool {
        try read { store in try store.contains(path) }
    }

    /// Notes matching `query` and `filter`, each with a snippet around the match: the rules of
    /// what a word finds (its other forms, the words the last one begins, corrections of a word
    /// that matches nothing) are ``SearchPlanner``'s, the ranking is
    /// ``IndexStore/search(_:filter:limit:counter:)``'s. When no note matches every word, even
    /// after corrections, the notes that match the most of them are returned instead
    /// (``SearchResults/matchesEveryWord`` is then false).
    ///
    /// Unless `exact`, when the index holds the notes' vectors (`enote index`, the watcher) and
    /// the query does not ask for exactness (``SearchQuery/meaningText``), the notes nearest the
    /// query in meaning are fused with the matches by word (``RankFusion``): a note described in
    /// other words is found too. A lookup of one or two words that notes hold together keeps the
    /// words' order, the notes near in meaning after them. This is the one ranking of every
    /// front end.
    /// - Parameters:
    ///   - query: The parsed query.
    ///   - filter: The same filters `list` takes.
    ///   - limit: How many results to return.
    ///   - exact: By words alone (`enote search --exact`).
    ///   - early: The lookup of the query's meaning, started before this call
    ///     (``MeaningLookup/started(for:limit:in:)``); used when it is this query's.
    ///   - files: Whether the PDFs no note links are found too (``SearchResults/files``); a
    ///     caller that wants notes alone (a query's `text contains`, an agent's context, the
    ///     list narrowed as one types) says `false`, and they neither take its places nor count.
    public func search(
        _ query: SearchQuery, filter: NoteFilter, limit: Int, exact: Bool = false, early: MeaningLookup? = nil, files: Bool = true
    ) throws(VaultError) -> SearchResults {
        let counter = connection.rankCounter
        let root = vault.root
        let configured = vault.config.languages
        let recipe = PassageCutter.standard.recipe
        var pending: MeaningLookup?
        if !exact, let text = query.meaningText, try read({ store in try store.holdsVectors(of: recipe) }) {
            // Embedded on another thread (or by the watcher) while the words are ranked below.
            pending = early?.text == text ? early : MeaningLookup(embedding: text)
        }
        let depth = pending == nil ? limit : max(limit, Self.fusionDepth)
        return try read { store in
            let filter = try store.resolvingLinks(filter, root: root)
            let notes = Set(try store.noteLanguageNames().compactMap(SearchLanguage.named))
            let planner = SearchPlanner(languages: SearchLanguages(vault: configured, notes: notes), vocabulary: store)
            var plan = try planner.plan(query)
            var words = try store.rank(plan, filter: filter, limit: depth, counter: counter, files: files)
            var corrections: [SearchCorrection] = []
            if words.total == 0, let corrected = try planner.corrected(query) {
                corrections = corrected.corrections
                plan = try planner.plan(corrected.query)
                words = try store.rank(plan, filter: filter, limit: depth, counter: counter, files: files)
            }
            var matchesEveryWord = true
            if words.total == 0, let relaxed = plan.relaxed {
                matchesEveryWord = false
                plan = relaxed
                words = try store.rank(plan, filter: filter, limit: depth, counter: counter, files: files)
            }
            var hits = words.hits
            var total = words.total
            // The vectors are read in this transaction: check again that they are this recipe's.
            if let pending, try store.holdsVectors(of: recipe),
                let near = try pending.nearest(count: Self.nearestCount(limit: limit), floor: EmbeddingModel.nearFloor, index: self, store: store)
            {
                let allowed = try store.passing(near.map(\.noteID), filter: filter, negative: plan.negativeExpression)
                let meaningIDs = near.map(\.noteID).filter(allowed.contains).prefix(depth)
                let byID = Dictionary(uniqueKeysWithValues: words.hits.map { ($0.id, $0) })
                let weight = RankFusion.meaningWeight(queryTerms: query.searchedTermCount, everyWordMatched: matchesEveryWord && words.total > 0)
                let fused = RankFusion().fuse(words: words.hits.map(\.id), meaning: Array(meaningIDs), meaningWeight: weight)
                total += fused.count(where: { byID[$0] == nil })
                hits = fused.map { byID[$0] ?? KeywordRanking.Hit(id: $0, score: 0, title: false) }
            }
            let page = try store.page(Array(hits.prefix(limit)), query: plan)
            // A PDF deleted or ignored since the last reading pass is not shown (it leaves the
            // index at the next pass).
            var results = SearchResults(notes: page.notes, total: total, files: page.files.filter { isFileEntryThere($0.place.path) })
            results.corrections = corrections
            results.matchesEveryWord = matchesEveryWord
            for index in results.notes.indices {
                results.notes[index].corrections = corrections
                results.notes[index].matchesEveryWord = matchesEveryWord
            }
            return results
        }
    }
}
