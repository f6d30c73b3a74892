import Foundation

/// Runs queries over the index: the one runner behind `enote query`, the blocks `enote serve`
/// and `enote export --html` draw, the editor's hover and the agents' `query` tool.
extension NoteIndex {
    /// What a run is given besides the query.
    public struct QueryOptions: Sendable {
        /// The time "now" and today's date, where the user is.
        public var now: Date
        public var timeZone: TimeZone
        /// The note the query is written in (`this.file`, a Tasks block's placeholders).
        public var note: NotePath?
        /// Past this many seconds the run stops with an error: a server is never stalled by
        /// one query.
        public var timeLimit: TimeInterval = 5

        public init(now: Date, timeZone: TimeZone, note: NotePath? = nil) {
            self.now = now
            self.timeZone = timeZone
            self.note = note
        }
    }

    /// The result of `query` over the notes as indexed.
    /// - Throws: ``NoteQueryError`` when the run passes its time limit; `VaultError` when the
    ///   index cannot be read.
    public func run(_ query: NoteQuery, options: QueryOptions) throws -> QueryResult {
        let started = Date()
        try query.checkDepth()
        let plan = QueryPlan(query, now: options.now)
        var context = QueryContext(now: options.now, timeZone: options.timeZone, deadline: started.addingTimeInterval(options.timeLimit))
        context.nullsCompareLowest = query.language == .dataview
        var warnings: [LocalizedMessage] = []
        // Every note's name is read only when the query names a note.
        let candidates = plan.linkTexts.isEmpty ? [] : try candidates()
        for text in plan.linkTexts {
            if let path = try? NoteResolver.resolveExactly(text, among: candidates) {
                context.links[text] = path
            } else {
                warnings.append("[[\(text)]] names no note")
            }
        }
        for words in plan.searchTexts {
            let parsed: SearchQuery
            do { parsed = try SearchQuery(parsing: words) } catch {
                throw NoteQueryError("text contains \"\(words)\": \(error.message)", line: 1, column: 1)
            }
            let found = try search(parsed, filter: plan.filter, limit: 1_000_000, exact: true, files: false)
            context.searches[words] = Set(found.notes.map(\.id))
            if Date() > context.deadline { throw Self.tooLong(options) }
        }
        let root = vault.root
        let links = context.links
        let sort = NoteSort(key: vault.config.sort)
        let isTasks = query.view == .tasks
        let (notes, fields, tasks, this, dependencies, outlinks) = try read { store in
            var filter = try store.resolvingLinks(plan.filter, root: root)
            if let source = plan.source {
                filter.noteIDs = try Self.noteIDs(of: source, store: store, links: links, now: options.now, root: root)
            }
            let notes = try store.notes(filter, sort: sort, limit: nil, columns: NoteColumnSubset(omitting: plan.unreadColumns))
            var fields = try store.queryFields(keys: plan.fieldKeys, of: filter)
            var tasks: [NoteTask] = []
            if isTasks {
                var taskQuery = TaskQuery(notes: filter, today: CalendarDay(options.now, in: options.timeZone))
                taskQuery.status = .all
                tasks = try store.tasks(taskQuery)
            }
            let this = try options.note.flatMap { path in try store.note(at: path) }
            if let this, fields[this.id] == nil, !plan.fieldKeys.isEmpty {
                // `this` needs the note's own values even when the filter left the note out.
                var own = NoteFilter(now: options.now)
                own.includePendingExpiry = true
                own.noteIDs = [this.id]
                fields[this.id] = try store.queryFields(keys: plan.fieldKeys, of: own)[this.id]
            }
            // Tasks' `is blocked` and `is blocking` look at every task of the vault.
            let dependencies = isTasks && (plan.fieldKeys.contains("blocked") || plan.fieldKeys.contains("blocking")) ? try store.taskDependencies() : nil
            var outlinks: [Int64: [String]] = [:]
            if plan.needsOutlinks {
                outlinks = try store.linkTargets(of: filter)
                if let this, outlinks[this.id] == nil {
                    var own = NoteFilter(now: options.now)
                    own.includePendingExpiry = true
                    own.noteIDs = [this.id]
                    outlinks[this.id] = try store.linkTargets(of: own)[this.id]
                }
            }
            return (notes, fields, tasks, this, dependencies, outlinks)
        }
        if let dependencies { context.taskDependencies = dependencies }
        func row(_ note: IndexedNote) -> QueryRow {
            var note = note
            // `file.outlinks`: every link the note writes, wikilinks too.
            note.links = outlinks[note.id] ?? []
            var values: [String: QueryValue] = [:]
            var lists: Set<String> = []
            var linkSpellings: [String: String] = [:]
            for field in fields[note.id] ?? [] {
                let key = field.key.lowercased()
                let value = QueryRow.typed(field.raw, timeZone: options.timeZone)
                let trimmed = field.raw.trimmingCharacters(in: .whitespaces)
                // Only the key's first value: the one a board's lane is of.
                if values[key] == nil, QueryRow.isLink(trimmed) { linkSpellings[key] = trimmed }
                if field.isList || values[key] != nil {
                    lists.insert(key)
                    values[key] = .list((values[key]?.elements ?? []) + [value])
                } else {
                    values[key] = value
                }
            }
            var row = QueryRow(note: note, fields: values)
            row.linkSpellings = linkSpellings
            return row
        }
        if let this {
            // `this` needs the note's own fields even when the filter left the note out.
            context.this = row(this)
        }
        let evaluator = QueryEvaluator(context: context)
        var kept: [QueryRow] = []
        var checked = 0
        func checkTime() throws(NoteQueryError) {
            checked += 1
            if checked % 256 == 0, Date() > context.deadline { throw Self.tooLong(options) }
        }
        if isTasks {
            var byPath: [NotePath: IndexedNote] = [:]
            for note in notes { byPath[note.path] = note }
            for task in tasks {
                try checkTime()
                guard let note = byPath[task.path] else { continue }
                var candidate = row(note)
                candidate.task = task
                if evaluator.keeps(plan.condition, candidate) { kept.append(candidate) }
            }
        } else {
            for note in notes {
                try checkTime()
                let candidate = row(note)
                if evaluator.keeps(plan.condition, candidate) { kept.append(candidate) }
            }
        }
        if !query.sort.isEmpty {
            let keys = kept.map { candidate in query.sort.map { evaluator.value($0.expression, candidate) } }
            let order = kept.indices.sorted { a, b in
                for (position, key) in query.sort.enumerated() {
                    let result = QueryValue.sortOrder(keys[a][position], keys[b][position])
                    if result != .orderedSame { return key.descending ? result == .orderedDescending : result == .orderedAscending }
                }
                return a < b
            }
            kept = order.map { kept[$0] }
        }
        let total = kept.count
        if let limit = query.limit, kept.count > limit { kept.removeLast(kept.count - limit) }
        return Self.result(query, rows: kept, total: total, evaluator: evaluator, warnings: warnings, options: options, index: self)
    }

    /// The error of a run past its time limit.
    private static func tooLong(_ options: QueryOptions) -> NoteQueryError {
        NoteQueryError(
            "the query took longer than \(String(Int(options.timeLimit))) s; narrow it with FROM or a WHERE on a front matter key", line: 1, column: 1)
    }

    /// The notes a source keeps, as ids.
    private static func noteIDs(of source: QuerySource, store: IndexStore, links: [String: NotePath], now: Date, root: String) throws -> Set<Int64> {
        var filter = NoteFilter(now: now)
        filter.includePendingExpiry = true
        switch source {
        case .tag(let tag):
            filter.tags = [tag]
        case .folder(let name):
            var trimmed = Substring(name)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            guard !trimmed.isEmpty else { return try store.noteIDs(filter) }
            // A path naming one note takes that note (Dataview's `FROM "folder/note"`).
            for path in NoteResolver.exactPaths(String(trimmed)) {
                if let id = try store.noteID(at: path) { return [id] }
            }
            guard let folder = try? NotePath(validating: String(trimmed), purpose: .lookup) else { return [] }
            filter.folder = folder
        case .linksTo(let name):
            guard let path = links[name] else { return [] }
            filter.linksTo = path
        case .linkedFrom(let name):
            guard let path = links[name] else { return [] }
            filter.linkedFrom = path
        case .and(let left, let right):
            return try noteIDs(of: left, store: store, links: links, now: now, root: root)
                .intersection(noteIDs(of: right, store: store, links: links, now: now, root: root))
        case .or(let left, let right):
            return try noteIDs(of: left, store: store, links: links, now: now, root: root)
                .union(noteIDs(of: right, store: store, links: links, now: now, root: root))
        case .not(let inner):
            return try store.noteIDs(filter).subtracting(noteIDs(of: inner, store: store, links: links, now: now, root: root))
        }
        return try store.noteIDs(store.resolvingLinks(filter, root: root))
    }
}
