import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private copy of one attachment, made for its readers: opened beneath the vault's root
/// without following a link (nothing outside the vault is ever read), a regular file within the
/// size limit whose first bytes are what its name says, copied while its SHA-256 is computed.
/// The readers read the copy, so a file changed or swapped meanwhile is never half read, and the
/// hash names exactly the bytes that were read.
struct AttachmentCopy {
    /// Where the copy is (in ``folder``).
    var file: String
    /// The private folder of the copy and the readers' work; removed by ``remove()``.
    var folder: String
    var hash: String
    /// The file's fingerprint when it was opened.
    var size: Int64
    var mtime: Int64
    var ctime: Int64
    var inode: Int64

    /// What came of looking at a file.
    enum Outcome {
        case copied(AttachmentCopy)
        /// The file is not there (or is a folder): nothing to read.
        case missing
        /// The file could not be looked at now (too many open files, an I/O error): what was
        /// read of it before is kept, and the next pass looks again.
        case unreachable
        /// The file is there but is not read, and why (with its fingerprint).
        case refused(String, size: Int64, mtime: Int64, ctime: Int64, inode: Int64)
    }

    /// Copies the attachment at `path` of `kind` into a new private folder in `parent` (the
    /// reading pass's own, in `.enote/extracted/`, which the next pass clears if this one is
    /// killed: no copy is ever left behind).
    static func make(_ path: NotePath, kind: AttachmentKind, vault: Vault, limits: ExtractionLimits, parent: String) -> Outcome {
        let descriptor: Int32
        do {
            descriptor = try vault.fileSystem.open(path.bytes, beneath: vault.rootDescriptor, flags: O_RDONLY | O_NONBLOCK, mode: 0)
        } catch {
            // A refusal is kept with the fingerprint of the name itself (not followed), so the
            // next pass does not look again until the name changes.
            let refused = { (reason: String) -> Outcome in
                guard let status = try? vault.fileSystem.status(of: path.bytes, in: vault.rootDescriptor) else { return .unreachable }
                return .refused(reason, size: status.size, mtime: status.modified, ctime: status.changed, inode: Int64(bitPattern: status.inode))
            }
            switch error.code {
            case ENOENT, ENOTDIR: return .missing
            case ELOOP: return refused("it is a symbolic link, which enote does not follow")
            case EXDEV: return refused("it is outside the vault")
            case EACCES, EPERM: return refused("it cannot be opened (permission denied)")
            default: return .unreachable
            }
        }
        defer { vault.fileSystem.close(descriptor) }
        guard let status = try? vault.fileSystem.status(of: descriptor, path: path.description) else { return .unreachable }
        let size = status.size, mtime = status.modified, ctime = status.changed, inode = Int64(bitPattern: status.inode)
        guard status.kind == .regular else {
            return status.kind == .directory ? .missing : .refused("it is not a regular file", size: size, mtime: mtime, ctime: ctime, inode: inode)
        }
        let limit = kind == .pdf ? limits.pdfBytes : limits.pictureBytes
        guard size <= limit else {
            return .refused("it is larger than \(limit >> 20) MiB, the most enote reads of a \(kind == .pdf ? "PDF" : "picture")", size: size, mtime: mtime, ctime: ctime, inode: inode)
        }
        var template = Array((parent + "/read-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return .unreachable }
        let folder = String(cString: made)
        let copyPath = folder + "/" + (kind == .pdf ? "file.pdf" : "picture")
        let output = open(copyPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            rmdir(folder)
            return .unreachable
        }
        var hash = SHA256()
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total: Int64 = 0
        var failed = false
        // The header is checked as soon as its bytes are in (the first 4 MiB, or the whole of a
        // smaller file): a file refused by it is not copied and hashed to its end.
        var problem: String?
        var checked = false
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in (try? vault.fileSystem.read(descriptor, into: raw, path: path.description)) ?? -1 }
            if count < 0 { failed = true; break }
            if count > 0 {
                total += Int64(count)
                if total > limit { failed = true; break }
            }
            let chunk = buffer[..<max(count, 0)]
            if head.count < Self.headBytes { head += chunk.prefix(Self.headBytes - head.count) }
            if !checked, head.count >= Self.headBytes || count == 0 {
                checked = true
                problem = Self.problem(head, kind: kind, limits: limits)
                if problem != nil { break }
            }
            if count == 0 { break }
            hash.update(chunk)
            let written = chunk.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written != count { failed = true; break }
        }
        close(output)
        let copy = AttachmentCopy(file: copyPath, folder: folder, hash: hash.finish(), size: size, mtime: mtime, ctime: ctime, inode: inode)
        if let problem {
            copy.remove()
            return .refused(problem, size: size, mtime: mtime, ctime: ctime, inode: inode)
        }
        if failed {
            copy.remove()
            return .refused("it could not be read whole", size: size, mtime: mtime, ctime: ctime, inode: inode)
        }
        return .copied(copy)
    }

    /// Why a file whose first bytes are `head` is not read, if it is not: not the kind its
    /// name says, a format tesseract cannot read, or more pixels than the limit.
    static func problem(_ head: [UInt8], kind: AttachmentKind, limits: ExtractionLimits) -> String? {
        guard kind.matches(start: head) else {
            return kind == .pdf ? "it is not a PDF (its first bytes say otherwise)" : "it is not a picture (PNG, JPEG, GIF or WebP, told by its first bytes)"
        }
        guard kind == .picture, let info = ImageFormat.inspect(head) else { return nil }
        if info.format == .heic { return "HEIC pictures cannot be read for text (tesseract reads PNG, JPEG, GIF and WebP)" }
        // A size that cannot be told from the first 4 MiB is not taken on trust.
        guard var width = info.width, var height = info.height, width > 0, height > 0 else {
            return "its pixel size cannot be read from its header, so it is not read"
        }
        // A GIF's frame may be larger than the screen its header names.
        if info.format == .gif, let frame = gifFrameSize(head) {
            width = max(width, frame.width)
            height = max(height, frame.height)
        }
        // A header may claim any size: the product is taken without overflowing.
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > limits.pixels {
            return "it is \(width) × \(height) pixels, more than the \(limits.pixels / 1_000_000) megapixels enote reads"
        }
        return nil
    }

    /// How much of a file's start is kept to check its header (a JPEG's size may follow
    /// megabytes of metadata).
    static let headBytes = 4 << 20

    /// The size of a GIF's first frame (its image descriptor), after the header, the global
    /// colour table and any extension blocks.
    static func gifFrameSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 13 else { return nil }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        while index < bytes.count {
            switch bytes[index] {
            case 0x2C:
                guard index + 9 <= bytes.count else { return nil }
                return (Int(bytes[index + 5]) | Int(bytes[index + 6]) << 8, Int(bytes[index + 7]) | Int(bytes[index + 8]) << 8)
            case 0x21:
                index += 2
                while index < bytes.count, bytes[index] != 0 { index += Int(bytes[index]) + 1 }
                index += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// Removes the copy and its folder (with anything a reader left there).
    func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for name in names { unlink(folder + "/" + name) }
        }
        rmdir(folder)
    }
}
