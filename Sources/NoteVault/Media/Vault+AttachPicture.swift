import Foundation

extension ImageAttachment {
    /// Checks bytes received from elsewhere (a picture uploaded in the web editor): at most
    /// ``maximumSize`` bytes and one of the ``ImageFormat``s by their first bytes, whatever
    /// `name` says (a text file named `.png`, an HTML page or an SVG, which can hold script, is
    /// refused). Only the last component of `name` is kept, without control characters.
    /// - Throws: ``VaultError/invalidInput(_:)`` saying why nothing was added.
    public init(bytes: [UInt8], name: String) throws(VaultError) {
        let kept = name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !$0.properties.isDefaultIgnorableCodePoint }
        var clean = String(String.UnicodeScalarView(kept))
        clean = String((clean as NSString).lastPathComponent.prefix(120))
        if clean.isEmpty || clean == "/" || clean == "." || clean == ".." { clean = "image" }
        guard bytes.count <= Self.maximumSize else {
            throw .invalidInput("\(clean): larger than \(Self.maximumSize / 1_048_576) MiB; nothing was added to the note")
        }
        guard let info = ImageFormat.inspect(bytes) else {
            throw .invalidInput("\(clean) is not a PNG, JPEG, GIF, WebP or HEIC picture (checked by its content, not its name); nothing was added to the note")
        }
        self.init(originalName: clean, bytes: bytes, info: info)
    }
}

extension Vault {
    /// Adds a picture to an existing note: the copy goes into `attachments/` under a new name
    /// (as `enote new --image` does, written durably, never replacing a file) and the note gets
    /// the same `![alt](path)` line at the end of its body, saved over the note as it was read.
    /// - Returns: The note as saved and the vault-relative path of the copy.
    /// - Throws: ``VaultError`` when the note cannot be read or edited or the save fails; the
    ///   copy is removed again then (kept only when the save left a conflict copy that shows it).
    @discardableResult
    func attachPicture(_ image: ImageAttachment, to path: NotePath) throws(VaultError) -> (note: Note, picture: NotePath) {
        let note = try read(path)
        try requireEditable(note)
        let stored = try storeAttachments([image])
        var body = note.content.bodyText
        if !body.isEmpty, !body.hasSuffix("\n") { body += "\n" }
        if !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { body += "\n" }
        body += Self.imageMarkdown([image], storedAt: stored, from: path) + "\n"
        do throws(VaultError) {
            switch try save(NoteEdit(body: body), to: path, from: note.revision) {
            case .saved(let saved, _), .unchanged(let saved): return (saved, stored[0])
            case .trashed: throw VaultError.changedMeanwhile("\(path) was emptied while the picture was added; nothing was added to the note")
            }
        } catch let error where error.isConflictCopy {
            throw error
        } catch {
            removeAttachments(stored)
            throw error
        }
    }
}
