import Foundation
import Hummingbird

/// JSON answers for the pages' scripts.
package enum JSONBody {
    /// `value` encoded as JSON, with `status`.
    package static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: Array(data))))
    }
}
