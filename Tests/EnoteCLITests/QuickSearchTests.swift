import ArgumentParser
import Foundation
import Testing

@testable import EnoteCLI

/// The quick reading of a plain `enote search` finds exactly what swift-argument-parser finds,
/// and leaves every other form to it.
@Suite struct QuickSearchTests {
    /// What swift-argument-parser reads from the same arguments.
    static func parsed(_ arguments: [String]) throws -> SearchRun {
        let command = try #require(try Enote.Search.parseAsRoot(Array(arguments.dropFirst())) as? Enote.Search)
        return SearchRun(
            query: command.query, filters: command.filters.input, limit: command.filters.limit, json: command.filters.json, vault: command.globals.vault,
            noPager: command.globals.noPager)
    }

    @Test(
        "plain searches: the same values as swift-argument-parser",
        arguments: [
            ["search", "potatoes"],
            ["search", "potatoes", "eggs"],
            ["search", "\"next week\""],
            ["search", "gard*", "--limit", "5"],
            ["search", "--limit", "1", "harbour"],
            ["search", "京都", "--json"],
            ["search", "молоко", "--json", "--limit", "3", "--no-pager"],
            ["search", "title:plan", "--vault", "/tmp/Notes"],
            ["search", "tomato", "OR", "potato", "--lang", "ru"],
            ["search", "C++", "e-mail", "it's"],
        ])
    func sameAsArgumentParser(arguments: [String]) throws {
        let quick = try #require(QuickSearch.parse(arguments))
        #expect(quick == (try Self.parsed(arguments)))
    }

    @Test(
        "every other form is left to swift-argument-parser",
        arguments: [
            ["search"],
            ["search", "--json"],
            ["search", "potatoes", "-draft"],
            ["search", "potatoes", "--color", "red"],
            ["search", "potatoes", "--where", "tags=home"],
            ["search", "potatoes", "--limit", "0"],
            ["search", "potatoes", "--limit", "many"],
            ["search", "potatoes", "--limit"],
            ["search", "potatoes", "--limit=5"],
            ["search", "potatoes", "--json", "--json"],
            ["search", "--", "-draft"],
            ["search", "potatoes", "--help"],
            ["search", ""],
            ["search", " \t"],
            ["search", "potatoes", "\u{3000}"],
            ["list", "potatoes"],
        ])
    func otherFormsFallBack(arguments: [String]) {
        #expect(QuickSearch.parse(arguments) == nil)
    }

    @Test(
        "a blank word is white space as Foundation's set has it",
        arguments: ["", " ", "\t ", "\u{3000}", "\u{A0}", "\n", " \r\n", "a", " x ", "\u{200B}"])
    func blank(word: String) {
        #expect(SearchRun.isBlank(word) == word.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
