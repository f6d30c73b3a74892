#if canImport(Glibc)
import Glibc
#endif

extension Vault {
    /// Reads a picture in the vault for a front end to show (the web pages' images).
    ///
    /// Only a picture is read: the path must be one a user may name (no `..`, not absolute, no
    /// hidden component such as `.enote` or `.trash`), the file is opened beneath the root
    /// without following a symbolic link (nothing outside the vault is ever read), it must be a
    /// regular file of at most ``ImageAttachment/maximumSize`` bytes, and its first bytes must be
    /// one of the ``ImageFormat``s, whatever its name says.
    /// - Returns: The bytes and their format.
    /// - Throws: ``VaultError/path(_:)`` for a path that is not allowed or leaves the vault,
    ///   ``VaultError/noteNotFound(reference:suggestions:)`` when there is no such file,
    ///   ``VaultError/invalidInput(_:)`` when it is not a picture.
    func readPicture(_ path: NotePath) throws(VaultError) -> (bytes: [UInt8], format: ImageFormat) {
        let bytes = try readShownFile(
            path, limit: ImageAttachment.maximumSize, folder: "\(path) is a folder, not a picture",
            tooLarge: "\(path): larger than \(ImageAttachment.maximumSize / 1_048_576) MiB, so it is not shown")
        guard let info = ImageFormat.inspect(bytes) else {
            throw .invalidInput("\(path) is not a picture (PNG, JPEG, GIF, WebP or HEIC, told by its first bytes), so it is not shown")
        }
        return (bytes, info.format)
    }

    /// The largest PDF a front end shows (read whole into memory, as a picture is): 128 MiB.
    /// A larger one is still read for search, up to ``ExtractionLimits/pdfBytes``.
    public static let maximumShownPDFSize = 128 << 20

    /// Reads a PDF in the vault for a front end to show (the browser's own viewer), by the rules
    /// a picture is read by (``readPicture(_:)``): a path a user may name, opened beneath the root
    /// without following a symbolic link, a regular file of at most ``maximumShownPDFSize``
    /// bytes whose first KiB holds `%PDF-` (as PDF readers accept), whatever its name says.
    /// - Throws: as ``readPicture(_:)`` does.
    public func readPDF(_ path: NotePath) throws(VaultError) -> [UInt8] {
        let bytes = try readShownFile(
            path, limit: Self.maximumShownPDFSize, folder: "\(path) is a folder, not a PDF",
            tooLarge: "\(path): larger than \(Self.maximumShownPDFSize / 1_048_576) MiB, so it is not shown")
        guard AttachmentKind.pdf.matches(start: Array(bytes.prefix(1024))) else {
            throw .invalidInput("\(path) is not a PDF (told by its first bytes), so it is not shown")
        }
        return bytes
    }

    /// The one rule for reading a file beside the notes for a front end: a path a user may name
    /// (no `..`, not absolute, no hidden component), opened beneath the root without following
    /// a symbolic link, a regular file of at most `limit` bytes.
    private func readShownFile(_ path: NotePath, limit: Int, folder: LocalizedMessage, tooLarge: LocalizedMessage) throws(VaultError) -> [UInt8] {
        do {
            _ = try NotePath(validatingBytes: path.bytes, purpose: .lookup)
        } catch {
            throw .path(error)
        }
        do {
            return try fileSystem.readFile(path.bytes, beneath: rootDescriptor, limit: limit).bytes
        } catch let error where error.code == ELOOP || error.code == EXDEV {
            throw .path(PathError(path: path.description, rule: error.code == ELOOP ? .symbolicLink : .escapesVault))
        } catch let error where error.code == ENOENT || error.code == ENOTDIR {
            throw .noteNotFound(reference: path.description, suggestions: [])
        } catch let error where error.code == EISDIR {
            throw .invalidInput(folder)
        } catch let error where error.code == EFBIG {
            throw .invalidInput(tooLarge)
        } catch {
            throw .system(error)
        }
    }
}
