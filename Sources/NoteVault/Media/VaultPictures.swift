/// The vault's pictures: one read for a front end to show, and one added to a note. A small
/// value the vault hands out (``Vault/pictures``); the work is in `Vault+Picture.swift` and
/// `Vault+AttachPicture.swift`.
public struct VaultPictures: Sendable {
    /// The vault whose pictures they are.
    public let vault: Vault

    /// Reads a picture in the vault for a front end to show (the web pages' images): a path a
    /// user may name, opened beneath the root without following a link, a regular file of at
    /// most ``ImageAttachment/maximumSize`` bytes whose first bytes are one of the
    /// ``ImageFormat``s, whatever its name says.
    /// - Throws: ``VaultError/path(_:)`` for a path that is not allowed or leaves the vault,
    ///   ``VaultError/noteNotFound(reference:suggestions:)`` when there is no such file,
    ///   ``VaultError/invalidInput(_:)`` when it is not a picture.
    public func read(_ path: NotePath) throws(VaultError) -> (bytes: [UInt8], format: ImageFormat) {
        try vault.readPicture(path)
    }

    /// Adds a picture to an existing note: a copy in `attachments/` under a new name and an
    /// `![alt](path)` line at the end of the note's body, saved over the note as it was read.
    /// - Returns: The note as saved and the vault-relative path of the copy.
    /// - Throws: ``VaultError`` when the note cannot be read or edited or the save fails; the
    ///   copy is removed again then.
    @discardableResult
    public func attach(_ image: ImageAttachment, to path: NotePath) throws(VaultError) -> (note: Note, picture: NotePath) {
        try vault.attachPicture(image, to: path)
    }
}

extension Vault {
    /// The vault's pictures.
    public var pictures: VaultPictures { VaultPictures(vault: self) }
}
