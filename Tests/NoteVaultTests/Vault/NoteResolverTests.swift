import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Naming a note on the command line: path, title, prefix; ambiguity and misses are errors that
/// help.
@Suite("NoteResolver")
struct NoteResolverTests {
    static let candidates: [NoteResolver.Candidate] = [
        .init(path: NotePath(trusted: "grocery-list.md"), title: "Grocery list"),
        .init(path: NotePath(trusted: "work/plan.md"), title: "Plan"),
        .init(path: NotePath(trusted: "work/plan-b.md"), title: "Plan B"),
        .init(path: NotePath(trusted: "ideas/plan.md"), title: "Garden ideas"),
        .init(path: NotePath(trusted: "список.md"), title: "Список покупок"),
        .init(path: NotePath(trusted: "Upper.md"), title: "Shouting"),
        .init(path: NotePath(trusted: "upper.md"), title: "Whispering"),
    ]

    @Test(
        "resolves",
        arguments: [
            ("grocery-list.md", "grocery-list.md"),
            ("grocery-list", "grocery-list.md"),
            ("./grocery-list", "grocery-list.md"),
            ("work/plan", "work/plan.md"),
            ("work/plan.md", "work/plan.md"),
            ("ideas/plan", "ideas/plan.md"),
            ("Grocery list", "grocery-list.md"),
            ("GROCERY LIST", "grocery-list.md"),
            ("plan", "work/plan.md"),
            ("plan b", "work/plan-b.md"),
            ("WORK/PLAN.MD", "work/plan.md"),
            ("groc", "grocery-list.md"),
            ("garden", "ideas/plan.md"),
            ("список", "список.md"),
            ("СПИСОК ПОК", "список.md"),
            ("Upper", "Upper.md"),
            ("upper", "upper.md"),
            ("whisp", "upper.md"),
        ])
    func resolves(reference: String, expected: String) throws {
        #expect(try NoteResolver.resolve(reference, among: Self.candidates).description == expected)
    }

    @Test("an ambiguous prefix (of titles and file names) lists every candidate with path and title")
    func ambiguous() throws {
        #expect {
            try NoteResolver.resolve("pla", among: Self.candidates)
        } throws: { error in
            guard case .ambiguousNote(let reference, let candidates) = error as? VaultError else { return false }
            return reference == "pla"
                && candidates == ["ideas/plan.md  (Garden ideas)", "work/plan-b.md  (Plan B)", "work/plan.md  (Plan)"]
                && (error as! VaultError).description == """
                    "pla" matches 3 notes; name one by its path:
                      ideas/plan.md  (Garden ideas)
                      work/plan-b.md  (Plan B)
                      work/plan.md  (Plan)
                    """
        }
    }

    @Test("the same title on two paths is ambiguous")
    func sameTitle() throws {
        let twins: [NoteResolver.Candidate] = [
            .init(path: NotePath(trusted: "a/todo.md"), title: "Todo"),
            .init(path: NotePath(trusted: "b/todo.md"), title: "Todo"),
        ]
        #expect {
            try NoteResolver.resolve("todo", among: twins)
        } throws: { error in
            guard case .ambiguousNote(_, let candidates) = error as? VaultError else { return false }
            return candidates.count == 2
        }
        #expect(try NoteResolver.resolve("a/todo", among: twins).description == "a/todo.md")
    }

    @Test(
        "not found: suggestions when part of a title matches",
        arguments: [
            ("lan", ["Plan", "Plan B", "Garden ideas"]),
            ("list", ["Grocery list"]),
            ("nothing-like-it", []),
        ])
    func notFound(reference: String, suggestions: [String]) throws {
        #expect {
            try NoteResolver.resolve(reference, among: Self.candidates)
        } throws: { error in
            guard let error = error as? VaultError, case .noteNotFound(reference, let found) = error else { return false }
            let text = error.description
            return found == suggestions && text.hasPrefix("no note matches \"\(reference)\"")
                && (suggestions.isEmpty || text.contains("did you mean \"\(suggestions[0])\""))
                && error.message.remedy == .listNotes && !text.contains("enote")
        }
    }

    @Test("an empty reference asks for a note", arguments: ["", "./"])
    func empty(reference: String) {
        #expect(throws: VaultError.self) { try NoteResolver.resolve(reference, among: Self.candidates) }
    }

    @Test("an invalid UTF-8 name resolves by title or by its escaped display form")
    func invalidName() throws {
        let bytes: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".md".utf8)
        let notes: [NoteResolver.Candidate] = [.init(path: NotePath(bytes: bytes), title: "Latin-1 note")]
        #expect(try NoteResolver.resolve("latin", among: notes).bytes == bytes)
        #expect(try NoteResolver.resolve("bad\\xFF", among: notes).bytes == bytes)
    }

    /// Files the index never lists are refused for what they are, not as "no note matches".
    @Test("Vault.resolve names a symbolic link or a named pipe for what it is", arguments: ["link", "link.md", "./pipe", "pipe.md"])
    func unlistedFiles(reference: String) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("real.md", VaultSandbox.noteText(title: "Real"))
        try Syscall.symlink("real.md", at: sandbox.path("link.md"))
        guard mkfifo(sandbox.path("pipe.md"), 0o644) == 0 else { throw SystemError("mkfifo", path: "pipe.md") }
        let vault = try sandbox.vault()
        let candidates = [NoteResolver.Candidate(path: NotePath(trusted: "real.md"), title: "Real")]

        #expect(try vault.resolve("real", among: candidates).description == "real.md")
        #expect {
            _ = try vault.resolve(reference, among: candidates)
        } throws: { error in
            guard let error = error as? VaultError else { return false }
            if case .noteNotFound = error { return false }
            return reference.contains("link") ? error.description.contains("symbolic link") : error.description.contains("pipe.md")
        }
    }

    /// ``Vault/resolve(_:in:)`` looks an exact path up by key before it reads every note; what
    /// it answers must be what the full list answers, for every kind of reference.
    @Test(
        "resolving through the index answers as resolving among all its notes",
        arguments: [
            "work/plan.md", "work/plan", "./work/plan", "WORK/PLAN.MD", "Plan", "plan", "grocery", "Grocery list",
            "a/todo", "todo", "Upper", "upper.md", "nothing-like-it", "", "./",
        ])
    func indexAgreesWithList(reference: String) throws {
        let sandbox = try VaultSandbox()
        for (path, title) in [
            ("grocery-list.md", "Grocery list"), ("work/plan.md", "Plan"), ("ideas/plan.md", "Garden ideas"),
            ("a/todo.md", "Todo"), ("b/todo.md", "Todo"), ("Upper.md", "Shouting"), ("upper.md", "Whispering"),
        ] {
            try sandbox.write(path, VaultSandbox.noteText(title: title))
        }
        let vault = try sandbox.vault()
        let index = try vault.freshCommandIndex()
        let candidates = try index.candidates()
        #expect(candidates.count == 7)

        func outcome(_ body: () throws(VaultError) -> NotePath) -> String {
            do throws(VaultError) { return try body().description } catch { return "error: \(error.description)" }
        }
        let byList = outcome { () throws(VaultError) in try vault.resolve(reference, among: candidates) }
        let byIndex = outcome { () throws(VaultError) in try vault.resolve(reference, in: index) }
        #expect(byIndex == byList)
        #expect(!byIndex.isEmpty)
    }

    @Test(
        "the exact paths of a reference: itself, and with .md unless it ends so",
        arguments: [
            ("work/plan", ["work/plan", "work/plan.md"]), ("./work/plan.md", ["work/plan.md"]), ("a.MD", ["a.MD"]), ("", []), ("./", []),
        ])
    func exactPaths(reference: String, expected: [String]) {
        #expect(NoteResolver.exactPaths(reference).map(\.description) == expected)
    }
}
