import Foundation

/// Where a rename puts a note (the one rule for the name typed to `enote mv`, `enote set
/// --rename` and the editor's rename); the checks a rename makes of the places files move to,
/// before anything is written, so that a refused rename leaves no journal behind; and the files
/// a folder move takes along.
extension Vault {
    /// The new path of the note at `path` from the name typed for it, the same for every front
    /// end:
    /// - a bare name (no `/`) stays in the note's folder: `trip` for `work/plan.md` is
    ///   `work/trip.md` (a leading `./` is the same);
    /// - a path with a `/` is from the vault's root (`archive/2024/trip`), and a leading `/` says
    ///   so of a bare name (`/trip` is `trip.md`);
    /// - a folder, written with a trailing `/` (`archive/`, or `/` for the root) or one that is
    ///   there where the name leads, keeps the note's file name;
    /// - `.md` is added unless the name ends in it (in any case).
    ///
    /// Spaces around the name are dropped.
    /// - Throws: ``VaultError/invalidInput(_:)`` for an empty name, ``VaultError/path(_:)`` for a
    ///   path enote would not create.
    package func renameTarget(_ typed: String, for path: NotePath) throws(VaultError) -> NotePath {
        var text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .invalidInput("the new name is empty; type a name for the note") }
        while text.hasPrefix("./") { text.removeFirst(2) }
        let fromRoot = text.contains("/")
        while text.hasPrefix("/") { text.removeFirst() }
        var isFolder = text.isEmpty || text.hasSuffix("/")
        while text.hasSuffix("/") { text.removeLast() }
        let folder = fromRoot ? [] : (path.parent?.bytes ?? [])
        var bytes = text.isEmpty ? folder : (folder.isEmpty ? [] : folder + [UInt8(ascii: "/")]) + Array(text.utf8)
        if !isFolder, !bytes.isEmpty, let there = try? NotePath(validatingBytes: bytes, purpose: .lookup) {
            isFolder = (try? fileStatus(there))?.kind == .directory
        }
        if isFolder {
            bytes = bytes.isEmpty ? path.fileNameBytes : bytes + [UInt8(ascii: "/")] + path.fileNameBytes
        } else {
            bytes = NotePath.addingMarkdownExtension(bytes)
        }
        do throws(PathError) {
            return try NotePath(validatingBytes: bytes, purpose: .create)
        } catch {
            throw .path(error)
        }
    }

    /// Refuses `to` as a new path: a folder on the way that is a file or a symbolic link (the
    /// rename could not make the folder), or a name its folder already holds in another case or
    /// Unicode normalisation (macOS and Windows would keep only one of the two; `enote new` never
    /// makes such a pair). Names in `leaving` are the files that move away, so `plan.md` may become
    /// `Plan.md`.
    /// - Throws: ``RenameError/notAFolder(_:)``, ``RenameError/nameCollision(_:existing:)``, or a
    ///   ``PathError`` for a symbolic link.
    func checkNewPlace(_ to: NotePath, leaving: [NotePath]) throws(VaultError) {
        let folder = to.parent?.bytes ?? []
        var current: [UInt8] = []
        for component in folder.split(separator: UInt8(ascii: "/")) {
            current = current.isEmpty ? Array(component) : current + [UInt8(ascii: "/")] + component
            guard let status = try? fileStatus(NotePath(bytes: current)) else { break }  // made by the rename
            if status.kind == .symbolicLink { throw .path(PathError(path: NotePath.display(current), rule: .symbolicLink)) }
            if status.kind != .directory { throw .rename(.notAFolder(NotePath(bytes: current))) }
        }
        let key = Self.collisionKey(to.fileName)
        let leavingHere = Set(leaving.filter { ($0.parent?.bytes ?? []) == folder }.map(\.fileNameBytes))
        for name in (try? names(inFolder: folder)) ?? [] where name != to.fileNameBytes && !leavingHere.contains(name) {
            guard Self.collisionKey(String(decoding: name, as: UTF8.self)) == key else { continue }
            throw .rename(.nameCollision(to, existing: NotePath(bytes: folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name)))
        }
    }

    /// The files a move takes along, each with its new path: the file itself, or every regular
    /// file beneath a folder (none through a symbolic link); none when `from` is missing.
    func filesMoving(with move: RenameMove) throws(VaultError) -> [RenameMove] {
        guard let status = try? fileStatus(move.from) else { return [] }
        switch status.kind {
        case .regular:
            return [move]
        case .directory:
            // A hidden or ignored folder holds no note: enote leaves its moves to the editor.
            guard notePathPolicy.admitsFolder(move.from) else { return [] }
            var moves: [RenameMove] = []
            var folders: [[UInt8]] = [[]]
            while let relative = folders.popLast() {
                let here = relative.isEmpty ? move.from.bytes : move.from.bytes + [UInt8(ascii: "/")] + relative
                let names: [[UInt8]]
                do {
                    names = try self.names(inFolder: here)
                } catch {
                    throw .system(error)
                }
                for name in names {
                    let inside = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
                    let from = NotePath(bytes: move.from.bytes + [UInt8(ascii: "/")] + inside)
                    switch (try? fileStatus(from))?.kind {
                    case .regular?: moves.append(RenameMove(from: from, to: NotePath(bytes: move.to.bytes + [UInt8(ascii: "/")] + inside)))
                    case .directory?: folders.append(inside)
                    default: continue
                    }
                }
            }
            return moves.sorted { $0.from.bytes.lexicographicallyPrecedes($1.from.bytes) }
        case .symbolicLink, .other:
            return []
        }
    }
}
