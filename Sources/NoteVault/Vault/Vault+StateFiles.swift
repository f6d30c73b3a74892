#if canImport(Glibc)
import Glibc
#endif

/// enote's own files in a vault — `.enote/` and its config, templates and index, the trash and
/// its log — are as much the vault's as the notes: anyone who shares the vault chooses them. So
/// they are read the way notes are, beneath the root with no symbolic link followed
/// (``FileSystem/open(_:beneath:flags:mode:)``), and a link where one of them should be is an
/// error that names it.
extension Vault {
    /// Reads a file of enote's own beneath `root` (a path the caller has not opened yet), never
    /// through a link.
    /// - Throws: ``SystemError``: `ELOOP` or `EXDEV` for a link, `ENOENT` when it is missing,
    ///   `EFBIG` over `limit`.
    static func readStateFile(_ path: [UInt8], root: String, limit: Int) throws(SystemError) -> [UInt8] {
        let descriptor = retryingOnInterrupt { open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError("open", path: root) }
        defer { close(descriptor) }
        return try SystemFileSystem().readFile(path, beneath: descriptor, limit: limit).bytes
    }

    /// The names in a folder beneath the root (not `.` and `..`), opened without following any
    /// link.
    /// - Throws: ``SystemError``: `ELOOP` or `EXDEV` when the folder or one above it is a link,
    ///   `ENOENT` when it is missing.
    func names(inFolder path: [UInt8]) throws(SystemError) -> [[UInt8]] {
        let folder = try fileSystem.open(path.isEmpty ? Array(".".utf8) : path, beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        let duplicate = dup(folder)
        fileSystem.close(folder)
        guard duplicate >= 0, let directory = fdopendir(duplicate) else {
            if duplicate >= 0 { close(duplicate) }
            throw SystemError("opendir", path: NotePath.display(path))
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { Array(String(cString: $0).utf8) }
            }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            names.append(name)
        }
        return names
    }

    /// Every regular file below a folder beneath the root, as paths relative to the root,
    /// descending into no link and no hidden folder.
    func regularFiles(below path: [UInt8]) -> [NotePath] {
        guard let names = try? names(inFolder: path) else { return [] }
        var files: [NotePath] = []
        for name in names where name.first != UInt8(ascii: ".") {
            let child = path + [UInt8(ascii: "/")] + name
            guard let status = try? fileStatus(NotePath(bytes: child)) else { continue }
            switch status.kind {
            case .regular: files.append(NotePath(bytes: child))
            case .directory: files += regularFiles(below: child)
            case .symbolicLink, .other: continue
            }
        }
        return files
    }
}

extension VaultError {
    /// One of enote's own files or folders (`.enote/`, its config, a template, the trash) is a
    /// symbolic link, which enote does not follow.
    static func linkedStateFile(_ path: String) -> VaultError {
        .blocked(
            "\(path) is a symbolic link; enote does not follow links in its own files and folders, so that a vault can never make it read or write elsewhere. Replace the link with the real file or folder"
        )
    }
}
