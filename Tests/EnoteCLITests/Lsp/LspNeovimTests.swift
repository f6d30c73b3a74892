import EnoteTestSupport
import Foundation
import Testing

/// A real editor as the client: headless Neovim attached to a note through `enote lsp`, asking
/// for completion and hover, receiving a diagnostic and renaming a note from a link (Neovim
/// applies the WorkspaceEdit: the RenameFile and the link edits), exactly as a user's Neovim does.
@Suite struct LspNeovimTests {
    static let neovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Diagnostics, hover and completion on a link, then a rename applied by Neovim.
    static let script = """
        out.diagnostics = {}
        for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out.diagnostics, { lnum = d.lnum, col = d.col, message = d.message }) end
        local function at(line, col) return { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = col } } end
        local hover = vim.lsp.buf_request_sync(0, "textDocument/hover", at(2, 12), 10000) or {}
        for _, r in pairs(hover) do if r.result then out.hover = r.result.contents.value end end
        local completion = vim.lsp.buf_request_sync(0, "textDocument/completion", at(3, 12), 10000) or {}
        out.completion = {}
        for _, r in pairs(completion) do
            if r.result then for _, item in ipairs(r.result.items) do table.insert(out.completion, item.label) end end
        end
        local rename = at(2, 12)
        rename.newName = "kyoto-trip"
        local renamed = vim.lsp.buf_request_sync(0, "textDocument/rename", rename, 10000) or {}
        for _, r in pairs(renamed) do
            if r.result then vim.lsp.util.apply_workspace_edit(r.result, "utf-16") end
            if r.error then out.rename_error = r.error.message end
        end
        vim.cmd("silent! wall")
        out.renamed_line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
        """

    @Test(.enabled(if: neovim != nil, "Neovim is not installed (apt-get install neovim); the editor test is skipped"))
    func neovimGetsADiagnosticHoverCompletionAndARename() throws {
        let vault = try TemporaryVault(sample: false)
        try "---\ntitle: Поездка в Киото\ncolor: green\n---\nБилеты и 旅館 😀.\n".write(
            to: vault.root.appendingPathComponent("kyoto.md"), atomically: true, encoding: .utf8)
        let note = vault.root.appendingPathComponent("plans.md")
        // Line 2 holds a link after Cyrillic and an emoji; line 3 is being typed.
        try "# Планы\n\nКот 😀 и [[kyoto]] [[nowhere]]\nДалее: [[Пое\n".write(to: note, atomically: true, encoding: .utf8)
        let result = try Self.run(Self.script, vault: vault, note: note)
        let diagnostics = result["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { ($0["message"] as? String)?.contains("nowhere") == true && $0["lnum"] as? Int == 2 }, "\(diagnostics)")
        let hover = result["hover"] as? String ?? ""
        #expect(hover.contains("Поездка в Киото") && hover.contains("green"), "\(hover)")
        let completion = result["completion"] as? [String] ?? []
        #expect(completion.first == "Поездка в Киото", "\(completion)")
        // The rename: Neovim moved the file and rewrote the link, in its buffer and on disk.
        #expect(result["rename_error"] == nil, "\(result)")
        #expect(result["renamed_line"] as? String == "Кот 😀 и [[kyoto-trip]] [[nowhere]]", "\(result)")
        #expect(vault.exists("kyoto-trip.md") && !vault.exists("kyoto.md"))
        #expect(try vault.text("plans.md").contains("[[kyoto-trip]]"))
    }

    /// A query block in Neovim (issue 39): hover over it shows its results, and the code action
    /// *Write the results below the block*, applied by Neovim, writes them into the file.
    static let queryScript = """
        out.titles = {}
        local document = vim.lsp.util.make_text_document_params()
        local hover = vim.lsp.buf_request_sync(0, "textDocument/hover", { textDocument = document, position = { line = 3, character = 2 } }, 10000) or {}
        for _, r in pairs(hover) do if r.result then out.hover = r.result.contents.value end end
        local range = { start = { line = 3, character = 0 }, ["end"] = { line = 3, character = 0 } }
        local actions = vim.lsp.buf_request_sync(0, "textDocument/codeAction", { textDocument = document, range = range, context = { diagnostics = {} } }, 10000) or {}
        for _, r in pairs(actions) do
            for _, action in ipairs(r.result or {}) do
                table.insert(out.titles, action.title)
                if action.edit and action.title:find("results") then vim.lsp.util.apply_workspace_edit(action.edit, "utf-16") end
            end
        end
        vim.cmd("silent! wall")
        """

    @Test(.enabled(if: neovim != nil, "Neovim is not installed (apt-get install neovim); the editor test is skipped"))
    func neovimHoversAQueryBlockAndWritesItsResults() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("work/alpha.md", "---\ntitle: Alpha\nstatus: active\n---\nPlan.\n")
        try vault.write("work/beta.md", "---\ntitle: Beta\nstatus: done\n---\nBeta.\n")
        let note = vault.root.appendingPathComponent("dash.md")
        try "# Dash 😀\n\n```enote\ntable status from folder work sort file.name\n```\nSee [[nowhere]].\n".write(to: note, atomically: true, encoding: .utf8)
        let result = try Self.run(Self.queryScript, vault: vault, note: note)
        let hover = result["hover"] as? String ?? ""
        #expect(hover.contains("| [[alpha]] | active |") && hover.contains("| [[beta]] | done |"), "\(hover)")
        #expect((result["titles"] as? [String] ?? []).contains("Write the results below the block"), "\(result)")
        let written = try vault.text("dash.md")
        #expect(written.hasPrefix("# Dash 😀\n\n```enote\ntable status from folder work sort file.name\n```\n<!-- enote:results -->"), "\(written)")
        #expect(written.contains("| [[alpha]] | active |") && written.hasSuffix("<!-- /enote:results -->\nSee [[nowhere]].\n"), "\(written)")
    }

    /// What every script starts with: `enote lsp` attached to the note, and a wait for its
    /// first diagnostic (the note holds a dead link), which says the server has read the note.
    /// Neovim 0.7 (Debian bookworm) has `vim.lsp.start_client`; `vim.lsp.start` came in 0.8.
    static let prologue = """
        local out = {}
        local client = vim.lsp.start_client({ name = "enote", cmd = { os.getenv("ENOTE_BIN"), "lsp" }, root_dir = os.getenv("VAULT") })
        vim.cmd("edit " .. os.getenv("NOTE"))
        vim.lsp.buf_attach_client(0, client)
        vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)

        """

    /// What every script ends with: `out` written to `OUT` as JSON, the server stopped, Neovim quit.
    static let epilogue = """
        local file = io.open(os.getenv("OUT"), "w")
        file:write(vim.fn.json_encode(out))
        file:close()
        vim.lsp.stop_client(client)
        vim.wait(2000, function() return vim.lsp.client_is_stopped(client) end, 50)
        vim.cmd("qa!")
        """

    /// Runs `body` (between ``prologue`` and ``epilogue``) in headless Neovim on `note` with
    /// `enote lsp` as its server (`ENOTE_BIN`, `VAULT`, `NOTE`, `OUT` in its environment) and
    /// returns what it put in `out`.
    static func run(_ body: String, vault: TemporaryVault, note: URL) throws -> [String: Any] {
        let scriptFile = vault.base.appendingPathComponent("test.lua")
        try (prologue + body + "\n" + epilogue).write(to: scriptFile, atomically: true, encoding: .utf8)
        let output = vault.base.appendingPathComponent("out.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.neovim))
        process.arguments = ["--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile \(scriptFile.path)"]
        process.currentDirectoryURL = vault.root
        var environment = vault.environment
        environment["ENOTE_BIN"] = EnoteProcess.executable.path
        environment["VAULT"] = vault.root.path
        environment["NOTE"] = note.path
        environment["OUT"] = output.path
        environment["XDG_STATE_HOME"] = vault.base.path
        environment["XDG_DATA_HOME"] = vault.base.path
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("Neovim did not finish within 60 s")
        }
        _ = EnoteProcess.exitStatus(of: process)
        let data = try Data(contentsOf: output)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
