import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// git's own line-by-line three-way merge (`git merge-file`), for note bodies and for whole
/// notes whose front matter cannot be merged key by key.
///
/// git is there whenever a merge driver runs, and using its merge means the body of a note
/// merges exactly as any other file in the repository would: the same diff3 algorithm, the
/// same conflict markers, and the user's `merge.conflictStyle` (git reads it in the repository
/// the driver runs in). It costs one process (about a millisecond), and only when both sides
/// changed the body.
enum GitMergeFile {
    /// The merged text, and whether it has conflict markers.
    struct Output {
        var bytes: [UInt8]
        var hasConflicts: Bool
    }

    /// Merges `ours` and `theirs`, both changed from `base`.
    /// - Parameters:
    ///   - labels: The names written after the conflict markers.
    ///   - markerSize: The length of the conflict markers (git passes it as `%L`).
    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: NoteMerge.Labels, markerSize: Int) throws(NoteMergeError) -> Output {
        // git merge-file refuses what it takes for binary (a NUL byte): say so, not that git is broken.
        if base.contains(0) || ours.contains(0) || theirs.contains(0) { throw .binary }
        var template = Array((FileManager.default.temporaryDirectory.path + "/enote-merge-XXXXXX").utf8CString)
        guard let folderPointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .temporaryFiles(reason: String(cString: strerror(errno)))
        }
        let folder = String(cString: folderPointer)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [("ours", ours), ("base", base), ("theirs", theirs)].map { (folder + "/" + $0.0, $0.1) }
        for (path, bytes) in files {
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                throw .temporaryFiles(reason: path)
            }
        }
        let arguments = [
            "merge-file", "-p", "--marker-size=\(markerSize)",
            "-L", labels.ours, "-L", labels.base, "-L", labels.theirs,
            "--", files[0].0, files[1].0, files[2].0,
        ]
        // In the folder git runs the driver in, so that git reads that repository's config.
        let result = GitRepository(folder: FileManager.default.currentDirectoryPath).run(arguments, timeout: 60)
        guard result.finished else { throw .gitFailed }
        guard (0..<128).contains(result.status) else { throw .mergeFileFailed(status: result.status) }
        return Output(bytes: result.stdout, hasConflicts: result.status > 0)
    }
}

/// Why a merge could not be done at all (a conflict is not an error: see ``NoteMerge/Result``).
public enum NoteMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `git merge-file` could not be started.
    case gitFailed
    /// `git merge-file` ran and failed.
    case mergeFileFailed(status: Int32)
    /// A version holds a NUL byte, which git's line merge refuses as binary.
    case binary
    /// The temporary copies of the three versions could not be written.
    case temporaryFiles(reason: String)
    /// One of the three versions could not be read or the result written.
    case file(path: String, reason: String)

    public var description: String { message.text }

    /// What happened and what to do, as a sentence.
    public var message: LocalizedMessage {
        switch self {
        case .gitFailed:
            "git merge-file could not be started; check that git is installed and on PATH, then run the merge again"
        case .mergeFileFailed(let status):
            "git merge-file failed (exit status \(String(status)))"
        case .binary:
            "a version of the note holds a NUL byte, so it is not text that can be merged line by line"
        case .temporaryFiles(let reason):
            "cannot write the temporary files for the merge (\(reason)); check that TMPDIR is writable, then run the merge again"
        case .file(let path, let reason):
            "cannot read or write \(path) (\(reason))"
        }
    }
}
