import Foundation
import Hummingbird
import NoteVault
import ServiceLifecycle

extension WebServer {
    /// `/events`: the vault's changes as Server-Sent Events (`text/event-stream`). Each batch is
    /// one `change` event whose data is `{"paths":[…]}`; a comment every 20 seconds keeps the
    /// connection open and notices a page that went away. Streams end when the server shuts
    /// down, which otherwise would wait for every open page.
    func eventStream() -> Response {
        let stream = feed.subscribe()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
            for await event in stream.cancelOnGracefulShutdown() {
                if event.paths.isEmpty {
                    try await writer.write(ByteBuffer(string: ": ping\n\n"))
                    continue
                }
                let data = (try? JSONTextEncoder(pretty: false).render(event)) ?? "{}"
                try await writer.write(ByteBuffer(string: "event: change\ndata: \(data)\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"], body: body)
    }
}
