import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote query`: runs a query (enote's language, Dataview's DQL or an Obsidian Tasks
    /// block), a saved one, or the query blocks of a note.
    struct Query: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "query",
            abstract: "Run a query over the notes: a table, a list, tasks, a board or a calendar.",
            discussion: """
                A query names a view, then which notes to take and keep:

                  table status, due from #work where status != "done" sort due limit 20
                  list from folder projects and not #archive
                  tasks where !completed and due < today + 7d
                  board by status from "projects"
                  calendar from #work

                Sources (from): #tag, "folder", [[note]] (notes linking to it), \
                outgoing([[note]]), folder NAME, tag NAME, links to NOTE, linked from NOTE, \
                joined with and, or, not. Conditions (where) compare front matter keys and \
                title, color, created, updated, destroy, tags, path, name, folder with = != < \
                <= > >= and contains; text contains "words" finds words in the text, in every \
                form search finds. Dates: 2026-12-01, today, 7d, 2w. Dataview's DQL (TABLE, \
                LIST, TASK, FROM, WHERE, SORT, GROUP BY, LIMIT, file.name, date(today), \
                dur(1 week)) is read as well; an Obsidian Tasks block with --language tasks.

                QUERY is the query's text, or the name of a query saved in the vault \
                (.enote/queries/NAME.enote, .dataview or .tasks; --save NAME saves one). \
                --in NOTE runs the ```enote, ```dataview and ```tasks blocks of a note.

                Examples:
                  enote query 'table status, due from #work sort due'
                  enote query 'TABLE file.mtime FROM "projects" SORT file.mtime DESC' --json
                  enote query --language tasks 'not done
                  due before tomorrow'
                  enote query --save open-work 'tasks from #work where !completed'
                  enote query open-work
                  enote query --in dashboard
                """)

        @Argument(help: ArgumentHelp("The query, or the name of a saved query.", valueName: "query"))
        var query: String?

        @Option(name: .customLong("in"), help: ArgumentHelp("Run the query blocks of this note.", valueName: "note"))
        var note: String?

        @Option(help: ArgumentHelp("Read the query as enote (the default, which reads DQL too), dataview or tasks.", valueName: "language"))
        var language: NoteQuery.Language?

        @Option(help: ArgumentHelp("Save the query under this name in .enote/queries/ after checking it.", valueName: "name"))
        var save: String?

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            if note != nil && query != nil { throw ValidationError(Localization.text("give a query or --in NOTE, not both")) }
            if note == nil && query == nil { throw ValidationError(Localization.text("give a query, the name of a saved query, or --in NOTE")) }
            if save != nil && query == nil { throw ValidationError(Localization.text("--save needs the query to save")) }
        }

        func run() throws {
            let context = CommandContext(globals)
            if let note { return try runBlocks(of: note, context: context) }
            guard let text = query else { return }
            let vault = try context.openVault(forWriting: save != nil)
            if let save {
                let language = language ?? Self.guessLanguage(text)
                do {
                    let path = try vault.saveQuery(named: save, text: text, language: language)
                    context.note("Saved the query as \(path.description); run it with enote query \(save)")
                } catch let error as NoteQueryError {
                    throw failure(error)
                }
                return
            }
            var source = (text: text, language: language ?? Self.guessLanguage(text))
            if language == nil, Self.isName(text) {
                let saved = try vault.savedQuery(named: text)
                source = (saved.text, saved.language)
            }
            let index = try context.openIndex(vault)
            let parsed: NoteQuery
            do { parsed = try QueryParser.parse(source.text, language: source.language) } catch { throw failure(error) }
            let result: QueryResult
            do {
                result = try index.run(parsed, options: options(context))
            } catch let error as NoteQueryError {
                throw failure(error)
            }
            Trace.mark("listed")
            defer { Trace.mark("printed") }
            if json {
                Console.out(JSONPrinter.text(result, clock: context.clock))
                return
            }
            show(result, context: context)
        }

        private func options(_ context: CommandContext, note: NotePath? = nil) -> NoteIndex.QueryOptions {
            var options = NoteIndex.QueryOptions(now: context.clock.now(), timeZone: context.clock.timeZone, note: note)
            options.timeLimit = 30
            return options
        }

        private func show(_ result: QueryResult, context: CommandContext) {
            for warning in result.warnings { context.note(warning) }
            if result.rows.isEmpty && result.calendar.isEmpty {
                context.note("Nothing matches the query")
                return
            }
            context.page(QueryTable(terminal: context.terminal, today: CalendarDay(context.clock.now(), in: context.clock.timeZone)).render(result))
        }

        /// Runs every query block of a note; a block that cannot run says why in its place, and
        /// the others still run.
        private func runBlocks(of reference: String, context: CommandContext) throws {
            let (vault, path, index) = try context.openNote(reference)
            var answers: [BlockAnswer] = []
            for read in try vault.queryBlocks(of: path, today: CalendarDay(context.clock.now(), in: context.clock.timeZone)) {
                switch read.query {
                case .failure(let error):
                    answers.append(BlockAnswer(block: read.block, outcome: .failure(error)))
                case .success(let query):
                    do {
                        answers.append(BlockAnswer(block: read.block, outcome: .success(try index.run(query, options: options(context, note: path)))))
                    } catch var error as NoteQueryError {
                        error.line = read.block.line
                        answers.append(BlockAnswer(block: read.block, outcome: .failure(error)))
                    }
                }
            }
            if json {
                Console.out(JSONPrinter.arrayText(answers, clock: context.clock))
                return
            }
            guard !answers.isEmpty else {
                context.note("\(path.description) has no query blocks (```enote, ```dataview or ```tasks)")
                return
            }
            var output = ""
            let table = QueryTable(terminal: context.terminal, today: CalendarDay(context.clock.now(), in: context.clock.timeZone))
            for answer in answers {
                let heading = "\(path.description):\(answer.block.line) (\(answer.block.language.rawValue))"
                output += (output.isEmpty ? "" : "\n") + SafeText.escaped(heading) + "\n"
                switch answer.outcome {
                case .failure(let error):
                    let kind = error.isUnsupported ? Localization.text("cannot run") : Localization.text("error")
                    output += "  \(kind): \(SafeText.escaped(Localization.text(error.located)))\n"
                case .success(let result):
                    let body = table.render(result)
                    output += body.isEmpty ? "  " + Localization.text("Nothing matches the query") + "\n" : body
                }
            }
            context.page(output)
        }

        /// A query that cannot be read or run: its place and why, on stderr (and as
        /// `{"error": …}` on stdout under `--json`), with status 1.
        private func failure(_ error: NoteQueryError) -> CommandFailure {
            if json { Console.out(JSONPrinter.text(["error": error], clock: CommandContext(globals).clock)) }
            return CommandFailure(error.located)
        }

        /// A text that names a saved query rather than being one: one word.
        private static func isName(_ text: String) -> Bool {
            !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                && !["list", "table", "task", "tasks", "calendar", "done"].contains(text.lowercased())
        }

        /// An Obsidian Tasks block when its first word starts none of the views, else enote's
        /// language (which reads DQL too).
        private static func guessLanguage(_ text: String) -> NoteQuery.Language {
            let first = text.split(whereSeparator: { $0.isWhitespace }).first.map { $0.lowercased() } ?? ""
            return ["list", "table", "task", "tasks", "board", "calendar"].contains(first) ? .enote : .tasks
        }
    }
}

/// One query block of a note and what running it gave.
private struct BlockAnswer: Encodable {
    var block: QueryBlock
    var outcome: Result<QueryResult, NoteQueryError>

    /// `line` (the opening fence), `language`, and `result` or `error`.
    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(block.line, forKey: .line)
        try json.encode(block.language.rawValue, forKey: .language)
        switch outcome {
        case .success(let result): try json.encode(result, forKey: .result)
        case .failure(let error): try json.encode(error, forKey: .error)
        }
    }

    private enum Key: String, CodingKey {
        case line, language, result, error
    }
}

extension NoteQuery.Language: ExpressibleByArgument {}
