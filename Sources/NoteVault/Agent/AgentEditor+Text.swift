import Foundation

extension AgentEditor {
    /// Where ``insert(_:into:atEnd:under:expecting:client:)`` puts its text.
    public enum Place: Sendable {
        case start, end
    }

    /// Replaces `old` with `new` in the note's body, if `old` occurs there exactly once and the
    /// note is still `revision`. Text in the front matter is never matched: its keys change
    /// through ``setFrontMatter(of:_:expecting:client:)``, which keeps it valid YAML.
    public func replace(in path: NotePath, old: String, new: String, expecting revision: NoteRevision, client: String) throws(AgentError) -> Write {
        try rewrite(path, expecting: revision, tool: "replace", client: client) { note, bytes throws(AgentError) in
            let needle = Array(old.utf8)
            let body = note.content.bodyStart
            let found = Self.occurrences(of: needle, in: bytes, from: body)
            guard let first = found.first else {
                throw .textNotFound(path: path, inFrontMatter: !needle.isEmpty && !Self.occurrences(of: needle, in: Array(bytes[..<body]), from: 0).isEmpty)
            }
            guard found.count == 1 else {
                let lines = NoteLines(bytes)
                throw .textAmbiguous(path: path, count: found.count, lines: found.prefix(10).map { lines.line(at: $0) })
            }
            var result = bytes
            result.replaceSubrange(first..<(first + needle.count), with: Array(new.utf8))
            return result
        }
    }

    /// Adds `text` at the start of the note's body or at its end; under a heading, at the start
    /// of its section (after the heading's line) or at its end (before the next heading of its
    /// level or higher). The text is kept whole, on lines of its own, in the note's line endings.
    public func insert(
        _ text: String, into path: NotePath, at place: Place, under heading: String?, expecting revision: NoteRevision?, client: String
    ) throws(AgentError) -> Write {
        try rewrite(path, expecting: revision, tool: place == .start ? "prepend" : "append", client: client) { note, bytes throws(AgentError) in
            let lines = NoteLines(bytes)
            let crlf = Self.usesCRLF(bytes)
            var offset: Int
            if let heading {
                let headings = NoteHeading.headings(in: bytes, bodyStart: note.content.bodyStart)
                guard let target = NoteHeading.target(of: heading, in: headings) else {
                    throw .headingNotFound(path: path, heading: heading, headings: headings.map(\.text))
                }
                let section = NoteHeading.section(of: target, in: headings, lineCount: lines.count)
                offset =
                    place == .start
                    ? lines.byteRange(first: target.line, last: target.line).upperBound
                    : lines.byteRange(first: section.upperBound, last: section.upperBound).upperBound
            } else {
                offset = place == .start ? note.content.bodyStart : bytes.count
            }
            var insertion = Array(text.utf8)
            if insertion.last != 0x0A { insertion.append(0x0A) }
            if crlf { insertion = Self.crlf(insertion) }
            var result = bytes
            // The text starts on a line of its own.
            if offset > 0, offset == bytes.count, bytes[offset - 1] != 0x0A {
                insertion = (crlf ? [0x0D, 0x0A] : [0x0A]) + insertion
            }
            offset = min(offset, result.count)
            result.insert(contentsOf: insertion, at: offset)
            return result
        }
    }

    /// Changes front matter keys surgically, as `enote set` does (only those lines change, and
    /// `updated` where the note has it), if the note is still `revision` when one is given.
    public func setFrontMatter(
        of path: NotePath, _ changes: [FrontMatterEditor.Change], expecting revision: NoteRevision?, client: String
    ) throws(AgentError) -> Write {
        try rewrite(path, expecting: revision, tool: "set_front_matter", client: client, stamp: false) { note, bytes throws(AgentError) in
            do {
                let unstamped = try FrontMatterEditor.apply(changes, to: bytes, reading: note.content.frontMatter, file: path.description)
                if unstamped == bytes { return bytes }
                guard let stamp = vault.updatedStamp(for: note.content.frontMatter) else { return unstamped }
                return try FrontMatterEditor.apply(changes + [stamp], to: bytes, reading: note.content.frontMatter, file: path.description)
            } catch let error as FrontMatterEditor.EditError {
                throw .vault(.frontMatter(error))
            } catch {
                throw .vault(.invalidInput("the front matter could not be changed"))
            }
        }
    }

    /// Changes a note's whole text as `transform` says: the shared path of every text write.
    /// - Parameters:
    ///   - stamp: Stamp `updated` after `transform` (not when it stamps itself, nor for an undo,
    ///     which writes the old bytes back exactly).
    ///   - undoes: The journaled write this one undoes.
    func rewrite(
        _ path: NotePath, expecting revision: NoteRevision?, tool: String, client: String, stamp: Bool = true, undoes: Int? = nil,
        transform: (Note, [UInt8]) throws(AgentError) -> [UInt8]
    ) throws(AgentError) -> Write {
        try limits.requireWritable(path)
        try requireNotOpen(path)
        let (note, snapshot) = try attempt { () throws(VaultError) in try vault.readWithSnapshot(path) }
        try attempt { () throws(VaultError) in try vault.requireEditable(note) }
        try requireRevision(revision, of: note)
        let changed = try transform(note, snapshot.bytes)
        if changed == snapshot.bytes { return Write(number: nil, path: path, revision: note.revision) }
        let (bytes, stampWarnings) = stamp ? vault.stampingUpdated(changed, path: path) : (changed, [])
        var warnings = stampWarnings
        guard bytes.count <= NoteContent.maximumSize else { throw .tooLarge(path: path, size: bytes.count) }
        let after = NoteRevision(hash: ContentHash(bytes))
        var entry = AgentJournal.Entry(
            number: 0, date: vault.clock.now(), client: client, tool: tool, kind: .edit, path: path.description, before: Data(snapshot.bytes),
            after: after.description, undoes: undoes)
        let number = try journal.record(&entry)
        do throws(VaultError) {
            let lock = try vault.lock()
            defer { lock.release() }
            do { try vault.writer.replace(path, with: bytes, expecting: snapshot) } catch { throw .write(error) }
        } catch .write(.conflict(_, nil)) {
            journal.remove(number)
            let current = (try? vault.read(path))?.revision.description ?? "gone"
            throw .staleRevision(path: path, given: note.revision.description, current: current)
        } catch {
            journal.remove(number)
            throw .vault(error)
        }
        journal.complete(entry)
        let written = NoteContent(bytes: bytes, path: path.description, timeZone: vault.clock.timeZone)
        if warnings.isEmpty { warnings = written.diagnostics.filter { $0.severity == .error } }
        var write = Write(number: number, path: path, revision: after, changed: [path])
        write.warnings = warnings
        return committed(write, [path], "\(tool) \(path)", client: client)
    }

    /// The offsets at or after `start` where `needle` begins in `bytes`, overlapping ones included.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = start
        let first = needle[0]
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
            }
            index += 1  // overlapping too: "aa" is twice in "aaa", so replacing it is ambiguous
        }
        return found
    }

    /// Whether the note's first line ends in `\r\n`.
    static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return false }
        return newline > 0 && bytes[newline - 1] == 0x0D
    }

    /// `bytes` with each lone `\n` written as `\r\n`.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A, index == 0 || bytes[index - 1] != 0x0D { result.append(0x0D) }
            result.append(byte)
        }
        return result
    }
}
