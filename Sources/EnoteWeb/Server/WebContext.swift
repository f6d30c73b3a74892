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

    /// The client's IP address (for the sign-in throttle), or empty when not known.
    package var clientAddress: String

    package init(source: Source) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? ""
    }

    /// An `application/x-www-form-urlencoded` body: a note of at most
    /// ``NoteContent/maximumSize`` bytes, each of which the browser may send as `%XX` (three
    /// bytes: Cyrillic and Japanese text are all such bytes), and the other fields. What is
    /// larger cannot be a note enote saves; the note itself is checked by the library.
    package var maxUploadSize: Int { Self.maxFormSize }

    /// ``maxUploadSize``.
    package static var maxFormSize: Int { 3 * NoteContent.maximumSize + 64 * 1024 }

    /// A `multipart/form-data` body: one picture of at most ``ImageAttachment/maximumSize``, a
    /// note's text (a new note's editor sends both) and the other fields.
    package static var maxPictureUploadSize: Int { ImageAttachment.maximumSize + NoteContent.maximumSize + 64 * 1024 }
}
