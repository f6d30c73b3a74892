/// The sources of a query (`from …`): tags, folders, links to and from a note, combined with
/// `and`, `or` and `not`.
extension QueryParser {
    mutating func source() throws(NoteQueryError) -> QuerySource {
        var left = try sourceAnd()
        while accept(keyword: "or") { left = .or(left, try sourceAnd()) }
        return left
    }

    private mutating func sourceAnd() throws(NoteQueryError) -> QuerySource {
        var left = try sourceUnary()
        while accept(keyword: "and") { left = .and(left, try sourceUnary()) }
        return left
    }

    private mutating func sourceUnary() throws(NoteQueryError) -> QuerySource {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("the sources are nested more than \(String(Self.maximumDepth)) levels deep; write them flatter")
        }
        sourceCount += 1
        guard sourceCount <= NoteQuery.maximumDepth else {
            throw error("FROM names more than \(String(NoteQuery.maximumDepth)) sources; use a tag or a folder they share")
        }
        if accept(symbol: "-") || accept(symbol: "!") || accept(keyword: "not") { return .not(try sourceUnary()) }
        if accept(symbol: "(") {
            let inner = try source()
            try expect(symbol: ")", after: "the sources in parentheses")
            return inner
        }
        let token = current
        switch token.kind {
        case .tag(let tag):
            advance()
            return .tag(tag)
        case .string(let folder):
            advance()
            return .folder(folder)
        case .link(let note):
            advance()
            return .linksTo(note)
        case .word(let word):
            switch word.lowercased() {
            case "outgoing":
                advance()
                try expect(symbol: "(", after: "outgoing")
                guard case .link(let note) = current.kind else { throw error("expected a [[link]] in outgoing(…); found \(found)") }
                advance()
                try expect(symbol: ")", after: "outgoing([[…]]")
                return .linkedFrom(note)
            case "folder", "tag":
                advance()
                let name = try sourceName(after: word)
                return word.lowercased() == "folder" ? .folder(name) : .tag(name.hasPrefix("#") ? String(name.dropFirst()) : name)
            case "links", "linked":
                advance()
                let preposition = word.lowercased() == "links" ? "to" : "from"
                guard accept(keyword: preposition) else { throw error("expected \(preposition) after \(word); found \(found)") }
                let name = try sourceName(after: "\(word) \(preposition)")
                return word.lowercased() == "links" ? .linksTo(name) : .linkedFrom(name)
            default:
                break
            }
        case .symbol("["), .symbol("{"):
            break
        default:
            break
        }
        throw error("expected a source: #tag, \"folder\", [[note]], outgoing([[note]]), folder NAME, tag NAME, links to NOTE or linked from NOTE; found \(found)")
    }

    /// A name after `folder`, `tag`, `links to`: a string, a link, a tag, or words and `/`
    /// up to the next keyword.
    private mutating func sourceName(after what: String) throws(NoteQueryError) -> String {
        switch current.kind {
        case .string(let text), .link(let text):
            advance()
            return text
        case .tag(let tag):
            advance()
            return tag
        default:
            var parts: [String] = []
            while current.kind != .end, !isClauseStart, current.keyword != "and", current.keyword != "or", !current.isSymbol(")") {
                if case .symbol(let mark) = current.kind, !["/", "-", "."].contains(mark) { break }
                parts.append(current.text)
                advance()
            }
            guard !parts.isEmpty else { throw error("expected a name after \(what); found \(found)") }
            return parts.joined()
        }
    }
}
