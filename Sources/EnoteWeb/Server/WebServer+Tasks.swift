import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `/tasks`: the open tasks by due date; `POST /tasks/toggle`: a checkbox, through
    /// ``Vault/setTask(in:line:done:revision:force:)`` with the revision the page showed (a note
    /// changed since, a line that holds no task any more or a note open in an editor: 409 and
    /// nothing written); `/today`: today's daily note, made by `POST /today`.
    func addTaskRoutes(to router: Router<WebContext>) {
        router.get("/tasks") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let today = CalendarDay(self.web.clock.now(), in: self.web.clock.timeZone)
                let query = TaskQuery(notes: NoteFilter(now: self.web.clock.now()), today: today)
                let tasks = try self.web.read { index throws(VaultError) in try index.tasks(query) }
                let daily = (try? self.web.vault.dailyNotes.path(for: today)).map { TasksPage.Daily(path: $0, exists: self.web.vault.exists($0)) }
                return TasksPage(frame: self.frame(request, context), tasks: tasks, today: today, daily: daily).render().response()
            }
        }
        router.get("/today") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let path = try self.web.vault.dailyNotes.path(for: CalendarDay(self.web.clock.now(), in: self.web.clock.timeZone))
                if self.web.vault.exists(path) { return Response(status: .seeOther, headers: [.location: NoteURL.show(path)]) }
                return DailyNotePage(frame: self.frame(request, context), path: path).render().response()
            }
        }
        guard !options.readOnly else { return }
        router.post("/today") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let today = CalendarDay(self.web.clock.now(), in: self.web.clock.timeZone)
                let note = try self.web.vault.dailyNotes.note(for: today, locale: context.language.webLocale)
                self.web.wrote([note.path])
                return Response(status: .seeOther, headers: [.location: NoteURL.edit(note.path)])
            }
        }
        router.post("/tasks/toggle") { request, context in await self.work.run { self.toggleTask(request, context) } }
    }

    /// A checkbox of the Tasks page: the task's JSON for the page's script (with the note's new
    /// revision, so the other tasks of the note stay current), a redirect back for a form
    /// posted without it.
    func toggleTask(_ request: Request, _ context: WebContext) -> Response {
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        do throws(VaultError) {
            let form = context.form
            let path = try Self.vaultPath(form["path"])
            guard let line = form["line"].flatMap({ Int($0) }), line >= 1 else { throw .invalidInput("the form did not say which line the task is on") }
            guard let revision = form["revision"].flatMap(NoteRevision.init) else {
                throw .invalidInput("the form did not say which version of the note it started from; open the editor again")
            }
            let change = try web.vault.setTask(in: path, line: line, done: form["done"] != "0", revision: revision)
            web.wrote([path])
            guard wantsJSON else { return Response(status: .seeOther, headers: [.location: "/tasks"]) }
            // The task as `enote tasks --json` gives it, with the note's new revision.
            return JSONBody.response(change.task)
        } catch {
            let status = Self.status(of: error)  // a task gone from its line is a race: 409
            guard wantsJSON else { return Refusal.page(status, error.message, context.language) }
            return JSONBody.response(JSONBody.Refusal(error: WebMessages.text(error.message, in: context.language)), status: status)
        }
    }
}

/// The page of a daily note not written yet: its path, and a button that makes it.
struct DailyNotePage {
    let frame: PageFrame
    let path: NotePath

    func render() -> HTML {
        let create: HTML =
            frame.readOnly
            ? .empty
            : """
            <form action="/today" method="post">\(frame.csrfField)<button type="submit" id="create-today">\(frame.text("Write today's note"))</button></form>
            """
        let content: HTML = """
            <h1>\(frame.text("Today's note"))</h1>
            <p>\(path.description) <span class="muted">\(frame.text("not written yet"))</span></p>
            \(create)
            """
        return frame.page(title: frame.text("Today's note"), kind: "today", content)
    }
}
