import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// A file beside the notes under `/n/`: a picture (``VaultPictures/read(_:)``) or a PDF
    /// (``Vault/readPDF(_:)``), each read by the library's rules and behind the same session as
    /// the notes (``RequestGuard``), never stored by the browser (a destroyed note's scan must not
    /// outlive it in a cache, as its page does not). Any other kind of file is not served.
    func fileResponse(_ path: NotePath) throws(VaultError) -> Response {
        if AttachmentKind(path: path.description) == .pdf {
            let bytes = try web.vault.readPDF(path)
            // `inline`: the browser's own viewer shows it, at the `#page=N` the link asked for.
            return Response(
                status: .ok,
                headers: [.contentType: "application/pdf", .contentDisposition: "inline", .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        let picture = try web.vault.pictures.read(path)
        let type = picture.format == .jpeg ? "image/jpeg" : "image/\(picture.format.rawValue)"
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: picture.bytes)))
    }
}
