import Foundation

/// The vault's settings, from `.enote/config`: a commented, human-editable file committed with
/// the vault. A missing file means the defaults.
///
/// The format is one `key = value` per line; `#` starts a comment. An unknown key, a bad value or
/// a key given twice (but `ignore`, a list with one pattern a line) is an error that names the
/// line, so a typo is never silently ignored and no setting silently overrides another.
///
/// ```
/// expiry = trash
/// ignore = drafts/
/// ignore = *.tmp.md
/// sort = updated
/// max_notes = 500
/// ```
public struct VaultConfig: Sendable, Equatable {
    /// What expiry does with a note whose destroy date has passed.
    public enum ExpiryAction: String, Sendable, Equatable, CaseIterable {
        /// Move it to `.trash/`, from where it can be restored (the default).
        case trash
        /// Delete it for good.
        case delete
    }

    /// How `list` sorts when no `--sort` is given.
    public enum SortKey: String, Sendable, Equatable, CaseIterable {
        /// Most recently changed first.
        case updated
        /// Most recently created first.
        case created
        /// A to Z.
        case title
        /// The manual order (`enote move`), then notes without a position, newest first.
        case order
        /// Soonest destroy date first; notes without one last.
        case destroy
    }

    public var expiry: ExpiryAction = .trash
    /// Glob patterns of paths to ignore, relative to the root; a pattern ending in `/` names
    /// folders, which are skipped without being walked. ``NotePathPolicy`` applies them.
    public var ignore: [String] = []
    /// An `editor` line, which is never run: a vault is shared, so the program that runs as
    /// the editor is the user's choice (``UserConfig``, `$VISUAL`, `$EDITOR`). Kept so that
    /// `enote edit` can point at the line to move.
    public var editor: String?
    /// The line of the `editor` setting, when there is one.
    public var editorLine: Int?
    public var sort: SortKey = .updated
    /// Creating a note beyond this many is refused (the original app's demo limit).
    public var maxNotes: Int?
    /// The most notes one expiry pass may destroy before it asks for confirmation.
    public var expiryCap: Int = 50
    /// The languages the vault's notes are written in, for search to match every form of a word
    /// (`languages = de, ru`): a word goes to the first one of its script. A note's own `lang:`
    /// key adds its language. English and Russian when the line is missing.
    public var languages: [SearchLanguage] = SearchLanguage.defaults
    /// The folders agents may write through `enote mcp`, which can only narrow the person's own
    /// `mcp_write` (``AgentLimits``); `nil` when the line is missing.
    public var mcpWrite: [NotePath?]?
    /// Daily notes: folder, file name, template, what they carry over (`daily_*` lines).
    public var daily = DailyNoteSettings()
    /// Whether marking a task done also writes `✅ YYYY-MM-DD` after it, as Obsidian Tasks does
    /// (`task_done_date = true`); off, only the marker changes.
    public var taskDoneDate = false
    /// Which notes a write stamps with `updated` (`updated_stamp`).
    public var updatedStamp = UpdatedStamp.existing

    /// Which notes a write stamps with `updated`.
    public enum UpdatedStamp: String, Sendable {
        /// Only notes that have the key (enote writes it in the notes it creates); a note that
        /// never had it (an adopted Obsidian or Hugo vault) never gets it.
        case existing
        /// Every note: the key is added where it is missing.
        case always
    }

    public init() {}

    /// A problem in the config file, with its line.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: LocalizedMessage
        public var description: String { "\(file):\(line): \(message.text)" }
    }

    /// Parses the text of a config file.
    public init(parsing text: String, file: String) throws(ParseError) {
        // "\r\n" is one Character in Swift, so splitting on "\n" alone would not split CRLF lines.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var seen: [String: Int] = [:]
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let hash = Self.commentStart(line) { line = line[..<hash] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw ParseError(file: file, line: lineNumber, message: "expected key = value")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            func fail(_ message: LocalizedMessage) -> ParseError { ParseError(file: file, line: lineNumber, message: message) }
            // As in front matter, a setting given twice is a mistake, never "the last one wins";
            // only `ignore` is a list, one pattern a line.
            if key != "ignore", let first = seen.updateValue(lineNumber, forKey: key) {
                throw fail("\(key) is set twice, on lines \(first) and \(lineNumber); keep one of them (only ignore is repeated, one pattern a line)")
            }
            switch key {
            case "expiry":
                guard let action = ExpiryAction(rawValue: value) else {
                    throw fail("expiry must be trash or delete, not \"\(value)\"")
                }
                expiry = action
            case "ignore":
                guard !value.isEmpty else { throw fail("ignore needs a pattern, such as drafts/") }
                ignore.append(value)
            case "editor":
                guard !value.isEmpty else { throw fail("editor needs a command, such as nvim or \"code --wait\"") }
                editor = value
                editorLine = lineNumber
            case "sort":
                guard let key = SortKey(rawValue: value) else {
                    throw fail(SortKey.notAKey(value))
                }
                sort = key
            case "max_notes":
                guard let limit = Int(value), limit > 0 else { throw fail("max_notes must be a whole number above 0, not \"\(value)\"") }
                maxNotes = limit
            case "expiry_cap":
                guard let cap = Int(value), cap > 0 else { throw fail("expiry_cap must be a whole number above 0, not \"\(value)\"") }
                expiryCap = cap
            case "languages":
                var chosen: [SearchLanguage] = []
                for name in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                    guard let language = SearchLanguage.named(name) else {
                        throw fail("languages: \"\(name)\" is not a language enote knows; use codes such as \(SearchLanguage.knownCodes)")
                    }
                    if !chosen.contains(language) { chosen.append(language) }
                }
                guard !chosen.isEmpty else { throw fail("languages needs at least one language code, such as en") }
                languages = chosen
            case "mcp_write":
                let parsed = AgentLimits.parseFolders(value)
                if let problem = parsed.problem { throw fail(problem) }
                mcpWrite = parsed.folders
            case "daily_folder":
                var folder = Substring(value)
                while folder.hasSuffix("/") { folder = folder.dropLast() }
                if !folder.isEmpty {
                    do { _ = try NotePath(validating: String(folder), purpose: .create) } catch {
                        throw fail("daily_folder \"\(value)\" is not a folder enote can write: \(error.message)")
                    }
                }
                daily.folder = String(folder)
            case "daily_format":
                daily.format = value
            case "daily_template":
                guard !value.isEmpty, !value.contains("/") else { throw fail("daily_template needs the name of a template in .enote/templates/, such as daily") }
                daily.template = value
            case "daily_carry":
                guard let carry = DailyNoteSettings.Carry(rawValue: value) else {
                    throw fail("daily_carry must be open-tasks or none, not \"\(value)\"")
                }
                daily.carry = carry
            case "task_done_date":
                guard let on = Self.boolean(value) else { throw fail("task_done_date must be true or false, not \"\(value)\"") }
                taskDoneDate = on
            case "updated_stamp":
                guard let stamp = UpdatedStamp(rawValue: value) else { throw fail("updated_stamp must be existing or always, not \"\(value)\"") }
                updatedStamp = stamp
            case "sync", "sync_interval":
                // Automatic sync pushes on its own: each machine chooses it, never the vault.
                throw fail("\(key) is not a vault setting: whether a machine syncs by itself is its own choice; remove this line and run git config enote.sync auto in the clones that should")
            default:
                throw fail(
                    "unknown setting \"\(key)\"; known settings are expiry, ignore, sort, max_notes, expiry_cap, languages, mcp_write, daily_folder, daily_format, daily_template, daily_carry, task_done_date, updated_stamp"
                )
            }
        }
        // The format is checked with the folder it goes in, whichever line comes first.
        if let line = seen["daily_format"] ?? seen["daily_folder"], let problem = DailyNoteSettings.problem(format: daily.format, folder: daily.folder) {
            throw ParseError(file: file, line: line, message: problem)
        }
    }

    /// `true`/`yes`/`on` or `false`/`no`/`off`, in any case.
    static func boolean(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// `#` starts a comment unless it is inside quotes.
    static func commentStart(_ line: Substring) -> Substring.Index? {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return index
            }
        }
        return nil
    }

    /// The file `enote init` writes: every setting, commented, with its default.
    public static let template = template(languages: SearchLanguage.defaults)

    /// The file `enote init` writes for a user whose notes are in `languages`.
    public static func template(languages: [SearchLanguage]) -> String {
        let line = languages.map(\.code).joined(separator: ", ")
        return templateText.replacingOccurrences(of: "languages = en, ru", with: "languages = " + line)
    }

    private static let templateText = """
        # enote vault settings. This file is committed with the vault; the index and locks
        # in this folder are not (see .gitignore). Lines are `key = value`; # starts a comment.

        # What happens to a note when its destroy date passes:
        #   trash  - move it to .trash/ (restore with `enote trash restore`)
        #   delete - remove it for good
        expiry = trash

        # The most notes one expiry pass destroys before it stops and asks
        # (protects against a clock that jumped years ahead).
        # expiry_cap = 50

        # Paths enote ignores, as globs relative to the vault. A pattern ending in /
        # names folders, which are skipped without being walked. Repeat the line for more
        # patterns (every other setting is given once; a second one is an error).
        # ignore = drafts/
        # ignore = archive/**/

        # The editor is not chosen here: anyone who clones the vault would run it. Set it
        # in your own ~/.config/enote/config (editor = nvim), or with $VISUAL or $EDITOR.

        # The languages of the notes, so that search finds every form of a word
        # (files for file, молока for молоко). A word goes to the first language of
        # its script; a note's own `lang: de` adds German to every search.
        languages = en, ru

        # How `enote list` sorts by default: updated, created, title, order or destroy.
        # sort = updated

        # Refuse to create more notes than this.
        # max_notes = 1000

        # Daily notes (`enote today`): the folder, the file name (strftime: %Y-%m-%d is
        # 2026-12-01; %Y/%m/%d makes folders), a template in .enote/templates/ ({{date}},
        # {{date_long}} and {{weekday}} are the note's day, in your language for the last
        # two), and whether a new one copies the open tasks of the last one (open-tasks).
        # daily_folder = journal
        # daily_format = %Y-%m-%d
        # daily_template = daily
        # daily_carry = none

        # Whether `enote task done` (and the web's and editor's toggles) also write
        # ✅ YYYY-MM-DD after the task, as Obsidian Tasks does.
        # task_done_date = false

        # Which notes a change stamps with `updated`: existing (only notes that have the key)
        # or always (the key is added where it is missing).
        # updated_stamp = existing

        # Automatic sync is chosen on each machine, not here: `git config enote.sync auto`
        # in a clone makes its `enote watch` sync once changes have been quiet for
        # `git config enote.syncInterval` (5m by default).

        """
}

extension VaultConfig.SortKey {
    /// Why `value` is not a sort key, naming the keys there are (the config's `sort =` line and
    /// the web list's `?sort=` read it the same way).
    public static func notAKey(_ value: String) -> LocalizedMessage {
        "sort must be one of \(allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\""
    }
}
