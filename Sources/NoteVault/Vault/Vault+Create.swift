import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a new note is made of.
public struct NewNote: Sendable {
    /// The title; required, one line.
    public var title: String
    /// The Markdown body; required (a note needs a title and content).
    public var body: String
    public var color: NoteColor?
    public var destroy: Date?
    /// The folder to create it in, relative to the root; `nil` for the root.
    public var folder: String?
    /// Extra front matter lines (`key`, YAML text) written after enote's own keys.
    public var extraFields: [(key: String, yaml: String)]
    /// Pictures to copy into `attachments/` and show in the note (a photo note).
    public var images: [ImageAttachment]
    /// A template's text to start from (see ``Vault/template(named:)``); its front matter is
    /// kept and enote's keys are set in it.
    public var template: String?

    public init(
        title: String, body: String, color: NoteColor? = nil, destroy: Date? = nil, folder: String? = nil,
        extraFields: [(key: String, yaml: String)] = [], images: [ImageAttachment] = [], template: String? = nil
    ) {
        self.title = title
        self.body = body
        self.color = color
        self.destroy = destroy
        self.folder = folder
        self.extraFields = extraFields
        self.images = images
        self.template = template
    }
}

extension Vault {
    /// Creates a note file named after its title (`grocery-list.md`, `grocery-list-2.md`, …).
    ///
    /// Nothing is created unless the note has both a title and content. The name never collides
    /// with an existing one, including names that differ only in case or Unicode normalisation
    /// (which macOS and Windows would merge).
    /// - Returns: The new note as read back from disk.
    /// - Throws: ``VaultError`` for a missing title or content, a destroy date that has passed
    ///   (``DestroyDateRule``), a bad folder, the note limit or a failed write; nothing is left
    ///   behind.
    @discardableResult
    public func create(_ new: NewNote) throws(VaultError) -> Note {
        let title = new.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .invalidInput("a note needs a title") }
        guard !title.contains(where: { $0.isNewline }) else { throw .invalidInput("a title is one line; put the rest in the note's content") }
        let hasText =
            !new.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            || !(new.template ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        guard hasText || !new.images.isEmpty else {
            throw .invalidInput(LocalizedMessage("a note needs content as well as a title; nothing was created", remedy: .giveNoteContent))
        }
        if let date = new.destroy, let problem = DestroyDateRule.problem(date, clock: clock) { throw .invalidInput(problem) }
        let folder = try Self.validatedFolder(new.folder)
        let lock = try lock()
        defer { lock.release() }
        if let allowance = noteLimit(), allowance.isReached { throw .limitReached(limit: allowance.limit) }
        if let folder { try makeFolders(folder) }

        let slug = Slug.make(from: title)
        let taken = try existingNameKeys(in: folder)
        let now = clock.now()
        var stored: [NotePath] = []
        for attempt in 1...1000 {
            let name = Self.newNoteName(slug: slug, attempt: attempt)
            if taken.contains(Self.collisionKey(name)) { continue }
            let path = folder.map { $0.appending(Array(name.utf8)) } ?? NotePath(trusted: name)
            if stored.isEmpty, !new.images.isEmpty { stored = try storeAttachments(new.images) }
            let pictures = Self.imageMarkdown(new.images, storedAt: stored, from: path)
            let bytes: [UInt8]
            do {
                bytes = try Self.newNoteBytes(new, title: title, pictures: pictures, now: now, timeZone: clock.timeZone)
            } catch {
                removeAttachments(stored)
                throw error
            }
            do {
                try writer.create(path, with: bytes)
            } catch .exists {
                continue
            } catch {
                removeAttachments(stored)
                throw .write(error)
            }
            return try read(path)
        }
        removeAttachments(stored)
        throw .blocked("could not find a free file name for \"\(title)\"")
    }

    /// The bytes of a new note: front matter with title, colour, destroy date and times (set in
    /// the template's front matter when there is a template), then the body and pictures.
    static func newNoteBytes(_ new: NewNote, title: String, pictures: String, now: Date, timeZone: TimeZone) throws(VaultError) -> [UInt8] {
        var body = new.body
        if !pictures.isEmpty { body += (body.isEmpty || body.hasSuffix("\n") ? "" : "\n") + (body.isEmpty ? "" : "\n") + pictures }
        if !body.isEmpty, !body.hasSuffix("\n") { body += "\n" }
        guard let template = new.template else {
            return Array(newNoteText(new, title: title, body: body, now: now, timeZone: timeZone).utf8)
        }
        var bytes = Template.instantiate(template, title: title, now: now, timeZone: timeZone)
        if !body.isEmpty {
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            bytes += Array(body.utf8)
        }
        var fields: [FrontMatterEditor.Change] = []
        if let color = new.color { fields.append(.set(.color, YAMLWriter.scalar(color.description))) }
        if let destroy = new.destroy { fields.append(.set(.destroy, NoteDate.stamp(destroy, in: timeZone))) }
        return try Template.settingFrontMatter(of: bytes, title: title, .always, fields: fields, now: now, timeZone: timeZone)
    }

    /// The text of a new note without a template: front matter, then the body.
    static func newNoteText(_ new: NewNote, title: String, body: String, now: Date, timeZone: TimeZone) -> String {
        var lines = ["---", "title: \(YAMLWriter.scalar(title))"]
        if let color = new.color { lines.append("color: \(YAMLWriter.scalar(color.description))") }
        if let destroy = new.destroy { lines.append("destroy: \(NoteDate.stamp(destroy, in: timeZone))") }
        let stamp = NoteDate.stamp(now, in: timeZone)
        lines.append("created: \(stamp)")
        lines.append("updated: \(stamp)")
        for field in new.extraFields { lines.append("\(field.key): \(field.yaml)") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body
    }

    /// Names in a folder, folded the way case-insensitive, normalising file systems fold them.
    func existingNameKeys(in folder: NotePath?) throws(VaultError) -> Set<String> {
        guard let names = try? names(inFolder: folder?.bytes ?? []) else { return [] }
        return Set(names.map { Self.collisionKey(String(decoding: $0, as: UTF8.self)) })
    }

    /// The key under which two names collide on macOS or Windows: case-folded, NFC.
    static func collisionKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A folder typed by the user for a new note (`nil` or empty for the root). A trailing `/` is
    /// dropped; a leading one makes the path absolute, which is refused.
    static func validatedFolder(_ text: String?) throws(VaultError) -> NotePath? {
        guard let text else { return nil }
        var trimmed = Substring(text)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { return nil }
        do {
            return try NotePath(validating: String(trimmed), purpose: .create)
        } catch {
            throw .path(error)
        }
    }

    /// Creates `folder` and its parents beneath the root, refusing symbolic links on the way.
    func makeFolders(_ folder: NotePath) throws(VaultError) {
        var current: [UInt8] = []
        for component in folder.bytes.split(separator: UInt8(ascii: "/")) {
            let parent = current.isEmpty ? Array(".".utf8) : current
            current = current.isEmpty ? Array(component) : current + [UInt8(ascii: "/")] + component
            let status: FileStatus
            do {
                status = try makeFolder(Array(component), inside: parent)
            } catch let error where error.code == ELOOP {
                throw .path(PathError(path: NotePath.display(current), rule: .symbolicLink))
            } catch {
                throw .system(error)
            }
            if status.kind == .symbolicLink { throw .path(PathError(path: NotePath.display(current), rule: .symbolicLink)) }
            if status.kind != .directory { throw .blocked("\(NotePath.display(current)) exists and is not a folder") }
        }
    }

    /// Creates one folder (if missing, then syncs its parent) and returns the status of what is
    /// there now.
    private func makeFolder(_ name: [UInt8], inside parent: [UInt8]) throws(SystemError) -> FileStatus {
        let descriptor = try fileSystem.open(parent, beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        defer { fileSystem.close(descriptor) }
        do {
            try fileSystem.makeDirectory(name, in: descriptor, mode: 0o777)
            // The new folder's name is durable only once its parent is synced: without this, a
            // power loss could take the folder, and every note written into it, away.
            try fileSystem.fsync(descriptor, path: NotePath.display(parent))
        } catch  where error.code == EEXIST {
            // Already there: the status check below tells a folder from a file or a link.
        }
        return try fileSystem.status(of: name, in: descriptor)
    }
}
