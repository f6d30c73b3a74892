import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// `/gallery`: the photo notes' pictures (``NoteIndex/gallery()``), and `?view=N` the viewer.
    func addGalleryRoutes(to router: Router<WebContext>) {
        router.get("/gallery") { request, context in
            await self.answer(context) { () throws(VaultError) in
                let query = FormFields(encoded: request.uri.query ?? "")
                let pictures = GalleryPage.pictures(of: try self.web.read { index throws(VaultError) in try index.gallery() })
                let page = GalleryPage(frame: self.frame(request, context), pictures: pictures, viewing: query["view"].flatMap { Int($0) })
                return page.render().response()
            }
        }
    }
}
