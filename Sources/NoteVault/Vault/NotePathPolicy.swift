/// The one rule for what is a note in a vault, asked by the walk, every reconcile and the
/// watcher alike, so that they can never disagree.
///
/// A note is a regular file whose name ends in `.md` (any case), below the root, such that:
/// - no component of its path is hidden (starts with `.`): `.git`, `.enote`, `.trash`, and the
///   files editors keep beside a note (`.#note.md`, `.note.md.swp`), are never notes; the other
///   names editors use for their temporary files (`note.md~`, `4913`) do not end in `.md`;
/// - no folder on its way is named by a folder pattern of the vault's `ignore` setting (one
///   ending in `/`, matched against the folder's whole path), and no file pattern names it (one
///   with a `/` matched against the whole path, one without against the file name);
/// - it is not a symbolic link (never followed), a folder, a FIFO or any other kind of file.
///
/// Its size plays no part: a note too large to read is still a note, listed as unreadable.
/// Build it from the vault's settings with ``init(config:)``; ``Vault/notePathPolicy`` is the
/// vault's current one.
package struct NotePathPolicy: Sendable, Equatable {
    /// The vault's ignore patterns, as written in the config.
    package let ignore: [String]
    /// The patterns that name folders, without their trailing `/`.
    private let folderPatterns: [String]
    /// The patterns that name files.
    private let filePatterns: [String]

    /// A policy with these ignore patterns (none by default: every visible `*.md` file).
    package init(ignore: [String] = []) {
        self.ignore = ignore
        folderPatterns = ignore.filter { $0.hasSuffix("/") }.map { String($0.dropLast()) }
        filePatterns = ignore.filter { !$0.hasSuffix("/") }
    }

    /// The policy of a vault with these settings.
    package init(config: VaultConfig) {
        self.init(ignore: config.ignore)
    }

    // MARK: - Whole paths

    /// Whether the file at `path` (relative to the root), of this kind, is a note.
    package func isNote(_ path: NotePath, kind: FileStatus.Kind) -> Bool {
        kind == .regular && Self.isNoteName(path.fileNameBytes) && admitsFolders(above: path) && admitsFile(path)
    }

    /// Whether the walk enters the folder at `path` (relative to the root; the root itself is
    /// always entered): neither it nor any folder above it is hidden or ignored.
    package func admitsFolder(_ path: NotePath) -> Bool {
        path.bytes.isEmpty || (admitsFolders(above: path) && admitsFolderHere(path))
    }

    /// Whether every folder on the way to `path` (not `path` itself) is entered.
    func admitsFolders(above path: NotePath) -> Bool {
        var end = path.bytes.startIndex
        while let slash = path.bytes[end...].firstIndex(of: UInt8(ascii: "/")) {
            if !admitsFolderHere(NotePath(bytes: Array(path.bytes[..<slash]))) { return false }
            end = slash + 1
        }
        return true
    }

    // MARK: - One step of a walk (the folders above already admitted)

    /// Whether the walk enters the folder at `path`, whose parent it entered: its name is not
    /// hidden and no folder pattern names it.
    func admitsFolderHere(_ path: NotePath) -> Bool {
        guard !Self.isHiddenName(path.fileNameBytes) else { return false }
        guard !folderPatterns.isEmpty, let text = path.string else { return true }
        return !folderPatterns.contains { GlobPattern.matches($0, text) }
    }

    /// Whether a file with a note's name, in a folder the walk entered, is a note: no file
    /// pattern names it.
    func admitsFile(_ path: NotePath) -> Bool {
        guard !filePatterns.isEmpty, let text = path.string else { return true }
        let name = path.fileName
        for pattern in filePatterns {
            if GlobPattern.matches(pattern, text) || (!pattern.contains("/") && GlobPattern.matches(pattern, name)) { return false }
        }
        return true
    }

    /// Whether the policy has file patterns, so that a walk must ask ``admitsFile(_:)`` about
    /// each note (without, it needs no path built to know).
    var hasFilePatterns: Bool { !filePatterns.isEmpty }

    // MARK: - Names

    /// Whether a name is hidden (starts with `.`): never a note, never walked into.
    static func isHiddenName<Name: Collection<UInt8>>(_ name: Name) -> Bool {
        name.first == UInt8(ascii: ".")
    }

    /// Whether a file name can be a note's: visible and ending in `.md` (any case).
    static func isNoteName<Name: BidirectionalCollection<UInt8>>(_ name: Name) -> Bool {
        !isHiddenName(name) && NotePath.isMarkdownName(name)
    }
}

/// Glob matching for ignore patterns: `*` within a name, `**` across folders, `?` one character.
enum GlobPattern {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern.unicodeScalars)[...], Array(text.unicodeScalars)[...])
    }

    private static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let doubleStar = pattern.dropFirst().first == "*"
            var rest = pattern.dropFirst(doubleStar ? 2 : 1)
            if doubleStar, rest.first == "/" { rest = rest.dropFirst() }
            var index = text.startIndex
            while true {
                if matches(rest, text[index...]) { return true }
                guard index < text.endIndex else { return false }
                if !doubleStar, text[index] == "/" { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == "?" ? character != "/" : first == character {
            return matches(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
