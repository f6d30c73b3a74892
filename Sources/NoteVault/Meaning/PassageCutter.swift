import Foundation

/// How a note is cut into the passages that are embedded: the one rule of what meaning search
/// reads of a note.
///
/// Today one passage a note: its title, then the opening of its body (as indexed for word
/// search: plain text), of which the model reads the first ``tokenLimit`` tokens. The engine's
/// cost is proportional to the tokens it reads (about 1.8 ms a token on one core here), so this
/// limit is what keeps the first embedding of 10,000 notes within ten minutes on two cores; on
/// seekstone's encyclopaedia notes the title and opening find notes as well as longer windows
/// (issue 3/6's measurements, BENCHMARKS.md). Sections as passages of their own are the next
/// step, measured on personal notes, which put less in their opening.
struct PassageCutter: Sendable {
    /// Words of the body after the title handed to the model (an upper bound of the text it
    /// tokenizes: ``tokenLimit`` is reached first in every language measured).
    var openingWords = 64
    /// Tokens the model reads of a passage, its "passage: " prefix and two special tokens
    /// included.
    var tokenLimit = 56

    /// The cutter every vector of the index is made with.
    static let standard = PassageCutter()

    /// What the index records beside its vectors: the model and this rule. Vectors made by
    /// another model or another rule are dropped and made again, never compared with these.
    var recipe: String { "\(EmbeddingModel.identifier); title and opening, \(tokenLimit) tokens" }

    /// The passages of a note, in order (at least one: a note with no text is its title).
    func passages(title: String, body: String) -> [String] {
        // Split only as far as the opening: the rest of a long body stays one piece, not read.
        let words = body.split(maxSplits: openingWords, whereSeparator: \.isWhitespace).prefix(openingWords)
        let opening = words.joined(separator: " ")
        let heading = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if heading.isEmpty { return [opening] }
        if opening.isEmpty { return [heading] }
        return [heading + "\n" + opening]
    }
}
