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
        do {
            _ = try NotePath(validatingBytes: path.bytes, purpose: .lookup)
        } catch {
            throw .path(error)
        }
        let snapshot: FileSnapshot
        do {
            snapshot = try fileSystem.readFile(path.bytes, beneath: rootDescriptor, limit: ImageAttachment.maximumSize)
        } catch let error where error.code == ELOOP || error.code == EXDEV {
            throw .path(PathError(path: path.description, rule: error.code == ELOOP ? .symbolicLink : .escapesVault))
        } catch let error where error.code == ENOENT || error.code == ENOTDIR {
            throw .noteNotFound(reference: path.description, suggestions: [])
        } catch let error where error.code == EISDIR {
            throw .invalidInput("\(path) is a folder, not a picture")
        } catch let error where error.code == EFBIG {
            throw .invalidInput("\(path): larger than \(ImageAttachment.maximumSize / 1_048_576) MiB, so it is not shown")
        } catch {
            throw .system(error)
        }
        guard let info = ImageFormat.inspect(snapshot.bytes) else {
            throw .invalidInput("\(path) is not a picture (PNG, JPEG, GIF, WebP or HEIC, told by its first bytes), so it is not shown")
        }
        return (snapshot.bytes, info.format)
    }
}
