import HTTPTypes
import Hummingbird

/// Answers `HEAD` as `GET` would, without the body (RFC 9110 §9.3.2). The router knows only
/// `GET` routes and looks a route up before its middleware runs, so this wraps the whole
/// router: the request goes through as a `GET`, every check included, and the body is dropped
/// on the way out (its length is kept in `Content-Length`, when known).
package struct HeadRequests<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context == WebContext {
    package typealias Context = WebContext

    let wrapped: Wrapped

    package init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    package func respond(to request: Request, context: WebContext) async throws -> Response {
        guard request.method == .head else { return try await wrapped.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        var response = try await wrapped.respond(to: Request(head: head, body: request.body), context: context)
        let length = response.body.contentLength
        response.body = ResponseBody()
        if let length { response.headers[.contentLength] = String(length) }
        return response
    }
}
