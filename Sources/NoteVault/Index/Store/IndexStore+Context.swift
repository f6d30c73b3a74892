import GRDB

extension IndexStore {
    /// How many notes hold each word of `plan` (any form the plan counts as finding it), in the
    /// plan's order, and how many notes the index holds: what weighs a word by its rarity. The
    /// PDFs no note links (negative rowids) are not notes, and are not counted.
    func documentCounts(of plan: SearchPlan) throws -> (words: [Int], notes: Int) {
        let notes = try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") ?? 0
        var words: [Int] = []
        for group in plan.groups {
            words.append(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes_fts WHERE notes_fts MATCH ? AND rowid > 0", arguments: [SearchPlan.expression(of: group)]) ?? 0)
        }
        return (words, notes)
    }

    /// A matcher of the words of `plan`, with this index's tokenizer.
    func termMatcher(for plan: SearchPlan) throws -> TermMatcher {
        try TermMatcher(plan: plan, db: db)
    }
}
