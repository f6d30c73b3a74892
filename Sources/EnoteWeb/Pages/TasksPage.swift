import Foundation
import NoteVault

/// The open tasks of the vault, grouped by due date (overdue, today, tomorrow, each later day, no
/// due date), each with a checkbox that marks it done through the library's toggle with the
/// revision of its note, and a link to today's daily note. The whole list is the fragment
/// `#tasks`, which `live.js` fetches again when notes change on disk.
package struct TasksPage {
    /// Today's daily note: where it is and whether it is written yet.
    package struct Daily: Sendable {
        package var path: NotePath
        package var exists: Bool

        package init(path: NotePath, exists: Bool) {
            self.path = path
            self.exists = exists
        }
    }

    let frame: PageFrame
    let tasks: [NoteTask]
    let today: CalendarDay
    let daily: Daily?

    package init(frame: PageFrame, tasks: [NoteTask], today: CalendarDay, daily: Daily?) {
        self.frame = frame
        self.tasks = tasks
        self.today = today
        self.daily = daily
    }

    package func render() -> HTML {
        var groups: [(title: String, kind: String, tasks: [NoteTask])] = []
        for task in tasks {
            let (title, kind) = heading(for: task.due)
            if groups.last?.title == title {
                groups[groups.count - 1].tasks.append(task)
            } else {
                groups.append((title, kind, [task]))
            }
        }
        let sections = groups.map { group -> HTML in
            """
            <section class="task-group \(group.kind)"><h2>\(group.title)</h2>
            <ul class="tasks">\(HTML.join(group.tasks.map(row), separator: "\n"))</ul></section>
            """
        }
        let body: HTML =
            tasks.isEmpty
            ? "<p class=\"empty\" id=\"tasks-empty\">\(frame.text("No open tasks."))</p>"
            : HTML.join(sections, separator: "\n")
        let content: HTML = """
            <h1>\(frame.text("Tasks"))</h1>
            <div id="tasks" data-today="\(today.description)">
            \(dailyLink)
            \(body)
            </div>
            """
        return frame.page(title: frame.text("Tasks"), kind: "tasks", scripts: frame.readOnly ? [] : ["tasks.js"], content)
    }

    /// The group a due date falls in, and its class.
    private func heading(for due: CalendarDay?) -> (String, String) {
        guard let due else { return (frame.text("No due date"), "undated") }
        if due < today { return (frame.text("Overdue"), "overdue") }
        if due == today { return (frame.text("Today"), "today") }
        if due == today.adding(days: 1) { return (frame.text("Tomorrow"), "later") }
        return (due.longText(locale: frame.language.webLocale), "later")
    }

    /// One task: its checkbox (a form that works without JavaScript too), its text, its note.
    private func row(_ task: NoteTask) -> HTML {
        let label = frame.text("Mark done: \(task.summary)")
        let box: HTML =
            frame.readOnly
            ? "<input type=\"checkbox\" class=\"task-box\" disabled aria-label=\"\(task.summary)\">"
            : """
            <form class="toggle" action="/tasks/toggle" method="post">\(frame.csrfField)\
            <input type="hidden" name="path" value="\(task.path.description)"><input type="hidden" name="line" value="\(task.line)">\
            <input type="hidden" name="revision" value="\(task.noteRevision?.description ?? "")"><input type="hidden" name="done" value="1">\
            <input type="checkbox" class="task-box" aria-label="\(label)">\
            <noscript><button type="submit" class="secondary">\(frame.text("Done"))</button></noscript></form>
            """
        let due: HTML = task.due.map { "<time class=\"due\" datetime=\"\($0.description)\">\($0.description)</time>" } ?? .empty
        let tags = HTML.join(task.tags.map { "<span class=\"tag\">#\($0)</span>" as HTML }, separator: " ")
        return """
            <li class="task" data-path="\(task.path.description)" data-line="\(task.line)" data-revision="\(task.noteRevision?.description ?? "")">\
            \(box) <span class="summary">\(task.summary)</span> \(tags) \(due) \
            <a class="task-note" href="\(NoteURL.show(task.path))">\(task.noteTitle ?? task.path.description) · \(task.line)</a></li>
            """
    }

    /// The link to today's daily note.
    private var dailyLink: HTML {
        guard let daily else { return .empty }
        let state: HTML = daily.exists ? .empty : " <span class=\"muted\">\(frame.text("not written yet"))</span>"
        return "<p class=\"today-note\"><a href=\"/today\" id=\"today-link\">\(frame.text("Today's note"))</a> \(daily.path.description)\(state)</p>"
    }
}
