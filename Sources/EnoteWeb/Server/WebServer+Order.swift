import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `POST /order`: drag and drop in the list sorted by manual order. The form names the moved
    /// `note` and where it went (`before` or `after` the `target` note, or `top`/`bottom`); the
    /// library's ``ManualOrder/move(_:to:force:)`` writes the `order` key of the moved note only
    /// (and of the reference note when it had no position yet). Answers JSON: the new key and
    /// every file written. CSRF-checked like every POST (the script sends `X-CSRF-Token`).
    func addOrderRoutes(to router: Router<WebContext>) {
        router.post("/order") { _, context in
            await self.work.run { self.move(context) }
        }
    }

    /// Moves the note the form names; the answer is JSON.
    func move(_ context: WebContext) -> Response {
        do throws(VaultError) {
            let form = context.form
            let note: NotePath = try Self.vaultPath(form["note"])
            let placement: Placement
            switch form["placement"] ?? "" {
            case "top": placement = .top
            case "bottom": placement = .bottom
            case "before": placement = .before(try Self.vaultPath(form["target"]))
            case "after": placement = .after(try Self.vaultPath(form["target"]))
            default: throw .invalidInput("say where the note goes: before or after another note, top or bottom")
            }
            let result = try self.web.read { index throws(VaultError) in try ManualOrder(index: index).move(note, to: placement) }
            return JSONBody.response(
                Moved(moved: result.moved.description, key: result.key, changed: ([result.moved] + result.alsoChanged).map(\.description)))
        } catch {
            return JSONBody.response(JSONBody.Refusal(error: WebMessages.text(error.message, in: context.language)), status: Self.status(of: error))
        }
    }

    /// The answer to a move.
    struct Moved: Encodable {
        var moved: String
        var key: String
        var changed: [String]
    }

    /// A note path named in a form, checked as a URL's path is.
    static func vaultPath(_ text: String?) throws(VaultError) -> NotePath {
        do { return try NotePath(validating: text ?? "", purpose: .lookup) } catch { throw .path(error) }
    }
}
