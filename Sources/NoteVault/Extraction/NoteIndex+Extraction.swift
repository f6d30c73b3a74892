import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How far reading the text of the vault's pictures and PDFs has come.
public struct ExtractionProgress: Sendable, Equatable {
    /// Files looked at in this run (read, found in the cache, or refused).
    public var done = 0
    /// Files that needed reading when the run started.
    public var pending = 0
    /// Of those, the files whose text their readers read in this run (not found in the cache,
    /// and not failed).
    public var read = 0
    /// Files that could not be read (their reason is kept for `enote doctor`).
    public var failed = 0
    /// The file being read, with its pages read and to read (a scanned PDF takes a while).
    public var current: NotePath?
    public var pagesDone = 0
    public var pagesTotal = 0
    /// Why nothing can be read on this machine (a program or language data is missing): then
    /// the files wait, and are read once it is installed.
    public var unavailable: LocalizedMessage?
    /// Whether another process (the watcher) was reading them, so this run left them to it.
    public var busy = false

    public init() {}
}

/// Text in pictures and PDFs: the reading pass that keeps the index's text of every file a note
/// shows or links (``IndexSchema/attachments``) in step with the files, and what a front end
/// asks of it. The pass runs behind the watcher (``BackgroundExtractor``) and in `enote index`,
/// never in a note's own indexing: a saved note is searchable by its own words at once, and by
/// its pictures' words once they are read.
extension NoteIndex {
    /// Reads every file some note shows or links that is new or changed since it was read (its
    /// size, mtime or inode differ), one at a time: from the cache when its bytes were read
    /// before (``ExtractionCache``), else by its readers (``TextExtractor``). Each file's text is
    /// committed on its own, into the FTS row of every note that shows it, so a run stopped at
    /// any moment keeps what it did. Files no note shows any more are forgotten, and their text
    /// leaves the cache. One pass runs at a time in a vault (``ExtractionCache/lockForReading()``):
    /// a run that finds another under way leaves the files to it (``ExtractionProgress/busy``).
    /// - Parameters:
    ///   - environment: Where the readers are looked for (`PATH`, `TESSDATA_PREFIX`).
    ///   - progress: Told after each file and each page; `false` stops the run there.
    @discardableResult
    public func readAttachments(
        environment: [String: String], limits: ExtractionLimits = ExtractionLimits(), progress: (ExtractionProgress) -> Bool = { _ in true }
    ) throws(VaultError) -> ExtractionProgress {
        var state = ExtractionProgress()
        guard try read({ store in try store.holdsAttachments() }) else { return state }
        guard let lock = ExtractionCache(vault: vault).lockForReading() else {
            state.busy = true
            return state
        }
        defer { close(lock) }
        let cache = ExtractionCache(vault: vault)
        cache.clearWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: cache.workFolder) }
        // Their cached text stays until the pass is done: a file renamed, or shown by another
        // note now, is found in the cache by its bytes.
        var textLeft = false
        if case .written(let forgotten) = try connection.write({ store in try store.forgetUnshownAttachments() }) { textLeft = forgotten.files > 0 }
        let candidates = try read { store in try store.attachmentStates() }
        var work: [(NotePath, AttachmentKind)] = []
        for candidate in candidates {
            guard let kind = AttachmentKind(path: candidate.path.description) else { continue }
            let status = try? vault.fileSystem.status(of: candidate.path.bytes, in: vault.rootDescriptor)
            if let read = candidate.read, let status, read.size == status.size, read.mtime == status.modified,
                read.ctime == status.changed, read.inode == Int64(bitPattern: status.inode)
            {
                continue
            }
            if candidate.read == nil, status == nil { continue }  // not there, and nothing of it kept
            work.append((candidate.path, kind))
        }
        state.pending = work.count
        guard !work.isEmpty else {
            try finish(textLeft: textLeft)
            return state
        }
        let extractor = TextExtractor(languages: vault.config.languages.map(\.code), environment: environment, limits: limits)
        for (path, kind) in work {
            state.current = path
            state.pagesDone = 0
            state.pagesTotal = 0
            guard progress(state) else { return state }
            if kind == .picture, case .failure(let reason) = extractor.ocr {
                // Nothing to read it with: it waits, unread, for tesseract.
                state.unavailable = reason.message
                state.done += 1
                continue
            }
            let stored: StoredAttachment?
            switch AttachmentCopy.make(path, kind: kind, vault: vault, limits: limits, parent: cache.workFolder) {
            case .missing:
                stored = nil
                textLeft = true
            case .refused(let reason, let size, let mtime, let ctime, let inode):
                stored = StoredAttachment(
                    path: path, size: size, mtime: mtime, ctime: ctime, inode: inode, hash: "", text: ExtractedText(kind: kind, pages: [], failure: reason))
            case .copied(let copy):
                defer { copy.remove() }
                var text = cache.text(for: copy.hash)
                if let cached = text, cached.usedOCR, case .success(let engine) = extractor.ocr, cached.recipe != engine.recipe {
                    text = nil  // read with other languages than the vault's now
                }
                if text == nil {
                    var stopped = false
                    let outcome = extractor.extract(file: copy.file, kind: kind, work: copy.folder) { done, total in
                        state.pagesDone = done
                        state.pagesTotal = total
                        stopped = !progress(state)
                        return !stopped
                    }
                    switch outcome {
                    case .read(let read):
                        // A failure that may pass is not a fact about these bytes.
                        if !read.transient { cache.store(read, for: copy.hash) }
                        text = read
                        if !(read.pages.isEmpty && read.failure != nil) { state.read += 1 }
                    case .unavailable(let reason):
                        state.unavailable = reason.message
                        state.done += 1
                        continue
                    case .stopped:
                        return state
                    }
                    if stopped { return state }
                }
                stored = text.map {
                    StoredAttachment(path: path, size: copy.size, mtime: copy.mtime, ctime: copy.ctime, inode: copy.inode, hash: copy.hash, text: $0)
                }
            }
            if stored?.text.failure != nil { state.failed += 1 }
            let unused = try connection.write { store in try store.saveAttachment(stored, at: path) }
            if case .written(let hashes) = unused {
                cache.remove(hashes)
                if !hashes.isEmpty { textLeft = true }
            }
            state.done += 1
        }
        state.current = nil
        _ = progress(state)
        if state.unavailable == nil { try finish(textLeft: textLeft) }
        return state
    }

    /// The end of a whole pass: when text left the index, its words leave FTS5's segments and
    /// the vocabulary, and the write-ahead log is emptied (as for a destroyed note); then the
    /// cached text of every file the index no longer has as read goes (a note destroyed while
    /// no pass ran, an index rebuilt after a note went). Only once every file some note shows
    /// has been looked at, so text about to be found again is never thrown away.
    private func finish(textLeft: Bool) throws(VaultError) {
        if textLeft {
            _ = try connection.write { store in try store.scrubDeletedText() }
            connection.truncateWriteAheadLog()
        }
        let hashes = try read { store in try store.attachmentHashes() }
        ExtractionCache(vault: vault).keepOnly(hashes)
    }

    /// The files note `path` shows or links, in its order, with the text read from each.
    public func attachments(of path: NotePath) throws(VaultError) -> [NoteAttachment] {
        try read { store in
            guard let id = try store.noteID(at: path) else { return [] }
            return try store.attachments(of: id)
        }
    }

    /// Every file that could not be read, with why: what `enote doctor` reports.
    public func unreadAttachments() throws(VaultError) -> [(path: NotePath, failure: String)] {
        try read { store in try store.unreadAttachments() }
    }
}
