import Foundation

/// A picture to attach to a new photo note: its bytes, checked to be a PNG, JPEG, GIF, WebP or
/// HEIC by their magic bytes, and the name it came with.
public struct ImageAttachment: Sendable, Equatable {
    /// The original file name (for the copy's name and the picture's alternative text).
    public var originalName: String
    public var bytes: [UInt8]
    public var info: ImageFormat.Info

    /// The largest picture enote copies into a vault.
    public static let maximumSize = 50 * 1_048_576

    /// The folder at the vault root that holds copied pictures.
    public static let folderName = "attachments"

    /// Reads and checks a picture file.
    /// - Throws: ``VaultError/invalidInput(_:)`` naming the file when it is not a regular file,
    ///   is too large, or is not one of the accepted formats; ``VaultError/io(_:)`` when it
    ///   cannot be read.
    public static func load(_ path: String) throws(VaultError) -> ImageAttachment {
        let name = (path as NSString).lastPathComponent
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: maximumSize)
        } catch .notRegularFile {
            throw .invalidInput("\(path) is not a regular file (a named pipe, a device or a folder); give the path of a picture file")
        } catch .tooLarge {
            throw .invalidInput("\(path): larger than \(maximumSize / 1_048_576) MiB; nothing was created")
        } catch {
            throw .io("\(path): cannot be read; give the path of a picture file")
        }
        guard let info = ImageFormat.inspect(bytes) else {
            throw .invalidInput("\(path) is not a PNG, JPEG, GIF, WebP or HEIC picture (checked by its content, not its name); nothing was created")
        }
        return ImageAttachment(originalName: name, bytes: bytes, info: info)
    }

    /// The name of the copy: a slug of the original name with the format's extension.
    var copyName: String {
        var stem = (originalName as NSString).deletingPathExtension
        if stem.isEmpty { stem = "image" }
        return Slug.make(from: stem) + "." + info.format.fileExtension
    }

    /// The alternative text: the original name without its extension.
    var altText: String {
        (originalName as NSString).deletingPathExtension
    }
}

extension Vault {
    /// Copies pictures into `attachments/` under unique names, never replacing a file.
    /// - Returns: The vault-relative paths of the copies, in order.
    func storeAttachments(_ images: [ImageAttachment]) throws(VaultError) -> [NotePath] {
        guard !images.isEmpty else { return [] }
        let folder = NotePath(trusted: ImageAttachment.folderName)
        try makeFolders(folder)
        var stored: [NotePath] = []
        for image in images {
            let name = image.copyName
            let stem = (name as NSString).deletingPathExtension
            let ext = (name as NSString).pathExtension
            var placed = false
            for attempt in 1...1000 where !placed {
                let candidate = attempt == 1 ? name : "\(stem)-\(attempt).\(ext)"
                if try existingNameKeys(in: folder).contains(Self.collisionKey(candidate)) { continue }
                let path = folder.appending(Array(candidate.utf8))
                do {
                    try writer.create(path, with: image.bytes, mode: 0o666)
                    stored.append(path)
                    placed = true
                } catch .exists {
                    continue
                } catch {
                    removeAttachments(stored)
                    throw .write(error)
                }
            }
            if !placed {
                removeAttachments(stored)
                throw .blocked("could not find a free name for \(image.originalName) in \(ImageAttachment.folderName)/")
            }
        }
        return stored
    }

    /// Removes copies made for a note that was not created after all.
    func removeAttachments(_ paths: [NotePath]) {
        for path in paths {
            guard let folder = try? fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
            else { continue }
            try? fileSystem.unlink(path.fileNameBytes, in: folder, flags: 0)
            fileSystem.close(folder)
        }
    }

    /// The Markdown that shows pictures stored at `paths` in a note at `notePath`, each linked
    /// as ``LinkFormatter`` writes a Markdown link.
    static func imageMarkdown(_ images: [ImageAttachment], storedAt paths: [NotePath], from notePath: NotePath) -> String {
        zip(images, paths).map { image, path in
            "!" + LinkFormatter.markdownLink(to: path.description, title: image.altText, from: notePath.description)
        }.joined(separator: "\n")
    }
}
