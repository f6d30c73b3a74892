import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `/trash`: the trash, Restore, and Empty trash (which asks first: the first POST shows the
    /// confirmation, only one carrying `confirm=yes` deletes).
    func addTrashRoutes(to router: Router<WebContext>) {
        router.get("/trash") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let query = FormFields(encoded: request.uri.query ?? "")
                let page = TrashPage(
                    frame: self.frame(request, context), entries: self.web.vault.trash.entries(), timeZone: self.web.clock.timeZone,
                    emptied: query["emptied"].flatMap { Int($0) })
                return page.render().response()
            }
        }
        guard !options.readOnly else { return }
        router.post("/trash/restore") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let name = context.form["entry"] ?? ""
                guard let entry = self.web.vault.trash.entries().first(where: { $0.trashedPath == name }) else {
                    throw .noteNotFound(reference: ".trash/" + name, suggestions: [])
                }
                let restored = try self.web.vault.trash.restore(entry)
                self.web.wrote([restored])
                return Response(status: .seeOther, headers: [.location: NoteURL.show(restored)])
            }
        }
        router.post("/trash/empty") { request, context in
            await self.answer(context) { () throws(VaultError) in
                guard context.form["confirm"] == "yes" else {
                    let page = TrashPage(
                        frame: self.frame(request, context), entries: self.web.vault.trash.entries(), timeZone: self.web.clock.timeZone,
                        confirming: true)
                    return page.render().response()
                }
                let count = try self.web.session.withIndex { index throws(VaultError) in try self.web.vault.trash.empty(index: index) }
                return Response(status: .seeOther, headers: [.location: "/trash?emptied=\(count)"])
            }
        }
    }
}
