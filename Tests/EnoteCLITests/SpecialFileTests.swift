import EnoteTestSupport
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

        #expect(result.status == 2, "what was typed cannot be used: \(result)")
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

    @Test func aNoteTooDeepToOpenIsReportedWithItsLength() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("top.md", "---\ntitle: Top\n---\nTop text\n")
        // 18 folders of 242-byte names: the note's path is about 4,400 bytes, more than the
        // 4,096 bytes a path given to the kernel may have. Made one folder at a time.
        var folder = open(vault.root.path, O_RDONLY | O_DIRECTORY)
        for number in 10...27 {
            let name = "d\(number)" + String(repeating: "a", count: 240)
            try #require(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            try #require(next >= 0)
            folder = next
        }
        let file = openat(folder, "deep.md", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(file >= 0)
        let text = Array("Deep text\n".utf8)
        #expect(write(file, text, text.count) == text.count)
        close(file)
        close(folder)

        let list = try vault.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr.contains("deep.md"), "the note does not vanish without a word: \(list)")
        #expect(list.stderr.contains("4096"), "\(list)")

        let doctor = try vault.run("doctor")
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains("deep.md"), "\(doctor)")
        #expect(doctor.stdout.contains("4096"), "\(doctor)")
        #expect(!doctor.stdout.contains("a name may have at most 255 bytes"), "each name is shorter: \(doctor)")
    }
}
