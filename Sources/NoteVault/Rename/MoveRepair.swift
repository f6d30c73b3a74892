/// What `enote doctor` knows about one note moved outside enote: the links the move broke and
/// how each would be rewritten, or why enote will not rewrite them.
package struct MoveRepair: Sendable {
    /// One link that led to the note before it moved and leads nowhere now.
    package struct BrokenLink: Sendable, Equatable {
        /// The note the link is written in (its path now).
        package var note: NotePath
        /// The link's line, from 1.
        package var line: Int
        /// The destination as written.
        package var destination: String
        /// What `--fix-links` writes instead.
        package var replacement: String
        /// The path the link names, decoded (`../notes/Café trip.md`), as other findings show it.
        package var target: String
    }

    /// The move as the index recorded it.
    package var move: RecordedMove
    /// The rewrite, when the move is unambiguous and safe to repair.
    package var plan: RenamePlan?
    /// Why the links cannot be rewritten (a linking note that is not text, a link that would
    /// become ambiguous), when the move is unambiguous but unsafe.
    package var problem: LocalizedMessage?
    /// The links the move broke, by note and place.
    package var brokenLinks: [BrokenLink] = []

    /// The files the repair changes (the moved note's own relative links included).
    package var edits: [RenamePlan.FileEdit] { plan?.edits.filter { $0.rewrittenLinks > 0 } ?? [] }

    /// Whether there is nothing to rewrite, so the record may be forgotten.
    package var isSettled: Bool { !move.isAmbiguous && problem == nil && edits.isEmpty }

    init(move: RecordedMove, plan: RenamePlan?, problem: LocalizedMessage?) {
        self.move = move
        self.plan = plan
        self.problem = problem
        for edit in edits {
            let before = edit.before
            let links = NoteLinkExtractor.extract(NoteContent(bytes: before, path: edit.path.description)).links
            for replacement in edit.replacements {
                let line = before[0..<replacement.range.lowerBound].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let written = String(decoding: before[replacement.range], as: UTF8.self)
                let target = links.first { $0.destinationRange == replacement.range }?.target.path ?? written
                brokenLinks.append(BrokenLink(note: edit.newPath, line: line, destination: written, replacement: replacement.text, target: target))
            }
        }
    }

    /// The repair as a unified diff (each file changed in place), for `--dry-run`.
    package func unifiedDiff() -> String {
        edits.map { UnifiedDiff.diff(old: $0.before, new: $0.after, oldPath: $0.path.description, newPath: $0.path.description) }.joined()
    }

    /// The doctor's words about this move, when there is something to say.
    package var message: LocalizedMessage? {
        if move.isAmbiguous {
            let places = (move.to + move.rivals).map(\.description).joined(separator: ", ")
            return "\(move.from) was moved outside enote, but more than one note fits (\(places)), so its links were left as they are; rewrite them by hand"
        }
        if let problem {
            return "\(move.from) was moved to \(move.to[0]) outside enote, and its links cannot be rewritten: \(problem)"
        }
        return nil
    }
}

/// What `enote doctor --fix-links` did for one move.
package struct MoveRepairResult: Sendable {
    package var from: NotePath
    package var to: NotePath
    /// The notes whose links were rewritten.
    package var rewrittenNotes: [NotePath]
    /// How many link destinations were rewritten.
    package var rewrittenLinks: Int
    /// Notes left as they were because someone changed them meanwhile.
    package var leftAlone: [NotePath]

    /// What to tell the user of each note in ``leftAlone`` (``RenameResult/leftAloneMessage(_:)``).
    package var leftAloneMessages: [LocalizedMessage] { leftAlone.map(RenameResult.leftAloneMessage) }
}
