import EnoteTestSupport
import Foundation
import Testing

/// The README's Neovim set-up, taken from README.md as written (so that the two cannot drift
/// apart) and run in the Neovim the machine has (Debian 12 ships 0.7.2): opening a note in a
/// vault starts `enote lsp` and attaches it, a second note of the vault shares that server, and a
/// Markdown file outside any vault gets none.
@Suite struct LspReadmeNeovimTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The README's only ```lua block.
    static func snippet() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```lua\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
        try #require(blocks.count == 1, "the README holds one Lua block, its Neovim set-up: \(blocks.count) found")
        return blocks[0] + "\n"
    }

    static let check = """
        local function clients(buffer)
            if vim.lsp.get_clients then return vim.lsp.get_clients(buffer and { bufnr = buffer } or nil) end
            if buffer then return vim.tbl_values(vim.lsp.buf_get_clients(buffer)) end
            return vim.lsp.get_active_clients()
        end
        local out = {}
        vim.cmd("edit " .. os.getenv("NOTE"))
        local note = vim.api.nvim_get_current_buf()
        out.filetype = vim.bo[note].filetype
        vim.wait(20000, function() return #vim.diagnostic.get(note) > 0 end, 50)
        out.diagnostics = {}
        for _, d in ipairs(vim.diagnostic.get(note)) do table.insert(out.diagnostics, d.message) end
        local first = clients(note)[1]
        out.root = first and first.config.root_dir
        vim.cmd("edit " .. os.getenv("OTHER"))
        out.other_clients = #clients(vim.api.nvim_get_current_buf())
        vim.cmd("edit " .. os.getenv("OUTSIDE"))
        out.outside_clients = #clients(vim.api.nvim_get_current_buf())
        out.servers = #clients()
        local file = io.open(os.getenv("OUT"), "w")
        file:write(vim.fn.json_encode(out))
        file:close()
        vim.lsp.stop_client(clients())
        vim.wait(2000, function() return #clients() == 0 end, 50)
        vim.cmd("qa!")
        """

    @Test(
        "the README's Neovim set-up, as written, attaches enote lsp to the vault's notes only",
        .enabled(if: LspNeovimTests.neovim != nil, "Neovim is not installed (apt-get install neovim); the README's set-up is not tried"))
    func readmeSetUpWorks() throws {
        let vault = try TemporaryVault(sample: false)
        try FileManager.default.createDirectory(at: vault.root.appendingPathComponent("work"), withIntermediateDirectories: true)
        try "# Plans\n\nSee [[nowhere]].\n".write(to: vault.root.appendingPathComponent("work/plans.md"), atomically: true, encoding: .utf8)
        try "# Other\n\nText.\n".write(to: vault.root.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        try "# Outside\n\nSee [[nowhere]].\n".write(to: vault.base.appendingPathComponent("outside.md"), atomically: true, encoding: .utf8)
        let config = vault.base.appendingPathComponent("init.lua")
        try Self.snippet().write(to: config, atomically: true, encoding: .utf8)
        let check = vault.base.appendingPathComponent("check.lua")
        try Self.check.write(to: check, atomically: true, encoding: .utf8)
        let output = vault.base.appendingPathComponent("out.json")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(LspNeovimTests.neovim))
        process.arguments = ["--headless", "-n", "-i", "NONE", "-u", config.path, "-c", "luafile \(check.path)"]
        process.currentDirectoryURL = vault.base
        var environment = vault.environment
        // The README's set-up runs `enote` from PATH, as installed.
        environment["PATH"] = EnoteProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NOTE"] = vault.root.appendingPathComponent("work/plans.md").path
        environment["OTHER"] = vault.root.appendingPathComponent("other.md").path
        environment["OUTSIDE"] = vault.base.appendingPathComponent("outside.md").path
        environment["OUT"] = output.path
        for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"] { environment[name] = vault.base.path }
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("Neovim did not finish within 60 s")
        }
        _ = EnoteProcess.exitStatus(of: process)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let data = try #require(try? Data(contentsOf: output), "Neovim wrote nothing: \(stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(result["filetype"] as? String == "markdown", "\(result)")
        let diagnostics = result["diagnostics"] as? [String] ?? []
        #expect(diagnostics.contains { $0.contains("nowhere") }, "enote lsp reported the dead link: \(result)\n\(stderr)")
        #expect(result["root"] as? String == vault.root.path, "the server's root is the vault: \(result)")
        #expect(result["other_clients"] as? Int == 1, "\(result)")
        #expect(result["servers"] as? Int == 1, "one server for the vault's two notes: \(result)")
        #expect(result["outside_clients"] as? Int == 0, "\(result)")
        #expect(!stderr.contains("Error"), "\(stderr)")
    }
}
