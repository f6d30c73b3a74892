import Foundation

/// How a note is cut into the passages that are embedded: the one rule of what meaning search
/// reads of a note.
///
/// Today one passage a note: its title, then the first ``openingWords`` words of its body (as
/// indexed for word search: plain text). On seekstone's 10,000 encyclopaedia notes the title and
/// opening found notes as well as longer windows did (issue 3/6's measurements), and one passage
/// a note is what keeps the first embedding of a large vault within minutes on two cores: each
/// passage costs the model about a tenth of a second. Sections as passages of their own are the
/// next step, measured on personal notes, which put less in their opening.
struct PassageCutter: Sendable {
    /// Words of the body after the title.
    var openingWords = 64

    /// The passages of a note, in order (at least one: a note with no text is its title).
    func passages(title: String, body: String) -> [String] {
        var words: [Substring] = []
        words.reserveCapacity(openingWords)
        for word in body.split(whereSeparator: \.isWhitespace) {
            words.append(word)
            if words.count == openingWords { break }
        }
        let opening = words.joined(separator: " ")
        let heading = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if heading.isEmpty { return [opening] }
        if opening.isEmpty { return [heading] }
        return [heading + "\n" + opening]
    }
}
