import Testing

@testable import NoteVault

/// The user's own config: where it is, what it may hold, and the editor order it sets.
@Suite("UserConfig")
struct UserConfigTests {
    @Test(
        "where the user's config is",
        arguments: [
            (["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"], "/x/conf/enote/config"),
            (["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"], "/home/u/.config/enote/config"),
            (["XDG_CONFIG_HOME": "", "HOME": "/home/u"], "/home/u/.config/enote/config"),
            (["HOME": "/home/u"], "/home/u/.config/enote/config"),
            ([:], nil),
        ] as [([String: String], String?)])
    func path(environment: [String: String], expected: String?) {
        #expect(UserConfig.path(environment: environment) == expected)
    }

    @Test("editor, comments and quotes")
    func parses() throws {
        let config = try UserConfig(parsing: "# mine\r\n  editor = \"code --wait\"  # a comment\n", file: "c")
        #expect(config.editor == "code --wait")
        #expect(try UserConfig(parsing: "\n# nothing\n", file: "c") == UserConfig())
    }

    @Test(
        "mistakes name the line",
        arguments: [
            ("expiry = delete", 1, "unknown setting \"expiry\"; your own config knows only editor and mcp_write"),
            ("editor = vi\neditor = nano", 2, "editor is set twice; keep one line"),
            ("\neditor =", 2, "editor needs a command"),
            ("vim", 1, "expected key = value"),
        ])
    func mistakes(text: String, line: Int, message: String) throws {
        let error = try #require(throws: VaultConfig.ParseError.self) { try UserConfig(parsing: text, file: "/h/.config/enote/config") }
        #expect(error.line == line)
        #expect(error.message.english.hasPrefix(message), "\(error)")
    }
}
