import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `enote watch` as a real process: one per vault (no stale lock after `kill -9`), a clean stop
/// on SIGTERM and SIGINT, its log, and the catch-up handshake every other command makes.
@Suite struct WatchTests {
    @Test func aSecondWatcherSaysWhichIsRunningAndExits1() throws {
        let vault = try TemporaryVault()
        let first = try WatchProcess(vault)
        defer { first.kill() }
        try first.waitUntilWatching()

        let second = try vault.run("watch")

        #expect(second.status == 1, "\(second)")
        #expect(second.stderr.contains("already running (pid \(first.pid))"), "\(second.stderr)")
        #expect(first.process.isRunning, "the first one is undisturbed")
    }

    @Test func afterKill9ANewWatcherStartsAndAnswers() throws {
        let vault = try TemporaryVault()
        let first = try WatchProcess(vault)
        defer { first.kill() }
        try first.waitUntilWatching()
        #expect(FileManager.default.fileExists(atPath: vault.url(".enote/watch.sock").path))

        Glibc.kill(first.pid, SIGKILL)
        try #require(first.waitForExit())
        #expect(first.process.terminationReason == .uncaughtSignal)

        let second = try WatchProcess(vault)
        defer { second.kill() }
        try second.waitUntilWatching()
        #expect(!second.stderr.contains("already running"), "\(second.stderr)")
        try vault.write("after-restart.md", "# After\nrestartword\n")
        let search = try vault.run(["search", "restartword"], environment: ["ENOTE_TRACE": "1"])
        #expect(search.status == 0, "\(search)")
        #expect(search.stdout.contains("after-restart.md"))
        #expect(usedTheWatcher(search), "the new watcher answers on the socket the killed one left: \(search.stderr)")

        let third = try vault.run("watch")
        #expect(third.status == 1)
        #expect(third.stderr.contains("already running (pid \(second.pid))"), "\(third.stderr)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsItCleanlyWithStatus0(signal: Int32) throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        try vault.write("during.md", "# During\nduringword\n")
        #expect(watcher.wait { watcher.stderr.contains("indexed during.md (new)") }, "\(watcher.stderr)")

        try #require(watcher.signal(signal), "it stops: \(watcher.stderr)")

        #expect(watcher.process.terminationReason == .exit)
        #expect(watcher.process.terminationStatus == 0, "\(watcher.stderr)")
        let lines = watcher.stderr.split(separator: "\n")
        #expect(lines.last?.hasSuffix(" stopped") == true, "\(watcher.stderr)")
        #expect(!FileManager.default.fileExists(atPath: vault.url(".enote/watch.sock").path), "the socket is removed")
        let next = try WatchProcess(vault)
        defer { next.kill() }
        try next.waitUntilWatching()
    }

    @Test func startupAndEachActionIsOneLogLine() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        // At start, the sample note whose date passed is expired.
        #expect(
            watcher.wait { watcher.stderr.contains("expired old-reminder.md (destroy date 2025-01-15T00:00:00+00:00) → .trash/old-reminder.md") },
            "\(watcher.stderr)")
        try vault.write("travel/new-trip.md", "# Trip\nnew trip\n")
        try FileManager.default.removeItem(at: vault.url("garden.md"))
        #expect(
            watcher.wait { watcher.stderr.contains("indexed travel/new-trip.md (new)") && watcher.stderr.contains("removed garden.md from the index") },
            "\(watcher.stderr)")
        #expect(watcher.stdout.isEmpty, "the log is not data")
        let stamped = watcher.stderr.split(separator: "\n").allSatisfy {
            $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "#, options: .regularExpression) != nil
        }
        #expect(stamped, "each line starts with its time: \(watcher.stderr)")
    }

    @Test func logFileGetsTheLinesAndStderrStaysQuiet() throws {
        let vault = try TemporaryVault()
        let logFile = vault.base.appendingPathComponent("watch.log")
        let watcher = try WatchProcess(vault, ["--log", logFile.path])
        defer { watcher.kill() }
        try watcher.waitUntilWatching(logFile: logFile)
        try vault.write("logged.md", "# Logged\nloggedword\n")
        let log = { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
        #expect(watcher.wait { log().contains("indexed logged.md (new)") }, "\(log())")

        try #require(watcher.signal(SIGTERM), "it stops: \(watcher.stderr)")
        #expect(watcher.process.terminationStatus == 0)
        #expect(log().hasSuffix(" stopped\n"), "\(log())")
        #expect(watcher.stderr.isEmpty, "\(watcher.stderr)")
    }

    @Test func quietLogsNothing() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault, ["--quiet"])
        defer { watcher.kill() }
        // Ready when a command gets its answer from it.
        let ready = watcher.wait {
            (try? vault.run(["list"], environment: ["ENOTE_TRACE": "1"])).map(usedTheWatcher) ?? false
        }
        try #require(ready, "enote watch --quiet did not start answering")
        try vault.write("quiet.md", "# Quiet\nquietword\n")
        let search = try vault.run("search", "quietword")
        #expect(search.stdout.contains("quiet.md"))
        #expect(!vault.exists("old-reminder.md"), "it works: the due note was expired")

        try #require(watcher.signal(SIGTERM), "it stops: \(watcher.stderr)")
        #expect(watcher.process.terminationStatus == 0)
        #expect(watcher.stderr.isEmpty, "\(watcher.stderr)")
        #expect(watcher.stdout.isEmpty)
    }

    /// The handshake: a command asks the running watcher to catch up and then trusts the index,
    /// so a search issued right after a save finds it, without walking the vault.
    @Test func aSearchRightAfterASaveFindsIt50TimesInARow() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault, ["--quiet"])
        defer { watcher.kill() }
        let ready = watcher.wait { (try? vault.run(["list"], environment: ["ENOTE_TRACE": "1"])).map(usedTheWatcher) ?? false }
        try #require(ready)

        var missed: [Int] = []
        var walked: [Int] = []
        for round in 0..<50 {
            let word = "handshake\(round)z\(UInt32.random(in: 0...UInt32.max))"
            let note = round.isMultiple(of: 3) ? "ideas.md" : "saved-\(round).md"
            try vault.write(note, "# Saved \(round)\n\(word)\n")
            let search = try vault.run(["search", word, "--json"], environment: ["ENOTE_TRACE": "1"])
            let paths = (try? JSONOutput.array(search))?.compactMap { $0["path"] as? String } ?? []
            if paths != [note] { missed.append(round) }
            if !usedTheWatcher(search) { walked.append(round) }
        }
        #expect(missed.isEmpty, "saves not found by the search right after: \(missed)")
        #expect(walked.isEmpty, "searches that walked the vault instead of asking the watcher: \(walked)")
    }

    @Test func aWatcherThatDoesNotAnswerIsIgnored() throws {
        let vault = try TemporaryVault()
        // Something listens on the socket and never answers (a hung watcher).
        let socketPath = vault.url(".enote/watch.sock").path
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(server >= 0)
        defer {
            close(server)
            unlink(socketPath)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(server, 4) == 0)
        try vault.write("fresh.md", "# Fresh\nfreshword\n")

        let search = try vault.run(["search", "freshword"], environment: ["ENOTE_TRACE": "1"])

        #expect(search.status == 0, "\(search)")
        #expect(search.stdout.contains("fresh.md"), "it walked the vault instead")
        #expect(search.stderr.contains("trace: no watcher"), "\(search.stderr)")
    }

    /// Issue 13, items 8 and 9, as the reviewer met them: a new ignore line applies at once to a
    /// running watcher, and a folder moved in under an ignored name is not indexed and its due
    /// note not destroyed.
    @Test func aRunningWatcherFollowsNewIgnoreLinesAndMovedInFolders() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let listed = { () throws -> [String] in
            let result = try vault.run(["list", "--json"], environment: ["ENOTE_TRACE": "1"])
            #expect(usedTheWatcher(result), "\(result.stderr)")
            return try JSONOutput.array(result).compactMap { $0["path"] as? String }
        }
        #expect(try listed().contains { $0.hasPrefix("travel/") })

        try vault.write(".enote/config", try vault.text(".enote/config") + "ignore = travel/\nignore = drafts/\n")
        let afterIgnore = try listed()
        #expect(!afterIgnore.contains { $0.hasPrefix("travel/") } && afterIgnore.contains("garden.md"), "\(afterIgnore)")

        try vault.write("../elsewhere/due.md", "---\ntitle: Due\ndestroy: 2020-01-01\n---\nGone?\n")
        try FileManager.default.moveItem(at: vault.base.appendingPathComponent("elsewhere"), to: vault.url("drafts"))
        #expect(try listed() == afterIgnore)
        #expect(vault.exists("drafts/due.md"), "\(watcher.stderr)")
        #expect(watcher.stderr.contains("read the changed settings in \(vault.url(".enote/config").path)"), "\(watcher.stderr)")
    }
}
