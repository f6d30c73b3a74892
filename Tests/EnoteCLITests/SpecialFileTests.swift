import Foundation
import Testing

/// Files that are not regular files (a FIFO, a socket): enote never blocks opening one, says
/// what it is when the user names one, and `doctor` reports those named like notes.
@Suite struct SpecialFileTests {
    private func makeFIFO(_ url: URL) throws {
        try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
    }

    @Test func anImageThatIsAFIFOIsRefusedAtOnce() throws {
        let vault = try TemporaryVault(sample: false)
        let fifo = vault.base.appendingPathComponent("picture.png")
        try makeFIFO(fifo)
        let started = Date()

        let result = try EnoteProcess.run(
            ["new", "Photo", "text", "--image", fifo.path], in: vault.root, environment: vault.environment, timeout: 15)

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("not a regular file"), "\(result)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!vault.exists("photo.md"))
    }

    @Test func aTemplateThatIsAFIFOIsRefusedAtOnce() throws {
        let vault = try TemporaryVault(sample: false)
        try FileManager.default.createDirectory(at: vault.url(".enote/templates"), withIntermediateDirectories: true)
        try makeFIFO(vault.url(".enote/templates/pipe.md"))

        let result = try EnoteProcess.run(
            ["new", "Piped", "--template", "pipe"], in: vault.root, environment: vault.environment, timeout: 15)

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("not a regular file"), "\(result)")
        #expect(!vault.exists("piped.md"))
    }

    @Test func aFIFONamedLikeANoteIsNamedForWhatItIs() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("real.md", "---\ntitle: Real\n---\nText\n")
        try makeFIFO(vault.url("x.md"))

        let shown = try EnoteProcess.run(["show", "x.md"], in: vault.root, environment: vault.environment, timeout: 15)
        #expect(shown.status == 1, "\(shown)")
        #expect(shown.stderr.contains("x.md is not a regular file"), "\(shown)")
        #expect(!shown.stderr.contains("no note matches"), "\(shown)")

        let doctor = try EnoteProcess.run(["doctor"], in: vault.root, environment: vault.environment, timeout: 15)
        #expect(doctor.stdout.contains("x.md"), "\(doctor)")
        #expect(doctor.stdout.contains("not a regular file"), "\(doctor)")
        #expect(doctor.status == 1, "\(doctor)")
    }
}
