import Hummingbird
import NoteVault

/// What the server knows about one request by the time a route runs: the session (set by
/// ``RequestGuard``), the page's language and the form fields of a POST.
package struct WebContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The signed-in session; every route behind the guard has one.
    package var session: AccessGate.Session?
    /// The language pages are written in (cookie, else `Accept-Language`).
    package var language: Language = .english
    /// The fields of a form POST (read once by the guard, which checks its CSRF token).
    package var form = FormFields()
    /// The file of a `multipart/form-data` POST (a picture added in the editor), when it had one.
    package var upload: MultipartForm.File?

    package init(source: Source) {
        coreContext = .init(source: source)
    }

    /// A form's body: a note's text is at most 10 MiB.
    package var maxUploadSize: Int { NoteContent.maximumSize + 64 * 1024 }

    /// A multipart body: one picture of at most ``ImageAttachment/maximumSize`` and its fields.
    package static var maxPictureUploadSize: Int { ImageAttachment.maximumSize + 64 * 1024 }
}
