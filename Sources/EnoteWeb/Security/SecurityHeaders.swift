import HTTPTypes
import Hummingbird

/// Adds the headers that keep pages inert and private to every response: a strict
/// Content-Security-Policy (scripts and styles only from this server, no inline script, no
/// frames), no MIME sniffing, no referrer, and no caching of private pages.
package struct SecurityHeaders: RouterMiddleware {
    package typealias Context = WebContext

    /// The policy: everything from this origin only, images also as `data:` (none inline).
    package static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    package init() {}

    package func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            response = Response(
                status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: "\(error)")))
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
