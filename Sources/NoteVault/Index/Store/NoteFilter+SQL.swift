import Foundation
import GRDB

/// The filters as SQL conditions, every value bound, never spliced.
extension NoteFilter {
    /// The SQL condition and its arguments (every value bound, never spliced).
    func sql() -> (condition: String, arguments: StatementArguments) {
        var (conditions, arguments) = selectiveConditions()
        if !includePendingExpiry {
            conditions.insert("(n.destroy_at IS NULL OR n.destroy_at > ?)", at: 0)
            arguments = [now.timeIntervalSince1970] + arguments
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments)
    }

    /// The same filter shaped for a full-text query: the notes to leave out because their
    /// destroy date passed (a short list, found through an index), and the other conditions
    /// as an allow-list, or `nil` when there are none.
    func ftsRestrictions() -> (excluded: (sql: String, arguments: StatementArguments)?, allowed: (sql: String, arguments: StatementArguments)?) {
        let (conditions, arguments) = selectiveConditions()
        let excluded =
            includePendingExpiry
            ? nil
            : (
                sql: "SELECT n.id FROM notes n WHERE n.destroy_at <= ?",
                arguments: [now.timeIntervalSince1970] as StatementArguments
            )
        let allowed =
            conditions.isEmpty
            ? nil
            : (
                sql: "SELECT n.id FROM notes n WHERE " + conditions.joined(separator: " AND "),
                arguments: arguments
            )
        return (excluded, allowed)
    }

    /// Every condition but the pending-expiry one.
    private func selectiveConditions() -> (conditions: [String], arguments: StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        let now = self.now.timeIntervalSince1970
        if let color {
            conditions.append("n.color = ?")
            arguments += [color.description]
        }
        for field in fields {
            let key = FrontMatterKey(spelling: field.key.lowercased())?.rawValue ?? field.key
            conditions.append("EXISTS (SELECT 1 FROM fields f WHERE f.note_id = n.id AND f.key = ? AND f.value = ?)")
            arguments += [key, field.value.lowercased()]
        }
        for tag in tags {
            // The tag itself or one nested under it: `a/b/…` sorts between `a/b/` and `a/b0`.
            let normalized = NoteTag.normalize(tag)
            conditions.append("n.id IN (SELECT t.note_id FROM tags t WHERE t.tag = ? OR (t.tag > ? AND t.tag < ?))")
            arguments += [normalized, normalized + "/", normalized + "0"]
        }
        if let folder {
            // The folder's paths sort between `folder/` and `folder0` ('0' follows '/'), a range of
            // the files table's key.
            conditions.append("n.id IN (SELECT f.note_id FROM files f WHERE f.path > ? AND f.path < ?)")
            arguments += [Data(folder.bytes + [UInt8(ascii: "/")]), Data(folder.bytes + [UInt8(ascii: "0")])]
        }
        if let noteIDs {
            conditions.append("n.id IN (SELECT value FROM json_each(?))")
            arguments += ["[" + noteIDs.sorted().map(String.init).joined(separator: ",") + "]"]
        }
        if let updatedSince {
            conditions.append("n.updated_at >= ?")
            arguments += [updatedSince.timeIntervalSince1970]
        }
        if let updatedUntil {
            conditions.append("n.updated_at <= ?")
            arguments += [updatedUntil.timeIntervalSince1970]
        }
        if let expiringWithin {
            conditions.append("n.destroy_at > ?")
            arguments += [now]
            if expiringWithin.isFinite {
                conditions.append("n.destroy_at <= ?")
                arguments += [now + expiringWithin]
            }
        }
        return (conditions, arguments)
    }
}

/// The sort orders as SQL.
extension NoteSort {
    /// The ORDER BY clause: newest first for times, A–Z for titles, manual order then newest.
    /// Ties are broken by the row id in the same direction, so SQLite walks one index and
    /// stops at the limit instead of sorting every note.
    var sql: String {
        let (ascending, descending) = reverse ? ("DESC", "ASC") : ("ASC", "DESC")
        switch key {
        case .updated: return "n.updated_at \(descending), n.id \(descending)"
        case .created: return "n.created_at \(descending), n.id \(descending)"
        case .title: return "n.title_key \(ascending), n.id \(ascending)"
        // These need a sort anyway; ties go by path, which a user can predict.
        case .order:
            // Numbers as numbers, then text (OrderKey.compare).
            let key = "n.order_key COLLATE \(OrderKey.collation.name)"
            return "(n.order_key IS NULL) \(ascending), \(key) \(ascending), n.updated_at \(descending), n.path \(ascending)"
        case .destroy:
            return onlyWithDestroyDate
                ? "n.destroy_at \(ascending), n.id \(ascending)"
                : "(n.destroy_at IS NULL) \(ascending), n.destroy_at \(ascending), n.path \(ascending)"
        }
    }
}
