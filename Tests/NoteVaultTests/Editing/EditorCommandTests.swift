import Testing

@testable import NoteVault

/// `$EDITOR` split into words like a POSIX shell would, never run through one (row 33).
@Suite("EditorCommand")
struct EditorCommandTests {
    @Test(
        "splitting",
        arguments: [
            ("vi", ["vi"]),
            ("code --wait", ["code", "--wait"]),
            ("  nvim \t -u   NONE  ", ["nvim", "-u", "NONE"]),
            ("\"/opt/My Editor/bin/ed\" -n", ["/opt/My Editor/bin/ed", "-n"]),
            ("'/opt/My Editor/ed' --flag='a b'", ["/opt/My Editor/ed", "--flag=a b"]),
            ("my\\ editor", ["my editor"]),
            ("\"say \\\"hi\\\"\"", ["say \"hi\""]),
            ("\"back\\\\slash\"", ["back\\slash"]),
            ("\"keep\\n\"", ["keep\\n"]),
            ("'no \\escapes \"here\"'", ["no \\escapes \"here\""]),
            ("\"a\"'b'c", ["abc"]),
            ("vi \"\" x", ["vi", "", "x"]),
            ("emacs -nw $HOME `id` *.md", ["emacs", "-nw", "$HOME", "`id`", "*.md"]),
            ("vim; rm -rf ~", ["vim;", "rm", "-rf", "~"]),
            ("subl -n -w", ["subl", "-n", "-w"]),
        ])
    func split(text: String, words: [String]) throws {
        #expect(try EditorCommand(parsing: text).arguments == words)
    }

    @Test(
        "unusable settings are errors that say why",
        arguments: [
            ("", "it is empty"),
            ("   \t ", "it is empty"),
            ("\"unterminated", "a double quote is never closed"),
            ("vim 'unterminated", "a single quote is never closed"),
            ("\"escaped end\\\"", "a double quote is never closed"),
        ])
    func errors(text: String, reason: String) throws {
        let error = try #require(throws: EditorCommand.ParseError.self) {
            try EditorCommand(parsing: text)
        }
        #expect(error.text == text)
        #expect(error.reason.english == reason)
        #expect(error.message.english == "the editor command \"\(text)\" cannot be used: \(reason)")
    }

    @Test(
        "precedence: config, then VISUAL, then EDITOR, then vi",
        arguments: [
            ("nvim", ["VISUAL": "code --wait", "EDITOR": "nano"], ["nvim"]),
            (nil, ["VISUAL": "code --wait", "EDITOR": "nano"], ["code", "--wait"]),
            (nil, ["EDITOR": "nano"], ["nano"]),
            (nil, [:], ["vi"]),
            ("  ", ["VISUAL": "", "EDITOR": "nano -w"], ["nano", "-w"]),
            (nil, ["VISUAL": " ", "EDITOR": " "], ["vi"]),
        ] as [(String?, [String: String], [String])])
    func resolve(configured: String?, environment: [String: String], expected: [String]) throws {
        #expect(try EditorCommand.resolve(configured: configured, environment: environment).arguments == expected)
    }

    @Test("a broken higher-priority setting is reported, not skipped")
    func brokenSettingReported() {
        #expect(throws: EditorCommand.ParseError.self) {
            try EditorCommand.resolve(configured: nil, environment: ["VISUAL": "\"oops", "EDITOR": "nano"])
        }
    }

    @Test(
        "the temp copy's file name is safe for a file system and a terminal",
        arguments: [
            ("plan.md", "plan.md"),
            ("-rf.md", "note-rf.md"),
            (".hidden.md", "note.hidden.md"),
            ("a/b.md", "a_b.md"),
            ("bell\u{7}\u{1B}[2J.md", "bell__[2J.md"),
            ("", "note.md"),
            ("Список.md", "Список.md"),
        ])
    func safeFileName(name: String, expected: String) {
        #expect(EditorSession.safeFileName(name) == expected)
    }
}
