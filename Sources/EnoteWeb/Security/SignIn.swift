import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `/signin`: the password form (when the server has a password), and its answer, which
    /// opens a session as the secret URL does; guesses are throttled (``SignInThrottle``).
    func addSignInRoutes(to router: Router<WebContext>) {
        router.get("/signin") { _, context in
            self.signInPage(context.language, failed: false)
        }
        router.post("/signin") { request, context in
            var request = request
            let body = try await request.collectBody(upTo: 64 * 1024)
            let form = FormFields(encoded: String(buffer: body))
            // Every password checked is a guess: a few at once, then about one a second.
            if let wait = self.throttle.admit(context.clientAddress) { return RequestGuard.tooManyGuesses(wait: wait, context.language) }
            guard let session = self.gate.signIn(password: form["password"] ?? "") else {
                return self.signInPage(context.language, failed: true)
            }
            self.throttle.refund(context.clientAddress)
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.headers[.setCookie] = self.requestGuard.sessionCookie(session)
            return response
        }
    }

    func signInPage(_ language: Language, failed: Bool) -> Response {
        let frame = PageFrame(language: language, csrfToken: nil, readOnly: true, path: "/signin")
        guard gate.needsPassword else {
            return Refusal.page(.unauthorized, "Sign in first: open the URL enote serve printed at start (it carries a secret)", language)
        }
        let error: HTML = failed ? "<p class=\"error\">\(frame.text("That is not the password; try again"))</p>" : .empty
        let content: HTML = """
            <h1>\(frame.text("Sign in"))</h1>
            \(error)
            <form class="signin" action="/signin" method="post">
            <label>\(frame.text("Password")) <input type="password" name="password" autofocus autocomplete="current-password"></label>
            <button type="submit">\(frame.text("Sign in"))</button>
            </form>
            """
        return frame.page(title: frame.text("Sign in"), kind: "signin", content).response(status: failed ? .unauthorized : .ok)
    }
}
