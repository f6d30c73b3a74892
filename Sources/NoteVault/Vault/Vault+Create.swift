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

    public init(title: String, body: String, color: NoteColor? = nil, destroy: Date? = nil, folder: String? = nil, extraFields: [(key: String, yaml: String)] = []) {
        self.title = title
        self.body = body
        self.color = color
        self.destroy = destroy
        self.folder = folder
        self.extraFields = extraFields
    }
}

extension Vault {
    /// Creates a note file named after its title (`grocery-list.md`, `grocery-list-2.md`, …).
    ///
    /// Nothing is created unless the note has both a title and content. The name never collides
    /// with an existing one, including names that differ only in case or Unicode normalisation
    /// (which macOS and Windows would merge).
    /// - Returns: The new note as read back from disk.
    /// - Throws: ``VaultError`` for a missing title or content, a bad folder, the note limit or a
    ///   failed write; nothing is left behind.
    @discardableResult
    public func create(_ new: NewNote) throws(VaultError) -> Note {
        let title = new.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .invalidInput("a note needs a title") }
        guard !title.contains(where: { $0.isNewline }) else { throw .invalidInput("a title is one line; put the rest in the note's content") }
        guard !new.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidInput("a note needs content as well as a title: give it as an argument, on standard input, or with --edit; nothing was created")
        }
        let folder = try Self.validatedFolder(new.folder)
        let lock = try lock()
        defer { lock.release() }
        if let limit = config.maxNotes, scan().notes.count >= limit { throw .limitReached(limit: limit) }
        if let folder { try makeFolders(folder) }

        let bytes = Array(Self.newNoteText(new, title: title, now: clock.now(), timeZone: clock.timeZone).utf8)
        let slug = Slug.make(from: title)
        let taken = try existingNameKeys(in: folder)
        for attempt in 1...1000 {
            let name = attempt == 1 ? "\(slug).md" : "\(slug)-\(attempt).md"
            if taken.contains(Self.collisionKey(name)) { continue }
            let path = folder.map { $0.appending(Array(name.utf8)) } ?? NotePath(trusted: name)
            do {
                try writer.create(path, with: bytes)
            } catch .exists {
                continue
            } catch {
                throw .write(error)
            }
            return try read(path)
        }
        throw .invalidInput("could not find a free file name for \"\(title)\"")
    }

    /// The text of a new note: front matter with title, colour, destroy date and times, then the
    /// body ending in a newline.
    static func newNoteText(_ new: NewNote, title: String, now: Date, timeZone: TimeZone) -> String {
        var lines = ["---", "title: \(YAMLWriter.scalar(title))"]
        if let color = new.color { lines.append("color: \(YAMLWriter.scalar(color.description))") }
        if let destroy = new.destroy { lines.append("destroy: \(NoteDate.stamp(destroy, in: timeZone))") }
        let stamp = NoteDate.stamp(now, in: timeZone)
        lines.append("created: \(stamp)")
        lines.append("updated: \(stamp)")
        for field in new.extraFields { lines.append("\(field.key): \(field.yaml)") }
        lines.append("---")
        var body = new.body
        if !body.hasSuffix("\n") { body += "\n" }
        return lines.joined(separator: "\n") + "\n" + body
    }

    /// Names in a folder, folded the way case-insensitive, normalising file systems fold them.
    func existingNameKeys(in folder: NotePath?) throws(VaultError) -> Set<String> {
        let path = root + (folder.map { "/" + ($0.string ?? "") } ?? "")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return Set(names.map(Self.collisionKey))
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
            if status.kind != .directory { throw .invalidInput("\(NotePath.display(current)) exists and is not a folder") }
        }
    }

    /// Creates one folder (if missing) and returns the status of what is there now.
    private func makeFolder(_ name: [UInt8], inside parent: [UInt8]) throws(SystemError) -> FileStatus {
        let descriptor = try fileSystem.open(parent, beneath: rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        defer { fileSystem.close(descriptor) }
        do {
            try fileSystem.makeDirectory(name, in: descriptor, mode: 0o777)
        } catch where error.code == EEXIST {
            // Already there: the status check below tells a folder from a file or a link.
        }
        return try fileSystem.status(of: name, in: descriptor)
    }
}
