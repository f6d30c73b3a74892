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
/// note open for writing, and waits until it has closed it (``FileSystem/waitForWriters(of:in:path:patience:)``);
/// the displaced file of a swap, and a note moved to the trash, are asked again afterwards.
///
/// The kernel answers through a read lease (`fcntl(F_SETLEASE)`), which it grants only when no
/// descriptor of the file is open for writing. Where it cannot answer (a file system without
/// leases, another user's file), enote waits until the file has not changed for
/// ``quietPeriod`` instead.
package enum InPlaceWriters {
    /// How long a write waits for another program to finish saving a note before it gives up
    /// with ``DurableWriter/WriteError/beingWritten(_:)``.
    package static let patience: Duration = .seconds(10)
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
    package func waitForWriters(
        of name: [UInt8], in directory: Int32, path: NotePath, patience: Duration = InPlaceWriters.patience
    ) -> InPlaceWriters.Outcome {
        let descriptor: Int32
        do {
            descriptor = try open(name, beneath: directory, flags: O_RDONLY | O_NONBLOCK, mode: 0)
        } catch {
            return .missing
        }
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while true {
            let busy: Bool
            if let writers = hasWriters(descriptor) {
                busy = writers
            } else {
                busy = Self.changedRecently(try? status(of: descriptor, path: path.description))
            }
            if !busy { return .settled }
            if clock.now >= deadline { return .stillWriting }
            usleep(InPlaceWriters.pollMicroseconds)
        }
    }

    /// Whether a file's status changed within the last ``InPlaceWriters/quietPeriod`` (by the
    /// wall clock, which file times follow).
    private static func changedRecently(_ status: FileStatus?) -> Bool {
        guard let status else { return false }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        let quiet = InPlaceWriters.quietPeriod.components
        let quietNanoseconds = quiet.seconds * 1_000_000_000 + quiet.attoseconds / 1_000_000_000
        return nanoseconds - max(status.modified, status.changed) < quietNanoseconds
    }
}

extension Vault {
    /// Waits while another program has the note at `path` open for writing, up to
    /// ``InPlaceWriters/patience``.
    package func waitForWriters(of path: NotePath) -> InPlaceWriters.Outcome {
        guard
            let folder = try? fileSystem.open(path.parent?.bytes ?? Array(".".utf8), beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        else { return .missing }
        defer { fileSystem.close(folder) }
        return fileSystem.waitForWriters(of: path.fileNameBytes, in: folder, path: path)
    }
}
