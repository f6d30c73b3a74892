import CEnoteSystem

#if canImport(Glibc)
import Glibc
#endif

/// Another program saving a file in place: it opened the file (often truncating it to nothing)
/// and writes its bytes a moment later, through the descriptor it holds.
///
/// Such a save is invisible between those two moments: the file is empty or half written, and
/// its fingerprint no longer moves. A change built on what is read then, or a swap that takes
/// that inode away from its name, would lose the writer's bytes: they would land in a file that
/// no name leads to any more. So every write of enote asks first whether a process holds the
/// note open for writing, and waits until it has closed it (``FileSystem/waitForWriters(of:in:path:patience:afterRename:)``);
/// the displaced file of a swap, the links a rename rewrites, and a note moved to the trash
/// by a delete that checked its revision, are asked again afterwards.
///
/// The kernel answers through a read lease (`fcntl(F_SETLEASE)`), which it grants only when no
/// descriptor of the file on this machine is open for writing (writers on other machines of a
/// network file system are not seen). Where it cannot answer (a file system without leases, a
/// network file system, another user's file), enote waits before it reads until the file has
/// not changed for ``quietPeriod``; after a swap it compares the bytes, as it always did.
///
/// The waits are bounded by ``patience``, well below the vault lock's timeout, since writes
/// wait with the lock held.
package enum InPlaceWriters {
    /// How long a write waits for another program to finish saving a note before it gives up
    /// with ``DurableWriter/WriteError/beingWritten(_:)``.
    package static let patience: Duration = .seconds(3)
    /// Where leases cannot tell, how long a note must have been left alone before enote builds
    /// on it.
    package static let quietPeriod: Duration = .seconds(2)
    /// How often the wait asks again, in microseconds.
    static let pollMicroseconds: UInt32 = 5_000

    /// What the wait found.
    package enum Outcome: Sendable, Equatable {
        /// No other process holds the file open for writing (or, where the kernel cannot tell,
        /// it has not changed for ``InPlaceWriters/quietPeriod``).
        case settled
        /// A writer still held it when the patience ran out.
        case stillWriting
        /// The file is gone.
        case missing
    }
}

extension FileSystem {
    /// Whether another process holds the open file `descriptor` open for writing: `nil` when the
    /// system cannot tell (see ``InPlaceWriters``).
    package func hasWriters(_ descriptor: Int32) -> Bool? {
        switch enote_has_writers(descriptor) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    /// Waits while another program has the file `name` in `directory` open for writing, up to
    /// `patience`.
    /// - Parameter afterRename: The file was just renamed (a swap, a move aside), which sets its
    ///   status-change time: where leases cannot tell, it is taken as settled and the caller
    ///   compares its bytes, rather than waiting for a quiet period our own rename began.
    package func waitForWriters(
        of name: [UInt8], in directory: Int32, path: NotePath, patience: Duration = InPlaceWriters.patience, afterRename: Bool = false
    ) -> InPlaceWriters.Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        var descriptor: Int32 = -1
        while descriptor < 0 {
            do {
                descriptor = try open(name, beneath: directory, flags: O_RDONLY | O_NONBLOCK, mode: 0)
            } catch let error where error.code == ENOENT {
                return .missing
            } catch let error where error.code == EWOULDBLOCK && clock.now < deadline {
                // Another holder's write lease (Samba, nfsd) is being broken: ask again.
                usleep(InPlaceWriters.pollMicroseconds)
            } catch {
                // Cannot look (no descriptor left, no permission): the caller compares bytes.
                return .settled
            }
        }
        defer { close(descriptor) }
        while true {
            let busy: Bool
            if let writers = hasWriters(descriptor) {
                busy = writers
            } else {
                busy = !afterRename && Self.changedRecently(try? status(of: descriptor, path: path.description))
            }
            if !busy { return .settled }
            if clock.now >= deadline { return .stillWriting }
            usleep(InPlaceWriters.pollMicroseconds)
        }
    }

    /// Whether a file's status changed within the last ``InPlaceWriters/quietPeriod`` (by the
    /// wall clock, which file times follow); a time in the future is not recent.
    private static func changedRecently(_ status: FileStatus?) -> Bool {
        guard let status else { return false }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        let quiet = InPlaceWriters.quietPeriod.components
        let quietNanoseconds = quiet.seconds * 1_000_000_000 + quiet.attoseconds / 1_000_000_000
        let age = nanoseconds - status.changed
        return age >= 0 && age < quietNanoseconds
    }
}

extension Vault {
    /// Waits while another program has the note at `path` open for writing, up to `patience`.
    package func waitForWriters(of path: NotePath, patience: Duration = InPlaceWriters.patience, afterRename: Bool = false) -> InPlaceWriters.Outcome {
        guard
            let folder = try? fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        else { return .missing }
        defer { fileSystem.close(folder) }
        return fileSystem.waitForWriters(of: path.fileNameBytes, in: folder, path: path, patience: patience, afterRename: afterRename)
    }
}
