import Testing

@testable import NoteVault

/// The one ranking's fusion rule and what a query gives the meaning leg.
@Suite struct RankFusionTests {
    @Test func aNoteBothListsRankHighComesFirst() {
        let fused = RankFusion().fuse(words: [1, 2, 3], meaning: [3, 4, 1])
        // 1: 1/61 + 1/63; 3: 1/63 + 1/61; a tie keeps the word list's order.
        #expect(fused == [1, 3, 2, 4])
    }

    @Test func eitherListAloneKeepsItsOrder() {
        #expect(RankFusion().fuse(words: [5, 6, 7], meaning: []) == [5, 6, 7])
        #expect(RankFusion().fuse(words: [], meaning: [9, 8]) == [9, 8])
        #expect(RankFusion().fuse(words: [], meaning: []).isEmpty)
    }

    @Test func aNoteFoundOnlyByMeaningCanPassOneFoundOnlyByWords() {
        // 10 is 2nd by meaning and absent from the words; 20 is 3rd by words only.
        let fused = RankFusion().fuse(words: [1, 2, 20], meaning: [1, 10])
        #expect(fused == [1, 2, 10, 20])
    }

    @Test func aListOfWeightZeroFollowsTheOthersInItsOrder() {
        // 9 and 8 only the meaning names: after 1, 2, 3 whatever their meaning ranks; 3 keeps
        // its words' place.
        #expect(RankFusion().fuse(words: [1, 2, 3], meaning: [9, 3, 8], meaningWeight: 0) == [1, 2, 3, 9, 8])
        #expect(RankFusion().fuse(words: [], meaning: [9, 8], meaningWeight: 0) == [9, 8])
    }

    @Test(arguments: [
        (1, true, 0.0),
        (2, true, 0),
        (3, true, 1),
        (2, false, 1),
        (1, false, 1),
        (8, true, 1),
    ])
    func aLookupByOneOrTwoWordsThatNotesHoldIsNotFused(terms: Int, everyWordMatched: Bool, weight: Double) {
        #expect(RankFusion.meaningWeight(queryTerms: terms, everyWordMatched: everyWordMatched) == weight)
    }

    @Test(arguments: [
        ("hose garden", 2),
        ("tomato OR potato", 2),
        ("garden -draft", 1),
        ("birds of prey", 3),
        ("\"next week\" plan", 2),
    ])
    func searchedTermsLeaveExclusionsOut(text: String, count: Int) throws {
        #expect(try SearchQuery(parsing: text).searchedTermCount == count)
    }

    @Test(arguments: [
        ("wind meter", "wind meter" as String?),
        ("tomato OR potato", "tomato potato"),
        ("garden -draft", "garden"),
        ("\"next week\"", nil),
        ("title:plan", nil),
        ("plan \"exact words\"", nil),
        ("-draft", nil),
    ])
    func whatTheMeaningLegReads(text: String, expected: String?) throws {
        #expect(try SearchQuery(parsing: text).meaningText == expected)
    }
}
