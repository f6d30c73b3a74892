import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The figures with `enote watch` running: search and list against rg, the time from a save to
/// the next search finding it, a burst of files past the inotify queue, and the watcher's own
/// memory and idle CPU.
struct WatcherBenchmark {
    let runner: BenchmarkRunner

    /// Lines for the table, and facts that are not times (memory, CPU, correctness).
    func run() throws -> (lines: [BenchmarkRunner.Line], facts: [String]) {
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: runner.enote)
        watcher.arguments = ["--vault", runner.vault, "watch", "--quiet"]
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
        defer {
            if watcher.isRunning {
                kill(watcher.processIdentifier, SIGTERM)
                watcher.waitUntilExit()
            }
        }
        try waitUntilReady()

        var lines = runner.searchMix(target: "≥ 40× faster than rg (median)") { _, _ in true }
        let ratios = lines.filter { $0.label.hasPrefix("search") }.map { $0.referenceSeconds / $0.seconds }
        let medianRatio = runner.median(ratios)
        let slowest = lines.filter { $0.label.hasPrefix("search") }.max { $0.seconds < $1.seconds }!
        for index in lines.indices where lines[index].label.hasPrefix("search") {
            lines[index].met = nil
        }
        lines.append(
            BenchmarkRunner.Line(
                label: "search, median over the mix", seconds: runner.median(lines.filter { $0.label.hasPrefix("search") }.map(\.seconds)),
                reference: "rg, median of the mix", referenceSeconds: runner.median(lines.filter { $0.label.hasPrefix("search") }.map(\.referenceSeconds)),
                target: "median ratio ≥ 40× (is \(String(format: "%.1f", medianRatio))×)", met: medianRatio >= 40))
        lines.append(
            BenchmarkRunner.Line(
                label: "search, slowest of the mix (\(slowest.label.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))",
                seconds: slowest.seconds, reference: slowest.reference, referenceSeconds: slowest.referenceSeconds,
                target: "≥ 10× faster", met: slowest.referenceSeconds / slowest.seconds >= 10))
        if let list = lines.firstIndex(where: { $0.label.hasPrefix("list") }) {
            lines[list].target = "≤ 1/20 of rg"
            lines[list].met = lines[list].seconds * 20 <= lines[list].referenceSeconds
        }

        // Tasks due within a week: the index against rg finding every open task in the files.
        let rgTasks = Timing.median(runs: runner.runs) { Timing.run(["rg", "-c", #"- \[ \]"#, runner.vault]).seconds }
        let tasks = Timing.median(runs: runner.runs) { Timing.run(runner.base + ["tasks", "--due", "7d"]).seconds }
        lines.append(
            BenchmarkRunner.Line(
                label: "tasks --due 7d", seconds: tasks, reference: #"rg -c '- \[ \]'"#, referenceSeconds: rgTasks,
                target: "≤ 50 ms and ≤ 1/20 of rg", met: tasks <= 0.05 && tasks * 20 <= rgTasks))

        var facts: [String] = []
        let latency = try saveToFoundLatency(samples: 100)
        lines.append(
            BenchmarkRunner.Line(
                label: "save → found by the next search, p99 of \(latency.samples)", seconds: latency.p99,
                reference: "(p50 \(BenchmarkRunner.format(latency.p50)))",
                referenceSeconds: latency.p50, target: "≤ 100 ms, every save found", met: latency.p99 <= 0.1 && latency.missed == 0))
        facts.append(
            "save → found: \(latency.samples) saves, \(latency.missed) not found by the next search; p50 \(BenchmarkRunner.format(latency.p50)), p99 \(BenchmarkRunner.format(latency.p99))"
        )
        facts += try burst(count: 20_000)
        facts += usage(of: watcher.processIdentifier)
        kill(watcher.processIdentifier, SIGTERM)
        watcher.waitUntilExit()
        facts.append("watcher stopped by SIGTERM with exit status \(watcher.terminationStatus)")
        return (lines, facts)
    }

    /// Waits until commands get their answer from the watcher (its first reconcile is done).
    private func waitUntilReady() throws {
        let deadline = Timing.now() + 300
        while Timing.now() < deadline {
            if FileManager.default.fileExists(atPath: runner.vault + "/.enote/watch.sock"),
                Timing.run(runner.base + ["list", "--limit", "1"]).seconds < 0.1
            {
                return
            }
            usleep(200_000)
        }
        throw BenchmarkError("the watcher did not become ready within 300 s")
    }

    /// Appends a new word to a note, then at once runs `search` for it; how long until found.
    private func saveToFoundLatency(samples: Int) throws -> (samples: Int, p50: Double, p99: Double, missed: Int) {
        let note = try runner.firstNote()
        let relative = String(note.dropFirst(runner.vault.count + 1))
        var times: [Double] = []
        var missed = 0
        for sample in 0..<samples {
            let word = "latency\(sample)x\(UInt32.random(in: 0...UInt32.max))"
            let start = Timing.now()
            runner.append("\n\(word)\n", to: note)
            let output = capture(runner.base + ["search", word, "--json", "--limit", "1"])
            times.append(Timing.now() - start)
            if !output.contains("\"\(relative)\"") { missed += 1 }
        }
        return (samples, Timing.percentile(times, 50), Timing.percentile(times, 99), missed)
    }

    /// Creates `count` notes at once (past the 16,384-event queue), waits for the index to hold
    /// exactly them, then removes them and waits again.
    private func burst(count: Int) throws -> [String] {
        let folder = runner.vault + "/burst-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Timing.now()
        for number in 0..<count {
            let text = "---\ntitle: Burst \(number)\n---\nburstword note \(number)\n"
            _ = FileManager.default.createFile(atPath: folder + "/burst-\(number).md", contents: Data(text.utf8))
        }
        let written = Timing.now() - start
        let added = try waitForMatches("burstword", count: count)
        try FileManager.default.removeItem(atPath: folder)
        let removed = try waitForMatches("burstword", count: 0)
        return [
            "burst: \(count) files written in \(BenchmarkRunner.format(written)); the index held exactly \(count) matches "
                + "\(BenchmarkRunner.format(added)) after the last write; after removing them, 0 matches \(BenchmarkRunner.format(removed)) later"
        ]
    }

    /// Polls `search` until it reports `count` matches; returns how long that took.
    private func waitForMatches(_ word: String, count: Int) throws -> Double {
        let start = Timing.now()
        while Timing.now() - start < 600 {
            let output = capture(runner.base + ["search", word, "--limit", "1"], stderr: true)
            let total: Int
            if output.contains("No notes match") {
                total = 0
            } else if let range = output.range(of: #"(\d+) notes match"#, options: .regularExpression) {
                total = Int(output[range].split(separator: " ")[0]) ?? -1
            } else {
                total = output.contains(word) || output.contains("Burst") ? 1 : 0
            }
            if total == count { return Timing.now() - start }
            usleep(100_000)
        }
        throw BenchmarkError("the index did not converge to \(count) matches for \(word)")
    }

    /// Peak and current memory, and CPU over ten idle seconds: measured once the work the
    /// burst left (its last events, the final reconcile) is done, that is once the watcher used
    /// no CPU for two seconds in a row (at most 60 s of waiting, said in the result).
    private func usage(of pid: Int32) -> [String] {
        func status(_ key: String) -> String {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return text.split(separator: "\n").first { $0.hasPrefix(key) }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "?"
        }
        func cpuTicks() -> Double {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
            guard fields.count > 13 else { return 0 }
            return (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        var quietSeconds = 0
        var waited = 0
        while quietSeconds < 2 && waited < 60 {
            let start = cpuTicks()
            sleep(1)
            waited += 1
            quietSeconds = cpuTicks() == start ? quietSeconds + 1 : 0
        }
        let before = cpuTicks()
        sleep(10)
        let idle = (cpuTicks() - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / 10 * 100
        return [
            "watcher memory: peak RSS \(status("VmHWM")), now \(status("VmRSS"))",
            String(format: "watcher idle CPU over 10 s (after %d s for the burst's work to end): %.2f%%", waited, idle),
        ]
    }

    private func capture(_ arguments: [String], stderr: Bool = false) -> String {
        Timing.capture(arguments, stderr: stderr)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
