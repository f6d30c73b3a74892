import Foundation
import Hummingbird
import NoteVault

/// JSON answers for the pages' scripts, written by the library's one encoder
/// (``JSONTextEncoder``, the command line's too), on one line: a note is the same JSON as
/// `enote search --json` prints.
package enum JSONBody {
    /// `value` encoded as JSON, with `status`; `context` gives dates their time zone (needed
    /// when `value` holds notes).
    package static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, context: NoteJSONContext? = nil) -> Response {
        let encoder = JSONTextEncoder(userInfo: context?.userInfo ?? [:], pretty: false)
        let text = (try? encoder.render(value)) ?? "{}"
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `{"error": message}`: why a script's request was refused.
    package struct Refusal: Encodable {
        var error: String
    }
}
