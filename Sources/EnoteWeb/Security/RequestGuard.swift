import Foundation
import HTTPTypes
import Hummingbird
import NoteVault

/// The checks every request passes before a route sees it, in this order:
///
/// 1. `Host` names this server (``ServerAddress``): DNS rebinding is refused.
/// 2. `Origin`, when sent, is this server; a change from another site (`Sec-Fetch-Site:
///    cross-site`) is refused.
/// 3. The secret in `?token=` is exchanged for a session cookie (then the URL loses it, and the
///    redirect goes only to a path on this server); a wrong secret counts as a guess
///    (``SignInThrottle``). Without a session only the sign-in page and the assets answer (401
///    otherwise).
/// 4. A POST carries the session's CSRF token (form field `csrf` or header `X-CSRF-Token`), and
///    is refused altogether when the server is read-only. Its body is read up to what a note
///    (or a picture) may need, and a larger one is refused with a page that says why.
package struct RequestGuard: RouterMiddleware {
    package typealias Context = WebContext

    let gate: AccessGate
    let address: ServerAddress
    let readOnly: Bool
    let throttle: SignInThrottle
    /// The vault's folder, which names the session cookie with the port.
    let vault: String

    package init(gate: AccessGate, address: ServerAddress, readOnly: Bool, throttle: SignInThrottle, vault: String) {
        self.gate = gate
        self.address = address
        self.readOnly = readOnly
        self.throttle = throttle
        self.vault = vault
    }

    /// The name of this server's session cookie.
    var cookieName: String { AccessGate.cookieName(port: address.port, vault: vault) }

    /// Paths that answer without a session.
    static func isPublic(_ path: String) -> Bool {
        path.hasPrefix("/assets/") || path == "/signin" || path == "/favicon.ico"
    }

    package func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        context.language = WebMessages.language(
            cookie: request.cookies["enote_lang"]?.value, acceptLanguage: request.headers[.acceptLanguage])
        let language = context.language
        guard address.accepts(authority: request.head.authority) else {
            return Refusal.page(
                .forbidden, "This server answers only to the address it printed at start (\(address.baseURL)); the page asked for another name", language)
        }
        let unsafe = request.method != .get && request.method != .head
        let fetchSite = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        // A browser sends `Origin: null` for a form posted from a page with `Referrer-Policy:
        // no-referrer` (ours) as well as from a sandboxed frame; `Sec-Fetch-Site` tells them apart.
        if let origin = request.headers[.origin], origin != "null" || fetchSite != "same-origin" {
            guard let authority = request.head.authority, origin.lowercased() == "http://" + authority.lowercased() else {
                return Refusal.page(.forbidden, "A page from another site (\(origin)) tried to use this server; refused", language)
            }
        }
        if unsafe, let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            return Refusal.page(.forbidden, "A page from another site tried to change notes; refused", language)
        }
        let path = request.uri.path
        if let token = request.uri.queryParameters["token"].map(String.init) {
            if let wait = throttle.admit(context.clientAddress) { return Self.tooManyGuesses(wait: wait, language) }
            guard let session = gate.signIn(token: token) else {
                return Refusal.page(.unauthorized, "This link's secret is not the one enote serve printed; open the URL it printed at start", language)
            }
            throttle.refund(context.clientAddress)
            var response = Response(status: .seeOther, headers: [.location: WebServer.localPath(path)])
            response.headers[values: .setCookie] = [sessionCookie(session)]
            return response
        }
        if Self.isPublic(path) { return try await next(request, context) }
        guard let session = gate.session(id: request.cookies[cookieName]?.value) else {
            if request.method == .get, gate.needsPassword, request.headers[.accept]?.contains("text/html") == true {
                return Response(status: .seeOther, headers: [.location: "/signin"])
            }
            return Refusal.page(.unauthorized, "Sign in first: open the URL enote serve printed at start (it carries a secret)", language)
        }
        context.session = session
        if unsafe {
            if readOnly {
                return Refusal.page(.forbidden, "This server is read-only (enote serve --read-only): nothing can be changed here", language)
            }
            var request = request
            if request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
                let noteTooLarge = Refusal.page(
                    .contentTooLarge,
                    "A note may hold at most \(NoteContent.maximumSize / 1_048_576) MiB; this form is larger, so nothing was saved",
                    language)
                if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > context.maxUploadSize { return noteTooLarge }
                let body: ByteBuffer
                do {
                    body = try await request.collectBody(upTo: context.maxUploadSize)
                } catch let error as HTTPError where error.status == .contentTooLarge {
                    return noteTooLarge
                }
                context.form = FormFields(encoded: String(buffer: body))
            } else if let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(contentType:)) {
                if let refusal = try await Self.readMultipart(&request, boundary: boundary, into: &context) { return refusal }
            }
            let token = request.headers[HTTPField.Name("X-CSRF-Token")!] ?? context.form["csrf"]
            guard gate.isValid(csrf: token, for: session) else {
                return Refusal.page(
                    .forbidden, "This form is out of date or did not come from this server (its CSRF token is missing or wrong); reload the page and try again",
                    language)
            }
            return try await next(request, context)
        }
        return try await next(request, context)
    }

    /// Reads a `multipart/form-data` body (a picture upload) into `context`, refusing one larger
    /// than a picture may be before reading it all (413), or one that is not well formed (400).
    static func readMultipart(_ request: inout Request, boundary: String, into context: inout WebContext) async throws -> Response? {
        let limit = WebContext.maxPictureUploadSize
        let tooLarge = Refusal.page(
            .contentTooLarge, "A picture may be at most \(ImageAttachment.maximumSize / 1_048_576) MiB; this upload is larger, and nothing was added",
            context.language)
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return tooLarge }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return tooLarge
        }
        do {
            let form = try MultipartForm(body: Array(buffer: body), boundary: boundary)
            context.form = form.fields
            context.upload = form.file
        } catch {
            _ = error
            return Refusal.page(.badRequest, "The upload was not a well-formed form; reload the page and try again", context.language)
        }
        return nil
    }

    /// The `Set-Cookie` value of a session: HttpOnly, SameSite=Strict, for the whole site.
    func sessionCookie(_ session: AccessGate.Session) -> String {
        "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict"
    }

    /// The answer to a guess beyond the throttle's budget: 429, and when to try again.
    static func tooManyGuesses(wait: Double, _ language: Language) -> Response {
        let seconds = max(1, Int(wait.rounded(.up)))
        var response = Refusal.page(
            .tooManyRequests, "Too many wrong passwords or secrets were tried; wait \(seconds) s, then try again", language)
        response.headers[.retryAfter] = String(seconds)
        return response
    }
}
