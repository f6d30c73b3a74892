import Foundation

/// One thing `enote doctor` found.
package struct Finding: Sendable, Equatable {
    /// What kind of problem it is (stable names for `--json`).
    package enum Kind: String, Sendable, CaseIterable {
        case frontMatter = "front-matter"
        case duplicateKey = "duplicate-key"
        case invalidValue = "invalid-value"
        case notText = "not-text"
        case brokenLink = "broken-link"
        case missingImage = "missing-image"
        case leftoverTempFile = "leftover-temp-file"
        case duplicateTitle = "duplicate-title"
        case nameCollision = "name-collision"
        case unportableName = "unportable-name"
        case orphanedAttachment = "orphaned-attachment"
        case symbolicLink = "symbolic-link"
        case conflictMarkers = "conflict-markers"
        case mergeConflict = "merge-conflict"
        case mergeDriverMissing = "merge-driver-missing"
        /// `.enote/config` names an editor, which a vault may not choose.
        case vaultEditor = "vault-editor"
        case notRegularFile = "not-regular-file"
        case pathTooLong = "path-too-long"
        /// A link broken by a note moved outside enote (`enote doctor --fix-links` repairs it).
        case movedLink = "moved-link"
        /// A note moved outside enote whose links cannot be repaired (ambiguous or unsafe).
        case movedNote = "moved-note"
        /// A picture or PDF whose text could not be read (damaged, encrypted, too large).
        case unreadAttachment = "unread-attachment"
        /// A picture or PDF of which only a part was read (its first pages, its text's first MiB).
        case partlyReadAttachment = "partly-read-attachment"
        /// A note that shows or links more pictures and PDFs than are read (64).
        case tooManyAttachments = "too-many-attachments"
        /// Text in pictures cannot be read on this machine (tesseract or its languages missing).
        case readerMissing = "reader-missing"
    }

    package var kind: Kind
    /// The file it concerns, with a line when there is one (`note.md:3`).
    package var location: String
    /// One sentence: what is wrong and what to do.
    package var message: LocalizedMessage
}

/// Checks a vault for what a user should fix by hand: front matter enote cannot read, broken
/// links and pictures, temp files left by a crash, duplicate titles, names that would collide or
/// be refused on macOS or Windows, and pictures no note shows any more.
package struct VaultDoctor: Sendable {
    package let vault: Vault
    package let index: NoteIndex
    /// Where the readers of pictures and PDFs are looked for (`PATH`, `TESSDATA_PREFIX`).
    package let environment: [String: String]

    package init(vault: Vault, index: NoteIndex, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.vault = vault
        self.index = index
        self.environment = environment
    }

    /// Everything found, grouped by kind.
    package func examine() throws(VaultError) -> [Finding] {
        var findings: [Finding] = []
        let scan = vault.scan()
        var filter = NoteFilter(now: vault.clock.now())
        filter.includePendingExpiry = true
        let notes = try index.list(filter, sort: NoteSort(key: .title))

        for note in notes {
            for diagnostic in note.diagnostics {
                let kind: Finding.Kind
                switch diagnostic.kind {
                case .duplicateKey: kind = .duplicateKey
                case .invalidValue, .ambiguousValue: kind = .invalidValue
                case .notText, .tooLarge: kind = .notText
                default: kind = .frontMatter
                }
                findings.append(Finding(kind: kind, location: diagnostic.location, message: diagnostic.message))
            }
        }
        let moves = try moveFindings()
        findings += brokenReferences(notes).filter { !moves.covers($0) }
        findings += moves.findings
        findings += scan.leftoverTempFiles.map {
            Finding(
                kind: .leftoverTempFile, location: $0.description,
                message: "a temp file left by an interrupted write; the note beside it is intact, so this file can be deleted")
        }
        findings += scan.symbolicLinks.map {
            Finding(
                kind: .symbolicLink, location: $0.description, message: "a symbolic link, which enote never follows; replace it with the file or folder itself")
        }
        findings += scan.specialFiles.map {
            Finding(
                kind: .notRegularFile, location: $0.description,
                message: "named like a note but not a regular file (a named pipe, socket or device), so it is not a note; rename or remove it")
        }
        findings += scan.tooDeep.map { Finding(kind: .pathTooLong, location: $0.description, message: DirectoryWalker.Summary.tooDeepMessage($0)) }
        findings += duplicateTitles(notes)
        findings += nameProblems(scan.notes.map(\.path) + attachmentFiles())
        findings += orphanedAttachments(notes)
        findings += mergeFindings(notes.map(\.path))
        findings += try attachmentFindings(notes)
        if let line = vault.config.editorLine {
            findings.append(
                Finding(
                    kind: .vaultEditor, location: "\(Vault.stateFolderName)/config:\(line)",
                    message:
                        "a vault cannot choose the program that runs as your editor, so editing refuses to start while this line is here; move it to your own ~/.config/enote/config, or set $VISUAL or $EDITOR"
                ))
        }
        return findings
    }

    /// Pictures and PDFs whose text could not be read, and why; and, when some note shows a
    /// picture, whether tesseract and the vault's languages are there to read it.
    private func attachmentFindings(_ notes: [IndexedNote]) throws(VaultError) -> [Finding] {
        var findings = try index.unreadAttachments().map { item in
            item.inPart
                ? Finding(
                    kind: .partlyReadAttachment, location: item.path.description,
                    message: "only part of its text is searched (\(item.failure)); split it into smaller files to have all of it found, or ignore this")
                : Finding(
                    kind: .unreadAttachment, location: item.path.description,
                    message: "its text could not be read (\(item.failure)), so search does not find the words in it; replace it with a readable copy, or ignore this")
        }
        for note in notes {
            let files = NoteAttachments.paths(images: note.images, links: note.links, in: note.path, limit: .max).count
            guard files > NoteAttachments.limit else { continue }
            findings.append(
                Finding(
                    kind: .tooManyAttachments, location: note.path.description,
                    message: "it shows or links \(String(files)) pictures and PDFs; the text of the first \(String(NoteAttachments.limit)) is searched, not the others'; split the note to have them all found"))
        }
        if try index.showsPictures() {
            switch OCREngine.find(languages: vault.config.languages.map(\.code), environment: environment) {
            case .failure(let reason):
                findings.append(Finding(kind: .readerMissing, location: Vault.stateFolderName + "/config", message: reason.message))
            case .success(let engine) where !engine.missing.isEmpty:
                let packages = OCREngine.packages(of: engine.missing)
                findings.append(
                    Finding(
                        kind: .readerMissing, location: Vault.stateFolderName + "/config",
                        message: "tesseract has no data for some of the vault's languages, so their words in pictures are misread; install \(packages)"))
            case .success: break
            }
        }
        return findings
    }

    /// Links to files and pictures that do not exist.
    private func brokenReferences(_ notes: [IndexedNote]) -> [Finding] {
        var findings: [Finding] = []
        for note in notes {
            for image in note.images.map({ ImageReference(source: $0, in: note.path) }) where image.isLocal {
                if image.escapesVault {
                    findings.append(
                        Finding(
                            kind: .missingImage, location: note.path.description,
                            message: "the picture \(image.source) lies outside the vault; copy it into attachments/"))
                } else if !vault.inspect(image).exists {
                    findings.append(Finding(kind: .missingImage, location: note.path.description, message: "the picture \(image.source) does not exist"))
                }
            }
        }
        for note in notes {
            for destination in note.links {
                let reference = ImageReference(source: destination, in: note.path)
                guard reference.isLocal, !destination.hasPrefix("#") else { continue }
                if reference.escapesVault || !vault.exists(reference.path!) {
                    findings.append(Finding(kind: .brokenLink, location: note.path.description, message: "the link to \(destination) leads nowhere"))
                }
            }
        }
        return findings
    }

    /// Notes that share a title (case-insensitive), which makes naming them by title ambiguous.
    private func duplicateTitles(_ notes: [IndexedNote]) -> [Finding] {
        Dictionary(grouping: notes) { $0.title.lowercased() }.values.filter { $0.count > 1 }
            .sorted { $0[0].title < $1[0].title }
            .map { group in
                Finding(
                    kind: .duplicateTitle, location: group.map(\.path.description).sorted().joined(separator: ", "),
                    message: "\(group.count) notes are titled \"\(group[0].title)\"; name them by path, or give them different titles")
            }
    }

    /// Names that macOS or Windows would merge (case, Unicode normalisation) or refuse.
    private func nameProblems(_ paths: [NotePath]) -> [Finding] {
        var findings: [Finding] = []
        let groups = Dictionary(grouping: paths) { Vault.collisionKey($0.description) }
        for group in groups.values where group.count > 1 {
            findings.append(
                Finding(
                    kind: .nameCollision, location: group.map(\.description).sorted().joined(separator: ", "),
                    message: "these names differ only in case or Unicode normalisation; macOS and Windows would keep only one of them"))
        }
        for path in paths {
            do {
                _ = try NotePath(validatingBytes: path.bytes, purpose: .create)
            } catch {
                findings.append(Finding(kind: .unportableName, location: path.description, message: error.message))
            }
        }
        return findings.sorted { $0.location < $1.location }
    }

    /// Files in `attachments/` that no note shows.
    private func orphanedAttachments(_ notes: [IndexedNote]) -> [Finding] {
        var used = Set<NotePath>()
        for note in notes {
            for source in note.images {
                if let path = ImageReference(source: source, in: note.path).path { used.insert(path) }
            }
        }
        for note in notes {
            for destination in note.links {
                if let path = ImageReference(source: destination, in: note.path).path { used.insert(path) }
            }
        }
        return attachmentFiles().filter { !used.contains($0) }.map {
            Finding(kind: .orphanedAttachment, location: $0.description, message: "no note shows or links this file; delete it or link it from a note")
        }
    }

    /// Every file in `attachments/` (not descending into links, nor through one named
    /// `attachments`).
    private func attachmentFiles() -> [NotePath] {
        vault.regularFiles(below: Array(ImageAttachment.folderName.utf8)).sorted()
    }
}
