import Foundation
import Synchronization

/// Reads the text of the pictures and PDFs notes show behind the watcher (a ``BackgroundJob``),
/// one file at a time, each reader niced and held to ``ExtractionLimits``: a note's own text is
/// searchable as soon as it is saved, its pictures' text once they are read, and a scanned PDF
/// of 500 pages never holds up the notes edited meanwhile (each file's text is its own
/// transaction). The watcher tells it that notes changed (``notesChanged()``); it logs long
/// runs, files that could not be read and, once, why nothing can be read (tesseract missing).
final class BackgroundExtractor: Sendable {
    private let job: BackgroundJob
    /// Whether the next run walks the vault for its PDFs (``filesChanged()``; the first run does).
    private let lookForFiles: WalkRequest

    /// Runs that read at least this many files are logged.
    static let worthALogLine = 10

    init(
        vault: Vault, environment: [String: String], log: @escaping @Sendable (LocalizedMessage) -> Void,
        trouble: @escaping @Sendable (LocalizedMessage) -> Void
    ) {
        let toldUnavailable = Mutex<LocalizedMessage?>(nil)
        let lookForFiles = WalkRequest()
        self.lookForFiles = lookForFiles
        job = BackgroundJob(
            vault: vault, name: "enote read",
            openFailed: { error in
                trouble("text in pictures: the index could not be opened to read them (\(error.message)); they are read at the next change")
            },
            body: { index, keepGoing in
                let started = Date()
                // Taken before the walk: a PDF written during it wakes the next run.
                let walk = lookForFiles.value.exchange(false, ordering: .acquiringAndReleasing)
                do throws(VaultError) {
                    let done = try index.readAttachments(environment: environment, lookForFiles: walk, shouldStop: { !keepGoing() }) { _ in
                        keepGoing()
                    }
                    // Another process's pass had the vault: the walk asked for is still due.
                    if done.busy, walk { lookForFiles.value.store(true, ordering: .releasing) }
                    if done.read >= Self.worthALogLine || done.failed > 0 {
                        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                        log("read the text of \(count: done.read) pictures and PDFs in \(seconds) s; \(String(done.failed)) could not be read")
                    }
                    if let reason = done.unavailable {
                        let first = toldUnavailable.withLock { told in
                            defer { told = reason }
                            return told != reason
                        }
                        if first { trouble(reason) }
                    }
                } catch {
                    if walk { lookForFiles.value.store(true, ordering: .releasing) }
                    trouble("text in pictures: they could not be read (\(error.message)); they are read at the next change")
                }
            })
    }

    /// Says notes changed: the job reads every file some note shows that is new or changed.
    func notesChanged() { job.wake() }

    /// Says a PDF was written, moved or deleted (or a folder that may hold some): the job walks
    /// the vault for its PDFs too, as well as doing what ``notesChanged()`` asks.
    func filesChanged() {
        lookForFiles.value.store(true, ordering: .releasing)
        job.wake()
    }

    /// Stops the job, killing the reader at work (within a tenth of a second), and waits for
    /// it; again, returns at once.
    func stop() { job.stop() }
}

/// Whether the reading pass's next run walks the vault for its PDFs: set by the watcher's
/// thread, taken by the job's.
private final class WalkRequest: Sendable {
    let value = Atomic<Bool>(true)
}
