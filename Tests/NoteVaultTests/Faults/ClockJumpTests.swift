import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 27: a clock that jumped years ahead (injected with `VaultClock.fixed`) makes
/// every destroy date pass at once. The expiry pass refuses and destroys nothing until it is
/// forced; a pass with only a few due notes goes ahead without asking.
@Suite("Expiry with a clock jumped to 2099")
struct ClockJumpTests {
    let sandbox: VaultSandbox
    static let utc = TimeZone(identifier: "UTC")!
    /// 2099-06-01T00:00:00Z.
    static let jumped = Date(timeIntervalSince1970: 4_083_955_200)

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Writes `count` notes named `prefix-N.md` destroying between 2027 and 2090, and two
    /// notes without a destroy date.
    private func writeNotes(_ count: Int, prefix: String = "due", keepers: Int = 2) throws {
        for number in 0..<count {
            let year = 2027 + number % 64
            try sandbox.write(
                "\(prefix)-\(number).md", VaultSandbox.noteText(title: "Due \(number)", body: "Text \(number)\n", extra: ["destroy: \(year)-03-01 12:00"]))
        }
        for number in 0..<keepers {
            try sandbox.write("keep-\(number).md", VaultSandbox.noteText(title: "Keep \(number)"))
        }
    }

    /// The vault's files (not `.enote/`), path → bytes.
    private func files() -> [String: [UInt8]] {
        let paths = FileManager.default.subpaths(atPath: sandbox.root) ?? []
        return Dictionary(uniqueKeysWithValues: paths.filter { !$0.hasPrefix(".enote") && $0.hasSuffix(".md") }.map { ($0, sandbox.bytes($0) ?? []) })
    }

    private func expirer(at date: Date) throws -> Expirer {
        let vault = try Vault(root: sandbox.root, clock: .fixed(date, timeZone: Self.utc))
        let index = try NoteIndex.open(vault)
        try index.synchronize()
        return Expirer(vault: vault, index: index)
    }

    @Test func jumpedClockRefusesToDestroyMostOfTheVault() throws {
        try writeNotes(20)
        let before = files()
        let expirer = try expirer(at: Self.jumped)

        let report = try expirer.run()
        let refusal = try #require(report.refusal, "a pass that would destroy 20 of 22 notes must ask first")
        #expect(refusal.english.contains("20 of 22"), "\(refusal)")
        #expect(refusal.remedy == .expireBeyondCap, "the message says how to go on: \(refusal)")
        #expect(Localization.translate(refusal, into: .russian).hasPrefix("у 20 из 22 заметок срок прошёл одновременно"))
        #expect(report.expired.isEmpty)
        #expect(files() == before, "nothing was moved or deleted")
        #expect(!sandbox.exists(".trash"))

        let dryRun = try expirer.run(dryRun: true)
        #expect(dryRun.refusal != nil, "a dry run reports the same refusal")
        #expect(files() == before)

        let forced = try expirer.run(force: true)
        #expect(forced.refusal == nil)
        #expect(forced.expired.count == 20, "\(forced.skipped)")
        let after = files()
        #expect(Set(after.keys) == Set(before.keys.filter { $0.hasPrefix("keep-") } + before.keys.filter { $0.hasPrefix("due-") }.map { ".trash/" + $0 }))
        for (path, bytes) in before where path.hasPrefix("due-") {
            #expect(after[".trash/" + path] == bytes, "\(path) went to the trash unchanged")
        }
        let listed = try expirer.index.list(NoteFilter(now: Self.jumped), sort: NoteSort(key: .title)).map(\.path.description)
        #expect(listed == ["keep-0.md", "keep-1.md"])
    }

    @Test func moreThanTheCapIsRefusedEvenWhenItIsNotMostOfTheVault() throws {
        // 60 due of 160: under half, but over the default cap of 50 per pass.
        try writeNotes(60, keepers: 100)
        let before = files()
        let report = try expirer(at: Self.jumped).run()
        #expect(report.refusal?.english.contains("the cap is 50") == true, "\(report.refusal?.english ?? "no refusal")")
        #expect(report.expired.isEmpty)
        #expect(files() == before)
    }

    @Test func aFewDueNotesAreDestroyedWithoutAsking() throws {
        try writeNotes(20)
        // 2029-06-01: only the notes destroying in 2027, 2028 and 2029 are due.
        let report = try expirer(at: Date(timeIntervalSince1970: 1_874_966_400)).run()
        #expect(report.refusal == nil)
        #expect(report.expired.map(\.path.description).sorted() == ["due-0.md", "due-1.md", "due-2.md"])
        #expect(sandbox.exists(".trash/due-0.md") && !sandbox.exists("due-0.md"))
        #expect(sandbox.exists("due-3.md"))
    }
}
