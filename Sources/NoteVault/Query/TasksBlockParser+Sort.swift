/// `sort by KEY [reverse]` and `group by KEY` of a Tasks block, over a task's row.
extension TasksBlockParser {
    static let sortNames = [
        "due", "scheduled", "start", "done", "happens", "priority", "path", "filename", "description", "status", "status.type", "status.name", "tag",
        "recurring", "heading", "id",
    ]
    static let groupNames = [
        "due", "scheduled", "start", "done", "happens", "path", "folder", "filename", "root", "backlink", "status", "status.type", "priority", "tags",
        "recurring", "heading", "id", "status.name",
    ]

    /// Keys enote has no data for, and why.
    private static func unsupportedKey(_ key: String) -> LocalizedMessage? {
        switch key {
        case "urgency": "enote does not compute Tasks' urgency score"
        case "created", "cancelled": "enote does not read \(key) dates (➕, ❌) of tasks"
        case "status.symbol": "enote reads only [ ] and [x] tasks and has no custom statuses"
        case "recurrence": "enote does not read recurrence rules (🔁)"
        case "random": "enote does not sort at random"
        case "description without tags", "descriptionwithouttags", "function": "it needs JavaScript, which enote does not run"
        default: nil
        }
    }

    /// The earliest of the task's start, scheduled and due dates that it has (Tasks' "happens").
    static let happens: QueryExpression = {
        func earliest(_ a: QueryExpression, _ b: QueryExpression) -> QueryExpression {
            .call(
                "choice",
                [
                    .binary(.equal, a, .literal(.null)), b,
                    .call("choice", [.binary(.equal, b, .literal(.null)), a, .call("choice", [.binary(.less, b, a), b, a])]),
                ])
        }
        return earliest(earliest(.field(["start"]), .field(["scheduled"])), .field(["due"]))
    }()

    /// Tasks' order of priorities: highest 0 … none 3 … lowest 5.
    static let priorityRank: QueryExpression = {
        let ranked: [(String, Double)] = [("highest", 0), ("high", 1), ("medium", 2), ("low", 4), ("lowest", 5)]
        return ranked.reversed().reduce(QueryExpression.literal(.number(3))) { otherwise, pair in
            .call("choice", [Builder.priorityIs(pair.0), .literal(.number(pair.1)), otherwise])
        }
    }()

    /// The row value a `sort by function` / `group by function` body names when it is nothing
    /// but a property of the task (`task.lineNumber`, `task.file.path`): no JavaScript runs.
    static func taskProperty(_ code: String) -> QueryExpression? {
        var body = code.trimmingCharacters(in: .whitespaces)
        if body.hasSuffix(";") { body = String(body.dropLast()).trimmingCharacters(in: .whitespaces) }
        if body.hasPrefix("return ") { body = String(body.dropFirst("return ".count)).trimmingCharacters(in: .whitespaces) }
        switch body {
        // Tasks counts lines from 0, enote from 1: the order is the same.
        case "task.lineNumber": return .field(["line"])
        case "task.file.path": return .field(["path"])
        case "task.file.folder": return Builder.folderExpression
        case "task.file.root": return Builder.rootExpression
        case "task.file.filename": return Builder.fileNameExpression
        case "task.file.filenameWithoutExtension": return .field(["file", "name"])
        case "task.description": return .field(["description"])
        case "task.heading": return .field(["heading"])
        case "task.id": return Builder.idExpression
        case "task.isDone": return .field(["completed"])
        case "task.priorityName":
            return .call("default", [.field(["priority"]), .literal(.text("normal"))])
        default: return formattedDate(body) ?? constantText(body)
        }
    }

    /// `"Sample column heading"`: a function that only returns a quoted text (no quote or
    /// backslash inside, no interpolation) is that text, the same for every task.
    static func constantText(_ body: String) -> QueryExpression? {
        for quote in ["\"", "'"] where body.count >= 2 && body.hasPrefix(quote) && body.hasSuffix(quote) {
            let inner = body.dropFirst().dropLast()
            guard !inner.contains(quote), !inner.contains("\\") else { return nil }
            return .literal(.text(String(inner)))
        }
        return nil
    }

    /// `task.due.format('YYYY-MM')`: a date of the task in Moment's tokens, when the format is
    /// only years, months and days (`YYYY`, `MM`, `DD`) between `-`, `/`, `.` or spaces.
    static func formattedDate(_ body: String) -> QueryExpression? {
        let prefix = "task."
        guard body.hasPrefix(prefix), let dot = body.dropFirst(prefix.count).firstIndex(of: ".") else { return nil }
        let name = String(body[body.index(body.startIndex, offsetBy: prefix.count)..<dot])
        let call = body[body.index(after: dot)...]
        let date: QueryExpression
        switch name {
        case "due", "scheduled", "start": date = .field([name])
        case "done": date = .field(["completion"])
        case "happens": date = happens
        default: return nil
        }
        for quote in ["'", "\""] where call.hasPrefix("format(" + quote) && call.hasSuffix(quote + ")") {
            let format = call.dropFirst("format(".count + 1).dropLast(2)
            var luxon = ""
            var rest = Substring(format)
            while let next = rest.first {
                if rest.hasPrefix("YYYY") {
                    luxon += "yyyy"
                    rest = rest.dropFirst(4)
                } else if rest.hasPrefix("MM") || rest.hasPrefix("DD") {
                    luxon += rest.hasPrefix("MM") ? "MM" : "dd"
                    rest = rest.dropFirst(2)
                } else if "-/. ".contains(next) {
                    luxon.append(next)
                    rest = rest.dropFirst()
                } else {
                    return nil
                }
            }
            guard !luxon.isEmpty else { return nil }
            return .call("dateformat", [date, .literal(.text(luxon))])
        }
        return nil
    }

    /// `sort by due reverse`: the keys, most significant first.
    static func sortKeys(_ words: Words) throws(Problem) -> [QuerySortKey] {
        var lower = Array(words.lower.dropFirst(2))
        let reverse = lower.last == "reverse"
        if reverse { lower.removeLast() }
        guard let key = lower.first else { throw .error("write sort by and a key: \(sortNames.joined(separator: ", "))") }
        let joined = lower.joined(separator: " ")
        if let reason = unsupportedKey(joined) ?? unsupportedKey(key) { throw .unsupported("sort by \(joined): \(reason)") }
        func dated(_ expression: QueryExpression) -> [QuerySortKey] {
            // Tasks puts the tasks without the date last.
            [
                QuerySortKey(expression: .binary(.equal, expression, .literal(.null)), descending: reverse),
                QuerySortKey(expression: expression, descending: reverse),
            ]
        }
        func one(_ expression: QueryExpression) -> [QuerySortKey] { [QuerySortKey(expression: expression, descending: reverse)] }
        if key == "tag" || key == "tags" {
            var position = 1
            if lower.count == 2 {
                guard let number = Int(lower[1]), (1...100).contains(number) else { throw .error("write sort by tag or sort by tag N, N from 1") }
                position = number
            } else if lower.count > 2 {
                throw .error("write sort by tag or sort by tag N")
            }
            return one(.index(.field(["tags"]), .literal(.number(Double(position - 1)))))
        }
        guard lower.count == 1 else { throw .error("sort by takes one key: \(sortNames.joined(separator: ", ")); found \"\(joined)\"") }
        switch key {
        case "due", "scheduled", "start", "done": return dated(.field([Builder.dateField(key)]))
        case "happens": return dated(happens)
        case "priority": return one(priorityRank)
        case "path": return one(.field(["path"]))
        case "filename": return one(.field(["file", "name"]))
        case "description": return one(.field(["description"]))
        // Tasks lists what is to do before what is done.
        case "status", "status.type": return one(.field(["completed"]))
        case "status.name": return one(Builder.statusName)
        case "recurring": return one(.not(Builder.recurring))
        case "heading": return one(Builder.headingExpression)
        case "id": return one(Builder.idExpression)
        default:
            throw .error("enote cannot sort by \(key); sort by \(sortNames.joined(separator: ", ")) (with reverse to turn the order)")
        }
    }

    /// The value `group by KEY` groups tasks by.
    static func groupExpression(_ key: String, original: String) throws(Problem) -> QueryExpression {
        if let reason = unsupportedKey(key) { throw .unsupported("group by \(original): \(reason)") }
        switch key {
        case "due", "scheduled", "start", "done": return .field([Builder.dateField(key)])
        case "happens": return happens
        case "path", "backlink": return .field(["path"])
        case "folder": return Builder.folderExpression
        case "filename": return .field(["file", "name"])
        case "root": return Builder.rootExpression
        case "status", "status.name": return Builder.statusName
        case "status.type": return .call("choice", [.field(["completed"]), .literal(.text("DONE")), .literal(.text("TODO"))])
        case "priority":
            let names: [(String, String)] = [
                ("highest", "Highest priority"), ("high", "High priority"), ("medium", "Medium priority"), ("low", "Low priority"),
                ("lowest", "Lowest priority"),
            ]
            return names.reversed().reduce(QueryExpression.literal(.text("Normal priority"))) { otherwise, pair in
                .call("choice", [Builder.priorityIs(pair.0), .literal(.text(pair.1)), otherwise])
            }
        case "tags", "tag": return .field(["tags"])
        case "recurring": return .call("choice", [Builder.recurring, .literal(.text("Recurring")), .literal(.text("Not Recurring"))])
        case "heading":
            let none = QueryExpression.binary(.equal, Builder.headingExpression, .literal(.text("")))
            return .call("choice", [none, .literal(.text("(No heading)")), Builder.headingExpression])
        case "id": return Builder.idExpression
        default:
            throw .error("enote cannot group by \(original); group by \(groupNames.joined(separator: ", "))")
        }
    }
}
