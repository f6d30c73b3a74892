import Foundation
import Testing

/// `enote doctor [--json]`, end to end: findings with exit status 1, a clean vault with 0.
@Suite struct DoctorCommandTests {
    private func findings(_ vault: TemporaryVault) throws -> (status: Int32, findings: [[String: Any]]) {
        let result = try vault.run("doctor", "--json")
        return (result.status, try JSONOutput.array(result))
    }

    @Test func sampleVaultHasItsBrokenFrontMatter() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("doctor")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.hasPrefix("broken-front-matter.md:2"), "\(result)")
        #expect(result.stdout.contains(": front-matter: "))
        #expect(result.stdout.split(separator: "\n").count == 1, "only that: \(result.stdout)")
        #expect(result.stderr.contains("1 problem found"))

        let json = try findings(vault)
        #expect(json.status == 1)
        #expect(json.findings.count == 1)
        #expect(json.findings.first?["kind"] as? String == "front-matter")
        #expect((json.findings.first?["location"] as? String)?.hasPrefix("broken-front-matter.md:2") == true)
        #expect(Set(json.findings.first?.keys.map { $0 } ?? []) == ["kind", "location", "message"])
    }

    @Test func cleanVaultExitsZero() throws {
        let vault = try TemporaryVault()
        try FileManager.default.removeItem(at: vault.url("broken-front-matter.md"))
        let before = try vault.tree()
        let result = try vault.run("doctor")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No problems found"))
        let json = try findings(vault)
        #expect(json.status == 0)
        #expect(json.findings.isEmpty)
        #expect(try vault.tree() == before, "doctor only reads")
    }

    @Test func emptyVaultIsClean() throws {
        let vault = try TemporaryVault(sample: false)
        #expect(try vault.run("doctor").status == 0)
    }

    @Test func everyKindOfProblem() throws {
        let vault = try TemporaryVault()
        try vault.write("dup-key.md", "---\ntitle: Twice\ncolor: red\ncolor: blue\n---\nx\n")
        try vault.write("bad-value.md", "---\ntitle: Bad\ncolor: chartreuse\n---\nx\n")
        try vault.write("binary.md", bytes: [0x00, 0x01, 0x02])
        try vault.write("links.md", "---\ntitle: Links\n---\n[gone](gone.md) ![pic](attachments/gone.png)\n")
        try vault.write(".garden.md.enote-4242-17.tmp", "half")
        try vault.write("work/garden.md", "# Garden\n\nsame title as garden.md\n")
        try vault.write("Ideas.md", "other ideas\n")
        try vault.write("aux.md", "a reserved name\n")
        try vault.write("attachments/old.png", bytes: PictureFiles.png(width: 1, height: 1))
        try FileManager.default.createSymbolicLink(atPath: vault.url("shortcut.md").path, withDestinationPath: "welcome.md")
        let configLines = try vault.text(".enote/config").split(separator: "\n", omittingEmptySubsequences: false).count
        try vault.write(".enote/config", try vault.text(".enote/config") + "editor = nvim\n")

        let json = try findings(vault)
        #expect(json.status == 1)
        var byKind: [String: [String]] = [:]
        for finding in json.findings {
            byKind[finding["kind"] as? String ?? "?", default: []].append(finding["location"] as? String ?? "?")
        }
        let expected: [String: [String]] = [
            "front-matter": ["broken-front-matter.md:2"],
            "duplicate-key": ["dup-key.md:4"],
            "invalid-value": ["bad-value.md:3"],
            "not-text": ["binary.md"],
            "broken-link": ["links.md"],
            "missing-image": ["links.md"],
            "leftover-temp-file": [".garden.md.enote-4242-17.tmp"],
            "duplicate-title": ["garden.md, work/garden.md"],
            "name-collision": ["Ideas.md, ideas.md"],
            "unportable-name": ["aux.md"],
            "orphaned-attachment": ["attachments/old.png"],
            "symbolic-link": ["shortcut.md"],
            "vault-editor": [".enote/config:\(configLines)"],
        ]
        #expect(Set(byKind.keys) == Set(expected.keys), "\(byKind)")
        for (kind, locations) in expected {
            let found = byKind[kind] ?? []
            #expect(found.count == locations.count, "\(kind): \(found)")
            for (location, prefix) in zip(found.sorted(), locations.sorted()) {
                #expect(location.hasPrefix(prefix), "\(kind): \(location)")
            }
        }

        let text = try vault.run("doctor")
        #expect(text.status == 1)
        #expect(text.stderr.contains("\(json.findings.count) problems found"), "\(text)")
        #expect(text.stdout.split(separator: "\n").count == json.findings.count)
        #expect(text.stdout.contains("links.md: broken-link: the link to gone.md leads nowhere"))
    }

    @Test func locationsAreSafeToPrint() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("esc\u{1B}[31mred.md", "---\ntitle: A: b\n---\nx\n")
        let result = try vault.run("doctor")
        #expect(result.status == 1, "\(result)")
        #expect(!containsEscape(result.stdoutBytes), "\(result)")
    }

    @Test func outsideAVaultIsAnError() throws {
        let vault = try TemporaryVault(sample: false)
        let elsewhere = vault.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let result = try vault.run(in: elsewhere, ["doctor"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("enote init"), "\(result)")
    }
}
