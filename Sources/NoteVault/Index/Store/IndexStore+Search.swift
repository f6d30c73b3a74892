import CEnoteFTS
import Foundation
import GRDB

extension IndexStore {
    /// Notes matching `query` and `filter`: the closest matches to the words as typed first
    /// (``SearchPlan/Level``), then title matches, then by bm25 relevance (title weighted ten
    /// times the body), each with a snippet around the match.
    ///
    /// The score is `enote_rank` called in the query itself, ordered with `LIMIT`: SQLite then
    /// keeps only the best rows while it scores the matches. FTS5's own `ORDER BY rank` sorts
    /// every match first, which for a word in 80,000 notes is most of the time. Only the
    /// returned page is joined with the notes' rows. `counter` is the memory `enote_rank` shares
    /// with this connection.
    func search(_ query: SearchPlan, filter: NoteFilter, limit: Int, counter: RankCounter) throws -> SearchResults {
        let ranking = try rank(query, filter: filter, limit: limit, counter: counter)
        let hits = try page(ranking.hits, query: query)
        return SearchResults(notes: hits.notes, total: ranking.total, files: hits.files)
    }

    /// The best `limit` matches of `query` and `filter` by word, best first, and how many match
    /// in all: the first half of ``search(_:filter:limit:counter:)``, which a search that also
    /// ranks by meaning fuses with the nearest notes before it builds the page. Unless `files`,
    /// only notes' rows (positive rowids) match, not the PDFs no note links.
    func rank(_ query: SearchPlan, filter: NoteFilter, limit: Int, counter: RankCounter, files: Bool = true) throws -> KeywordRanking {
        let restrictions = filter.ftsRestrictions()
        // Which FTS rows may be returned: not past their destroy date (unless the ranking
        // puts those last, see below), passing the other filters, without the excluded
        // words. Every value is bound.
        func restriction(on column: String, pendingExpiry: Bool = true) -> (sql: String, arguments: StatementArguments) {
            var clauses: [String] = []
            var arguments: StatementArguments = []
            if !files { clauses.append("\(column) > 0") }
            if pendingExpiry, let excluded = restrictions.excluded {
                clauses.append("\(column) NOT IN (\(excluded.sql))")
                arguments += excluded.arguments
            }
            if let allowed = restrictions.allowed {
                clauses.append("\(column) IN (\(allowed.sql))")
                arguments += allowed.arguments
            }
            if let negative = query.negativeExpression {
                clauses.append("\(column) NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
                arguments += [negative]
            }
            return (clauses.map { " AND " + $0 }.joined(), arguments)
        }
        var ranked: [(id: Int64, score: Double, title: Bool)] = []
        let total: Int
        if let positive = query.positiveExpression {
            // One ranked query: enote_rank puts title matches first, puts the notes past
            // their destroy date after everything (from a bitset, instead of a NOT IN
            // subquery that SQLite would materialise for every search), and counts the
            // rows it scores, which gives the total without a second pass.
            let hidden = restrictions.excluded == nil ? [] : try pendingExpiryBits(now: filter.now)
            let lengths = try bodyLengths()
            let fileLengths = files ? try fileLengthClasses() : []
            let (extra, clauseArguments) = restriction(on: "rowid", pendingExpiry: false)
            let hiddenRank = enote_rank_hidden()
            let hits = try hidden.withUnsafeBufferPointer { bits in
                try lengths.classes.withUnsafeBufferPointer { classes in
                    try fileLengths.withUnsafeBufferPointer { fileClasses in
                        counter.pointer.pointee = EnoteRankCounter(
                            rows: 0, hidden: bits.baseAddress, hiddenLimit: Int64(bits.count) * 8, hiddenRows: 0,
                            lengths: classes.baseAddress, lengthLimit: Int64(classes.count), averageLength: lengths.averageLength,
                            fileLengths: fileClasses.baseAddress, fileLengthLimit: Int64(fileClasses.count))
                        defer {
                            counter.pointer.pointee.hidden = nil
                            counter.pointer.pointee.lengths = nil
                            counter.pointer.pointee.fileLengths = nil
                        }
                        return try Row.fetchAll(
                            db,
                            sql: "SELECT rowid, \(IndexSchema.rankCallWithPhrases) AS score FROM notes_fts WHERE notes_fts MATCH ?\(extra) ORDER BY score LIMIT ?",
                            arguments: [Data(query.phraseMap), positive] + clauseArguments + [limit])
                    }
                }
            }
            let bonus = enote_rank_title_bonus()
            let levelUnit = enote_rank_level_unit()
            let matchUnit = enote_rank_match_unit()
            ranked = hits.compactMap { row in
                let rank: Double = row[1]
                guard rank < hiddenRank / 2 else { return nil }
                // rank = -(groups matched × unit + levels × unit + title bonus + score): take the
                // parts apart.
                let matched = (-rank / matchUnit).rounded(.down)
                let levels = ((-rank - matched * matchUnit) / levelUnit).rounded(.down)
                let rest = -rank - matched * matchUnit - levels * levelUnit
                let isTitle = rest >= bonus / 2
                return (row[0], -(isTitle ? rest - bonus : rest), isTitle)
            }
            if ranked.count < limit {
                // Hidden notes come last: fewer visible than the page means all are here.
                total = ranked.count
            } else if restrictions.allowed == nil, query.negativeExpression == nil, files {
                // Every match was scored once; the hidden ones do not count.
                total = Int(counter.pointer.pointee.rows) - Int(counter.pointer.pointee.hiddenRows)
            } else {
                let (extra, clauseArguments) = restriction(on: "rowid")
                total =
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH ?\(extra)", arguments: [positive] + clauseArguments)
                    ?? ranked.count
            }
        } else {
            // Only exclusions: the newest notes without the excluded words.
            let (noteExtra, noteArguments) = restriction(on: "n.id")
            let from = "FROM notes n WHERE 1\(noteExtra)"
            ranked = try Row.fetchAll(db, sql: "SELECT n.id \(from) ORDER BY n.updated_at DESC LIMIT ?", arguments: noteArguments + [limit])
                .map { ($0[0], 0, false) }
            total = try Int.fetchOne(db, sql: "SELECT count(*) \(from)", arguments: noteArguments) ?? ranked.count
        }

        return KeywordRanking(hits: ranked.map { KeywordRanking.Hit(id: $0.id, score: $0.score, title: $0.title) }, total: total)
    }

    /// The notes and files of `hits`, in their order, each with a snippet around the words of
    /// `query` (none for a query of exclusions only). A hit of a negative id is a PDF no note
    /// links (``IndexSchema/fileEntries``); each file says its place among all the hits.
    func page(_ hits: [KeywordRanking.Hit], query: SearchPlan) throws -> (notes: [IndexedNote], files: [FileHit]) {
        let ranked = hits
        let rows = try Row.fetchAll(
            db, sql: "SELECT \(IndexedNote.columns) FROM notes n WHERE n.id IN (\(ranked.filter { $0.id > 0 }.map { String($0.id) }.joined(separator: ",")))")
        let byID = Dictionary(uniqueKeysWithValues: rows.map { row in IndexedNote(row: row) }.map { ($0.id, $0) })
        let snippets = query.positiveExpression == nil ? nil : try SnippetBuilder(terms: query.matchingTerms, db: db)
        let reader = BodyReader(db)
        var body = try RawStatement(db, sql: "SELECT body FROM notes_fts WHERE rowid = ?")
        let files = try fileHits(ranked.filter { $0.id < 0 }.map(\.id)) { text in snippets?.snippet(of: text) }
        var notes: [IndexedNote] = []
        var fileHits: [FileHit] = []
        for hit in ranked {
            if let file = files[hit.id] {
                fileHits.append(
                    FileHit(place: file.place, snippet: file.value ?? nil, score: hit.score, titleMatches: hit.title, position: notes.count + fileHits.count))
                continue
            }
            guard var note = byID[hit.id] else { continue }
            note.score = hit.score
            note.titleMatches = hit.title
            if let snippets {
                if let size = reader.open(note.id) {
                    note.snippet = try snippets.snippet(size: size, prefix: reader.prefix)
                } else {
                    body.reset()
                    body.bind(note.id)
                    note.snippet = try body.withFirstText { text in snippets.snippet(of: text) } ?? nil
                }
                // Not in its own text: in its pictures' and PDFs', the first page that holds a word.
                if note.snippet == nil, let found = try firstAttachmentPage(of: note.id, { text in snippets.snippet(of: text) }) {
                    note.snippet = found.value
                    note.foundIn = found.place
                }
            }
            notes.append(note)
        }
        return (notes, fileHits)
    }

    /// Which of `ids` pass `filter` (and, when given, lack the words `negative` excludes): the
    /// notes a search by meaning may return.
    func passing(_ ids: [Int64], filter: NoteFilter, negative: String?) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let restrictions = filter.ftsRestrictions()
        var sql = "SELECT id FROM notes WHERE id IN (\(ids.map(String.init).joined(separator: ",")))"
        var arguments: StatementArguments = []
        if let excluded = restrictions.excluded {
            sql += " AND id NOT IN (\(excluded.sql))"
            arguments += excluded.arguments
        }
        if let allowed = restrictions.allowed {
            sql += " AND id IN (\(allowed.sql))"
            arguments += allowed.arguments
        }
        if let negative {
            sql += " AND id NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)"
            arguments += [negative]
        }
        return Set(try Int64.fetchAll(db, sql: sql, arguments: arguments))
    }

    /// The notes past their destroy date at `now`, as a bitset indexed by note id (for
    /// `enote_rank`, which puts them last).
    private func pendingExpiryBits(now: Date) throws -> [UInt8] {
        // Through the partial index on destroy_at: only the notes that have a destroy date.
        var statement = try RawStatement(db, sql: "SELECT id FROM notes WHERE destroy_at <= ?")
        statement.reset()
        statement.bind(now.timeIntervalSince1970 as Double?)
        var bits: [UInt8] = []
        while let id = try statement.nextInteger() {
            let byte = Int(id / 8)
            if byte >= bits.count { bits += [UInt8](repeating: 0, count: max(byte + 1 - bits.count, bits.count)) }
            bits[byte] |= 1 << UInt8(id % 8)
        }
        return bits
    }
}

/// A search's matches by word, before the page is built: each note's id, its relevance and
/// whether it matched in its title, best first; and how many notes match in all.
struct KeywordRanking: Sendable {
    struct Hit: Sendable, Equatable {
        var id: Int64
        var score: Double
        var title: Bool
    }

    var hits: [Hit]
    var total: Int
}

/// The memory `enote_rank` (CEnoteFTS) shares with the searches of one index: the rows it
/// scored, the rows to put last and the notes' body lengths (``EnoteRankCounter``).
///
/// Every connection of the index registers `enote_rank` with this one pointer, and each keeps
/// the counter alive through its configuration, so the memory is freed exactly once, in
/// `deinit`, after the last connection that could call `enote_rank` is gone.
///
/// Threading contract (`@unchecked Sendable`): GRDB asks for a `Sendable` closure to register
/// the function, which is why the class is marked so. The memory is only touched inside one
/// access of a connection of this index — `IndexStore.search` sets it up before its ranked
/// query and reads it after, `enote_rank` reads and writes it while that query steps — and a
/// `DatabaseQueue` runs one access at a time, so no two threads touch it at once.
final class RankCounter: @unchecked Sendable {
    /// The shared memory, valid until `deinit`.
    let pointer: UnsafeMutablePointer<EnoteRankCounter>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: EnoteRankCounter(
                rows: 0, hidden: nil, hiddenLimit: 0, hiddenRows: 0, lengths: nil, lengthLimit: 0, averageLength: 0, fileLengths: nil, fileLengthLimit: 0))
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
