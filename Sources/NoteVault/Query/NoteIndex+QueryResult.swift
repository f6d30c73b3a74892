import Foundation

/// The rows a query kept, shaped for its view: columns, groups, a board's lanes, a calendar's
/// days.
extension NoteIndex {
    static func result(
        _ query: NoteQuery, rows: [QueryRow], total: Int, evaluator: QueryEvaluator, warnings: [LocalizedMessage], options: QueryOptions,
        index: NoteIndex
    ) -> QueryResult {
        var columns: [String] = []
        var expressions: [QueryExpression] = []
        switch query.view {
        case .list(let expression):
            if let expression {
                columns = [expression.written]
                expressions = [expression]
            }
        case .table(let table):
            columns = table.map(\.name)
            expressions = table.map(\.expression)
        case .tasks, .calendar:
            break
        case .board(let key):
            columns = [key]
            expressions = [.field([key])]
        }
        var groupExpression = query.groupBy
        if case .board(let key) = query.view { groupExpression = .field([key]) }
        var shaped: [QueryResult.Row] = rows.map { row in
            var group: QueryValue?
            var groupSpelling: String?
            if case .board(let key) = query.view { groupSpelling = row.linkSpellings[key.lowercased()] }
            if let groupExpression {
                let value = evaluator.value(groupExpression, row)
                // A card sits in one lane: a key with several values is in the first one's.
                if case .board = query.view, case .list(let values) = value { group = values.first ?? .null } else { group = value }
            }
            return QueryResult.Row(
                path: row.note.path, title: row.note.title, color: row.note.color, values: expressions.map { evaluator.value($0, row) }, group: group,
                groupSpelling: groupSpelling, task: row.task, revision: row.note.revision)
        }
        var groups: [QueryValue] = []
        if groupExpression != nil {
            var seen: Set<QueryValue> = []
            for row in shaped where seen.insert(row.group!).inserted { groups.append(row.group!) }
            // Groups in their values' order, nothing last; rows keep their order within a group.
            groups.sort { a, b in
                if a.isNull != b.isNull { return b.isNull }
                return QueryValue.sortOrder(a, b) == .orderedAscending
            }
            let rank = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1, $0) })
            // Each row's rank looked up once, not at each comparison.
            let ranks = shaped.map { rank[$0.group!] ?? 0 }
            shaped = shaped.indices.sorted { a, b in ranks[a] != ranks[b] ? ranks[a] < ranks[b] : a < b }.map { shaped[$0] }
        }
        var result = QueryResult(query: query, columns: columns, rows: shaped, total: total, groups: groups, warnings: warnings)
        if case .calendar(let key) = query.view {
            result.calendar = calendar(rows: rows, key: key, evaluator: evaluator, options: options, index: index)
        }
        return result
    }

    /// A calendar's entries: each kept note's daily day, destroy date and `key` date, and the
    /// due dates of its tasks.
    private static func calendar(rows: [QueryRow], key: String?, evaluator: QueryEvaluator, options: QueryOptions, index: NoteIndex)
        -> [QueryResult.CalendarEntry]
    {
        let zone = options.timeZone
        var entries: [QueryResult.CalendarEntry] = []
        var ids: Set<Int64> = []
        for row in rows {
            ids.insert(row.note.id)
            let note = row.note
            if case .date(let date) = row.value(of: ["file", "day"], context: evaluator.context) {
                entries.append(.init(day: CalendarDay(date, in: zone), kind: .daily, path: note.path, title: note.title))
            }
            if let destroy = note.destroy {
                entries.append(.init(day: CalendarDay(destroy, in: zone), kind: .destroy, path: note.path, title: note.title))
            }
            if let key {
                for value in row.value(of: key.split(separator: ".").map(String.init), context: evaluator.context).elements {
                    if case .date(let date) = value {
                        entries.append(.init(day: CalendarDay(date, in: zone), kind: .key, path: note.path, title: note.title))
                    }
                }
            }
        }
        if !ids.isEmpty {
            var filter = NoteFilter(now: options.now)
            filter.noteIDs = ids
            var query = TaskQuery(notes: filter, today: CalendarDay(options.now, in: zone))
            query.status = .all
            for task in (try? index.tasks(query)) ?? [] {
                guard let due = task.due else { continue }
                entries.append(.init(day: due, kind: .due, path: task.path, title: task.noteTitle ?? task.path.queryName, line: task.line, text: task.summary))
            }
        }
        return entries.sorted { a, b in
            a.day != b.day ? a.day < b.day : (a.path != b.path ? a.path < b.path : (a.line ?? 0) < (b.line ?? 0))
        }
    }
}

extension QueryExpression {
    /// The expression as a query would write it, for a heading.
    var written: String {
        switch self {
        case .field(let path): return path.joined(separator: ".")
        case .literal(let value):
            if case .text(let text) = value { return "\"\(text)\"" }
            return value.displayText
        case .negate(let inner): return "-" + inner.written
        case .not(let inner): return "!" + inner.written
        case .binary(let op, let left, let right): return "\(left.written) \(op.rawValue) \(right.written)"
        case .call(let name, let arguments): return "\(name)(\(arguments.map(\.written).joined(separator: ", ")))"
        case .list(let elements): return "[\(elements.map(\.written).joined(separator: ", "))]"
        case .index(let base, let key): return "\(base.written)[\(key.written)]"
        }
    }
}
