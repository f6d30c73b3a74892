import Foundation

/// A note related to another, with why: what `enote related`, the web's Related panel, the
/// editor's hover and the agents' `related` tool show.
public struct RelatedNote: Sendable {
    /// Why a note is related; a note may have several reasons.
    public enum Reason: Sendable, Equatable {
        /// The note links to it.
        case linkedFromNote
        /// It links to the note.
        case linksToNote
        /// It has these tags of the note too (normalised, A–Z).
        case sharesTags([String])
        /// Its passage is this near the note's in meaning (a dot product of unit vectors).
        case nearInMeaning(Float)
    }

    /// The related note, as `list` gives it.
    public var note: IndexedNote
    /// Why, strongest first: links, then shared tags, then meaning.
    public var reasons: [Reason]

    /// A short reason for people: "links to it · shares #garden · near in meaning (0.91)".
    public var reasonText: String {
        reasons.map { reason in
            switch reason {
            case .linkedFromNote: Localization.text("linked from it")
            case .linksToNote: Localization.text("links to it")
            case .sharesTags(let tags): Localization.text("shares \(tags.map { "#" + $0 }.joined(separator: " "))")
            case .nearInMeaning(let score): Localization.text("near in meaning (\(String(format: "%.2f", score)))")
            }
        }.joined(separator: " · ")
    }
}

extension NoteIndex {
    /// How near in meaning another note's passage must be for it to count as related. Passages
    /// are nearer each other than a query is to a passage: on seekstone's 10,000 notes two
    /// random passages score 0.77 (median; 0.85 at the 99th percentile), a note's nearest
    /// other note 0.87 (median); in a small vault of unrelated notes nothing passes.
    static let relatedFloor: Float = 0.86

    /// The notes related to the note at `path`, best first, at most `limit`: the notes it links
    /// to and that link to it, the notes that share its rarer tags, and (once the vault is
    /// embedded, and unless meaning search is turned off) the notes nearest it in meaning, fused
    /// into one ranking (``RankFusion``). Empty for a note that is not indexed, or a `limit`
    /// below 1. Notes past their destroy date are left out.
    public func related(to path: NotePath, limit: Int) throws(VaultError) -> [RelatedNote] {
        guard limit > 0 else { return [] }
        let outgoing = try links(from: path).compactMap(\.resolution.path)
        let incoming = try backlinks(to: path).map(\.source.description)
        let recipe = PassageCutter.standard.recipe
        let byMeaning = !EmbeddingModel.isTurnedOff()
        let now = vault.clock.now()
        return try read { store in
            guard let id = try store.noteID(at: path) else { return [] }
            var reasons: [Int64: [RelatedNote.Reason]] = [:]
            func ids(_ paths: [String], reason: RelatedNote.Reason) throws -> [Int64] {
                var found: [Int64] = []
                for linked in paths {
                    guard let other = try store.noteID(at: NotePath(trusted: linked)), other != id, !found.contains(other) else { continue }
                    found.append(other)
                    reasons[other, default: []].append(reason)
                }
                return found
            }
            // Each direction a list of its own, in the order the links are written.
            let linksTo = try ids(outgoing, reason: .linkedFromNote)
            let linkedFrom = try ids(incoming, reason: .linksToNote)
            let tagged = try store.notesSharingTags(with: id, limit: Self.fusionDepth)
            for (other, tags) in tagged { reasons[other, default: []].append(.sharesTags(tags)) }
            var near: [Int64] = []
            if byMeaning, try store.holdsVectors(of: recipe), let vector = try store.passageVector(ofNote: id) {
                for (other, score) in try nearestNotes(in: store, to: vector, limit: Self.fusionDepth + 1, floor: Self.relatedFloor)
                where other != id {
                    near.append(other)
                    reasons[other, default: []].append(.nearInMeaning(score))
                }
            }
            let fused = RankFusion().fuse([linksTo, linkedFrom, tagged.map(\.noteID), near])
            let live = try store.passing(fused, filter: NoteFilter(now: now), negative: nil)
            let ranked = fused.filter(live.contains).prefix(limit)
            let notes = Dictionary(uniqueKeysWithValues: try store.notes(withIDs: Array(ranked)).map { ($0.id, $0) })
            return ranked.compactMap { other in notes[other].map { RelatedNote(note: $0, reasons: reasons[other] ?? []) } }
        }
    }
}

extension RelatedNote: Encodable {
    /// The stable JSON form (`enote related --json`, the agents' `related` tool): the note's
    /// own form (``IndexedNote``), then `reasons`, each `{"kind": "linked_from_note" |
    /// "links_to_note" | "shares_tags" | "near_in_meaning"}` with `tags` or `score`, and
    /// `reason`, the same in words.
    public func encode(to encoder: any Encoder) throws {
        try note.encode(to: encoder)
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(reasons.map(ReasonJSON.init), forKey: "reasons")
        try json.encode(reasonText, forKey: "reason")
    }

    private struct ReasonJSON: Encodable {
        var reason: Reason

        func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: JSONKey.self)
            switch reason {
            case .linkedFromNote: try json.encode("linked_from_note", forKey: "kind")
            case .linksToNote: try json.encode("links_to_note", forKey: "kind")
            case .sharesTags(let tags):
                try json.encode("shares_tags", forKey: "kind")
                try json.encode(tags, forKey: "tags")
            case .nearInMeaning(let score):
                try json.encode("near_in_meaning", forKey: "kind")
                try json.encode((Double(score) * 1000).rounded() / 1000, forKey: "score")
            }
        }
    }
}
