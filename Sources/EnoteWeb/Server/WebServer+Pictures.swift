import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `POST /picture/<note>`: a picture chosen in the editor (a `multipart/form-data` form with
    /// one file, read by ``RequestGuard``), checked and added by the library
    /// (``ImageAttachment/init(bytes:name:)``, ``Vault/attachPicture(_:to:)``); then the editor
    /// again, showing the new line.
    func addPictureRoutes(to router: Router<WebContext>) {
        router.post("/picture/**") { request, context in
            await self.answer(context) { () throws(VaultError) in try self.attachPicture(request, context) }
        }
    }

    /// Adds the uploaded picture to the note. A file that is too large answers 413, one that is
    /// not a picture 415, with the library's reason; nothing is written then.
    func attachPicture(_ request: Request, _ context: WebContext) throws(VaultError) -> Response {
        let path = try Self.notePath(request, after: "/picture/")
        guard let upload = context.upload, !upload.bytes.isEmpty else {
            return Refusal.page(.unprocessableContent, "Choose a picture file first; nothing was added", context.language)
        }
        let image: ImageAttachment
        do {
            image = try ImageAttachment(bytes: upload.bytes, name: upload.fileName)
        } catch {
            return Refusal.page(Self.pictureStatus(of: upload), error.message, context.language)
        }
        let (note, _) = try web.vault.pictures.attach(image, to: path)
        web.wrote([path, note.path])
        return Response(status: .seeOther, headers: [.location: NoteURL.edit(note.path)])
    }

    /// The status of an upload the library refused: 413 when it is too large, else 415.
    static func pictureStatus(of upload: MultipartForm.File) -> HTTPResponse.Status {
        upload.bytes.count > ImageAttachment.maximumSize ? .contentTooLarge : .unsupportedMediaType
    }
}
