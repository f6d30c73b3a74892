import Foundation

/// Queries saved by name in the vault: `.enote/queries/NAME.enote` (or `.dataview`, `.tasks`
/// for the other languages), committed with the vault as its templates are, run with
/// `enote query NAME`.
extension Vault {
    /// A query saved in the vault.
    public struct SavedQuery: Sendable, Equatable {
        public var name: String
        public var language: NoteQuery.Language
        public var text: String
    }

    /// `.enote/queries`, relative to the root.
    static let queriesPath = stateFolderName + "/queries"

    /// The names of the saved queries, sorted.
    public func savedQueryNames() -> [String] {
        let names = ((try? names(inFolder: Array(Self.queriesPath.utf8))) ?? []).map { String(decoding: $0, as: UTF8.self) }
        return names.compactMap(Self.savedQueryName).map(\.name).sorted()
    }

    /// The saved query `name`.
    /// - Throws: ``VaultError/invalidInput(_:)`` naming the saved queries there are.
    public func savedQuery(named name: String) throws(VaultError) -> SavedQuery {
        for language in NoteQuery.Language.allCases {
            let path = Array("\(Self.queriesPath)/\(name).\(language.rawValue)".utf8)
            guard Self.isQueryName(name) else { break }
            let bytes: [UInt8]
            do {
                bytes = try Self.readStateFile(path, root: root, limit: QueryLexer.maximumLength)
            } catch let error where error.code == ENOENT {
                continue
            } catch let error where error.code == ELOOP || error.code == EXDEV {
                throw .invalidInput("the saved query .enote/queries/\(name).\(language.rawValue) is a symbolic link, which enote does not follow; make it a file")
            } catch let error where error.code == EFBIG {
                throw .invalidInput("the saved query .enote/queries/\(name).\(language.rawValue) is longer than a query can be")
            } catch {
                throw .system(error)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .invalidInput("the saved query .enote/queries/\(name).\(language.rawValue) is not UTF-8 text")
            }
            return SavedQuery(name: name, language: language, text: text)
        }
        let available = savedQueryNames()
        guard !available.isEmpty else {
            throw .invalidInput("no saved query named \"\(name)\" (there are none yet in .enote/queries/)")
        }
        throw .invalidInput("no saved query named \"\(name)\" (there are: \(available.joined(separator: ", ")))")
    }

    /// Saves `text` as the query `name`, a new file; the query is read first, so a query
    /// that cannot run is never saved.
    /// - Throws: ``VaultError/invalidInput(_:)`` for a name that is not a plain name or is
    ///   taken; ``NoteQueryError`` for a query that cannot be read.
    public func saveQuery(named name: String, text: String, language: NoteQuery.Language) throws -> NotePath {
        guard Self.isQueryName(name) else {
            throw VaultError.invalidInput("\"\(name)\" cannot name a query; use letters, digits, - and _")
        }
        _ = try QueryParser.parse(text, language: language)
        if savedQueryNames().contains(name) {
            throw VaultError.invalidInput("a query named \"\(name)\" is saved already; edit or remove its file in .enote/queries/")
        }
        let folder = NotePath(trusted: Self.queriesPath)
        try makeFolders(folder)
        let path = NotePath(trusted: "\(Self.queriesPath)/\(name).\(language.rawValue)")
        let body = text.hasSuffix("\n") ? text : text + "\n"
        do { try writer.create(path, with: Array(body.utf8)) } catch { throw VaultError.write(error) }
        return path
    }

    private static func isQueryName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && !name.hasPrefix("-") && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    private static func savedQueryName(_ file: String) -> (name: String, language: NoteQuery.Language)? {
        guard let dot = file.lastIndex(of: "."), let language = NoteQuery.Language(rawValue: String(file[file.index(after: dot)...])) else { return nil }
        let name = String(file[..<dot])
        return isQueryName(name) ? (name, language) : nil
    }
}

