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
    /// Reads every file some note shows or links, and every PDF no note links (an entry of its
    /// own in search), that is new or changed since it was read (its size, mtime or inode
    /// differ), one at a time: from the cache when its bytes were read
    /// before (``ExtractionCache``), else by its readers (``TextExtractor``). Each file's text is
    /// committed on its own, into the FTS row of every note that shows it, so a run stopped at
    /// any moment keeps what it did. Files no note shows any more are forgotten, and their text
    /// leaves the cache. One pass runs at a time in a vault (``ExtractionCache/lockForReading()``):
    /// a run that finds another under way leaves the files to it (``ExtractionProgress/busy``).
    /// - Parameters:
    ///   - environment: Where the readers are looked for (`PATH`, `TESSDATA_PREFIX`).
    ///   - lookForFiles: Walk the vault for its PDFs (a PDF was added, moved or deleted, or the
    ///     watcher just started). Without it, the entries of their own are those the last walk
    ///     found, less those a note links now; a PDF that has left a note's links since the last
    ///     walk, or an index built since, makes the pass walk anyway.
    ///   - shouldStop: Asked while a reader runs; `true` kills it and ends the run (nothing of
    ///     that file is kept).
    ///   - progress: Told after each file and each page; `false` stops the run there.
    @discardableResult
    public func readAttachments(
        environment: [String: String], limits: ExtractionLimits = ExtractionLimits(), lookForFiles: Bool = true,
        shouldStop: () -> Bool = { false }, progress: (ExtractionProgress) -> Bool = { _ in true }
    ) throws(VaultError) -> ExtractionProgress {
        // An index that heals itself mid-pass has new rows without the files' text: the pass
        // starts again on them (from the cache, so quickly), at most twice.
        var attempts = 0
        while true {
            let (state, rebuilt) = try readPass(
                environment: environment, limits: limits, lookForFiles: lookForFiles || attempts > 0, shouldStop: shouldStop, progress: progress)
            attempts += 1
            if !rebuilt || attempts == 3 { return state }
        }
    }

    /// One reading pass; `rebuilt` when the index healed itself under it (then it stopped).
    private func readPass(
        environment: [String: String], limits: ExtractionLimits, lookForFiles: Bool, shouldStop: () -> Bool,
        progress: (ExtractionProgress) -> Bool
    ) throws(VaultError) -> (ExtractionProgress, rebuilt: Bool) {
        var state = ExtractionProgress()
        let cache = ExtractionCache(vault: vault)
        var walk = lookForFiles
        if !walk { walk = try !read { store in try store.fileEntriesWalked() } }
        let pdfs = walk ? vaultPDFs() : nil
        // With nothing shown, no PDF and nothing kept, a pass only empties a cache left behind
        // (an index rebuilt after the last picture's note was destroyed).
        guard try read({ store in try store.holdsAttachments() }) || cache.holdsText || !(pdfs?.found.isEmpty ?? true) else {
            // Nothing to keep: the walk is recorded, so the next pass does not walk again.
            if let pdfs, pdfs.complete { _ = try connection.write { store in try store.setFileEntries([]) } }
            return (state, false)
        }
        guard let lock = cache.lockForReading() else {
            state.busy = true
            return (state, false)
        }
        defer { close(lock) }
        cache.clearWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: cache.workFolder) }
        // Cached text stays until the pass is done (``finish()``): a file renamed, or shown by
        // another note now, is found in the cache by its bytes.
        // The PDFs no note links become entries of their own (and those a note links now, or
        // gone, stop being ones) before the files to read are listed.
        let forgotten = try connection.write { store in
            if let pdfs {
                try store.setFileEntries(pdfs.found, unread: pdfs.unread)
                try store.clearUnlinkedPDFs()
            } else {
                try store.dropLinkedEntries()
                // A PDF unlinked since this pass looked is left for the next one to walk for.
                if try store.fileEntriesWalked() { try store.clearUnlinkedPDFs() }
            }
            return try store.forgetUnshownAttachments()
        }
        if case .rebuilt = forgotten { return (state, true) }
        let extractor = TextExtractor(languages: vault.config.languages.map(\.code), environment: environment, limits: limits)
        let recipe = try? extractor.ocr.get().recipe
        let racyAfter = FileStatus.racyAfter()
        var work: [(NotePath, AttachmentKind)] = []
        for candidate in try read({ store in try store.attachmentStates() }) {
            guard let kind = AttachmentKind(path: candidate.path.description) else { continue }
            let status = try? vault.fileSystem.status(of: candidate.path.bytes, in: vault.rootDescriptor)
            let there = status.map { $0.kind != .directory } ?? false
            guard let read = candidate.read else {
                if there { work.append((candidate.path, kind)) }  // else: not there, and nothing of it kept
                continue
            }
            let unchanged = status.map {
                read.size == $0.size && read.mtime == $0.modified && read.ctime == $0.changed && read.inode == Int64(bitPattern: $0.inode)
            } ?? false
            // Read by OCR in other languages than the vault's now, or waiting for tesseract,
            // which is there now: read again.
            let otherLanguages = !read.recipe.isEmpty && recipe != nil && read.recipe != recipe
            if !unchanged || otherLanguages { work.append((candidate.path, kind)) }
        }
        state.pending = work.count
        guard !work.isEmpty else {
            try finish()
            return (state, false)
        }
        for (path, kind) in work {
            state.current = path
            state.pagesDone = 0
            state.pagesTotal = 0
            guard progress(state) else { return (state, false) }
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
            case .unreachable:
                state.done += 1
                continue  // what was read of it stays; the next pass looks again
            case .refused(let reason, let size, let mtime, let ctime, let inode):
                // Refused as it was within the racy window (a header not written yet): looked
                // at again by the next pass.
                let settled = mtime < racyAfter && ctime < racyAfter
                stored = StoredAttachment(
                    path: path, size: size, mtime: settled ? mtime : -1, ctime: ctime, inode: inode, hash: "",
                    text: ExtractedText(kind: kind, pages: [], failure: reason))
            case .copied(let copy):
                defer { copy.remove() }
                var text = cache.text(for: copy.hash)
                if let cached = text, !cached.recipe.isEmpty, let recipe, cached.recipe != recipe {
                    text = nil  // read with other languages than the vault's now, or before tesseract was there
                }
                if text == nil {
                    var stopped = false
                    let outcome = extractor.extract(file: copy.file, kind: kind, work: copy.folder, shouldStop: shouldStop) { done, total in
                        state.pagesDone = done
                        state.pagesTotal = total
                        stopped = !progress(state)
                        return !stopped
                    }
                    switch outcome {
                    case .read(let read):
                        // A failure that may pass is not a fact about these bytes.
                        if !read.transient { cache.store(read, for: copy.hash) }
                        if read.recipe == ExtractedText.waitingForOCR, case .failure(let reason) = extractor.ocr { state.unavailable = reason.message }
                        text = read
                        if !(read.pages.isEmpty && read.failure != nil) { state.read += 1 }
                    case .unavailable(let reason):
                        state.unavailable = reason.message
                        state.done += 1
                        continue
                    case .stopped:
                        return (state, false)
                    }
                    if stopped { return (state, false) }
                }
                stored = text.map { text in
                    // A file changing while it was read, or a failure that may pass, is
                    // looked at again by the next pass (a fingerprint of -1 matches no file).
                    let settled = !text.transient && copy.mtime < racyAfter && copy.ctime < racyAfter
                    return StoredAttachment(
                        path: path, size: copy.size, mtime: settled ? copy.mtime : -1, ctime: copy.ctime, inode: copy.inode, hash: copy.hash, text: text)
                }
            }
            if stored?.text.failure != nil { state.failed += 1 }
            switch try connection.write({ store in try store.saveAttachment(stored, at: path) }) {
            // The text of bytes no file read has any more goes now (the file was replaced, or
            // its note was destroyed while it was read).
            case .written(let saved): cache.remove(saved.unused)
            case .rebuilt: return (state, true)
            }
            state.done += 1
        }
        state.current = nil
        _ = progress(state)
        // Also when some files wait for tesseract: what they had read stays in their rows.
        try finish()
        return (state, false)
    }

    /// Every PDF of the vault a walk finds (hidden and ignored folders and files left out, as
    /// for notes; links never followed), the folders it could not open for now (their PDFs
    /// were not seen, not gone) and whether it saw every folder but those.
    private func vaultPDFs() -> (found: Set<NotePath>, unread: [NotePath], complete: Bool) {
        var found = Set<NotePath>()
        let summary = DirectoryWalker(policy: vault.notePathPolicy, visiting: .pdfs).visit(root: vault.rootDescriptor) { path, _ in
            found.insert(NotePath(bytes: Array(path)))
        }
        let unread = summary.unreadableFolders.filter { $0.error.isTransient }.map(\.path)
        return (found, unread, unread.isEmpty)
    }

    /// The end of a whole pass: when text left the index, its words leave FTS5's segments and
    /// the vocabulary, and the write-ahead log is emptied (as for a destroyed note); then the
    /// cached text of every file the index no longer has as read goes (a note destroyed while
    /// no pass ran, an index rebuilt after a note went). Only once every file some note shows
    /// has been looked at, so text about to be found again is never thrown away.
    private func finish() throws(VaultError) {
        if try read({ store in try store.textLeftPending() }) {
            _ = try connection.write { store in try store.scrubDeletedText() }
            connection.truncateWriteAheadLog()
        }
        let hashes = try read { store in try store.attachmentHashes() }
        ExtractionCache(vault: vault).keepOnly(hashes)
    }

    /// The files note `path` shows or links, in its order, with the text read from each; a file
    /// that is not there and was never read is left out (a wikilink's places where it is not).
    public func attachments(of path: NotePath) throws(VaultError) -> [NoteAttachment] {
        let all = try read { store in
            guard let id = try store.noteID(at: path) else { return [NoteAttachment]() }
            return try store.attachments(of: id)
        }
        return all.filter { attachment in
            attachment.text != nil || (try? vault.fileSystem.status(of: attachment.path.bytes, in: vault.rootDescriptor)) != nil
        }
    }

    /// The attachment `link` of note `note` names, with its text; `nil` when it names no
    /// picture or PDF of the note (a note, a URL, a file outside the vault or not there). What a
    /// hover over the link shows.
    public func attachment(of link: NoteLink, in note: NotePath) throws(VaultError) -> NoteAttachment? {
        let places = NoteAttachments.paths(images: [], links: link.isWikilink ? [] : [link.target.path], wikilinks: [link], in: note)
        guard !places.isEmpty else { return nil }
        // Only the file the link names is read (not every page of the note's other files).
        return try read { store -> NoteAttachment? in
            guard let id = try store.noteID(at: note) else { return nil }
            let shown = Set(try store.shownFiles(of: id))
            for place in places where shown.contains(place) {
                let attachment = try store.attachment(at: place)
                if attachment.text != nil || (try? vault.fileSystem.status(of: place.bytes, in: vault.rootDescriptor)) != nil { return attachment }
            }
            return nil
        }
    }

    /// The PDF at `path` with its text, when it is an entry of its own (no note links it);
    /// `nil` otherwise. What a front end shows of a file hit (``FileHit``).
    public func fileEntry(at path: NotePath) throws(VaultError) -> NoteAttachment? {
        guard isFileEntryThere(path) else { return nil }
        return try read { store in try store.isFileEntry(path) ? try store.attachment(at: path) : nil }
    }

    /// Whether the PDF of an entry of its own is still a file of the vault that a walk would
    /// find (not deleted, not hidden or ignored since): one without a running watcher is seen
    /// gone only by the next reading pass (`enote index`), and is not shown until then.
    func isFileEntryThere(_ path: NotePath) -> Bool {
        let policy = vault.notePathPolicy
        guard policy.admitsFolders(above: path), policy.admitsFile(path) else { return false }
        guard let status = try? vault.fileSystem.status(of: path.bytes, in: vault.rootDescriptor) else { return false }
        return status.kind == .regular
    }

    /// Whether some note shows or links a picture (by a Markdown image or link, a wikilink or an
    /// embed): then tesseract is needed.
    func showsPictures() throws(VaultError) -> Bool {
        try read { store in try store.shownFiles() }.contains { AttachmentKind(path: $0.description) == .picture }
    }

    /// Every file that could not be read, or only in part (`inPart`), with why: what
    /// `enote doctor` reports.
    public func unreadAttachments() throws(VaultError) -> [(path: NotePath, failure: String, inPart: Bool)] {
        try read { store in try store.unreadAttachments() }
    }
}
