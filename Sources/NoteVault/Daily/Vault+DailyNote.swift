import Foundation

/// The daily note `enote today` opens: where it is, for which day, and whether it was just made.
public struct DailyNote: Sendable {
    public var path: NotePath
    public var day: CalendarDay
    /// Whether this call created it.
    public var created: Bool
    /// How many open tasks it took over from the last daily note (``DailyNoteSettings/Carry``).
    public var carriedTasks: Int
}

extension Vault {
    /// The path of the daily note of `day`, by the vault's `daily_folder` and `daily_format`.
    func dailyNotePath(for day: CalendarDay) throws(VaultError) -> NotePath {
        do { return try config.daily.path(for: day) } catch { throw .path(error) }
    }

    /// The daily note of `day`, created when it does not exist yet.
    ///
    /// A new one starts from the `daily_template` (its `{{date}}` is `day`, `{{date_long}}`
    /// and `{{weekday}}` are written for `locale`), else from a heading with the day written in
    /// full; its title is its file name (`2026-12-01`). With `daily_carry = open-tasks`, the
    /// open tasks of the last daily note of the year before `day` are copied to its end, nested
    /// as they were (the last note keeps them).
    /// - Throws: ``VaultError``: a path the settings cannot make, a missing template, the note
    ///   limit, or a failed write (nothing is left behind).
    func dailyNote(for day: CalendarDay, locale: Locale) throws(VaultError) -> DailyNote {
        let settings = config.daily
        let path = try dailyNotePath(for: day)
        if exists(path) { return DailyNote(path: path, day: day, created: false, carriedTasks: 0) }
        let template = try settings.template.map { name throws(VaultError) in try self.template(named: name) }
        let carried = settings.carry == .openTasks ? openTasksOfLastDailyNote(before: day) : []
        let now = clock.now()
        var bytes = try dailyNoteBytes(path: path, day: day, template: template, locale: locale, now: now)
        if !carried.isEmpty {
            // After a blank line.
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            if !bytes.suffix(2).elementsEqual([UInt8(ascii: "\n"), UInt8(ascii: "\n")]) { bytes.append(UInt8(ascii: "\n")) }
            bytes += Array((carried.joined(separator: "\n") + "\n").utf8)
        }
        let lock = try lock()
        defer { lock.release() }
        if let allowance = noteLimit(), allowance.isReached { throw .limitReached(limit: allowance.limit) }
        if let folder = path.parent { try makeFolders(folder) }
        do {
            try writer.create(path, with: bytes)
        } catch .exists {
            // Made by someone else since the check: theirs is the day's note.
            return DailyNote(path: path, day: day, created: false, carriedTasks: 0)
        } catch {
            throw .write(error)
        }
        return DailyNote(path: path, day: day, created: true, carriedTasks: carried.count)
    }

    /// The bytes of a new daily note: the template filled in (or a heading with the day in full),
    /// with `title` (unless the template sets one), `created` and `updated` in its front matter.
    private func dailyNoteBytes(path: NotePath, day: CalendarDay, template: String?, locale: Locale, now: Date) throws(VaultError) -> [UInt8] {
        let title = NotePath.droppingMarkdownExtension(path.fileName)
        let text = template ?? "# {{date_long}}\n\n"
        let bytes = Template.instantiate(text, title: title, now: now, timeZone: clock.timeZone, day: day, locale: locale)
        return try Template.settingFrontMatter(of: bytes, title: title, .unlessTemplateHasOne, now: now, timeZone: clock.timeZone)
    }

    /// The open tasks of the newest daily note among the 366 days before `day`, each as
    /// `- [ ] text`, indented two spaces for each open task it is nested under.
    private func openTasksOfLastDailyNote(before day: CalendarDay) -> [String] {
        for back in 1...366 {
            guard let path = try? dailyNotePath(for: day.adding(days: -back)), exists(path) else { continue }
            guard let note = try? read(path) else { return [] }
            let open = TaskExtractor.tasks(in: note.content, path: path).filter { !$0.isDone }
            var depth: [Int: Int] = [:]
            return open.map { task in
                let level = task.parentLine.flatMap { depth[$0].map { $0 + 1 } } ?? 0
                depth[task.line] = level
                return String(repeating: "  ", count: level) + "- [ ] " + task.text
            }
        }
        return []
    }
}
