import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Two enote binaries on the same vault, side by side: every measurement runs for both in one
/// run, interleaved (the order flips every round), so that a busy moment of the machine hits
/// both. Reports the median wall time and the median CPU time (user + system, from `wait4`),
/// which other processes on the machine disturb less than the wall time.
///
/// Binaries of the same `IndexSchema.version` can share the vault's `.enote/index.sqlite`; when
/// the versions differ, each would move the other's index aside and rebuild it on every run, so
/// the old binary gets a copy of the vault of its own (`baselineVault`). Two copies of the same
/// notes need not cost the same to walk (a folder that once held more entries keeps its larger
/// directory blocks), and every command without a watcher walks first; so the table starts with
/// a reference, `find` reading every note's size and time in each copy, interleaved the same way.
struct BaselineComparison {
    var vault: String
    /// The old binary's copy of `vault` (the same notes, its own index); `nil` to share `vault`.
    var baselineVault: String? = nil
    var enote: String
    var baseline: String
    var runs: Int
    var skipFullIndex = false
    /// How many times each binary rebuilds the whole index.
    var fullIndexRuns = 3

    /// One measurement: a label, and what to run after `prepare` (enote's arguments, the binary and
    /// `--vault` put first; or `find`'s, after the vault, for the reference line).
    struct Measure {
        var label: String
        var arguments: [String]
        /// Given the vault the next run works in.
        var prepare: ((String) -> Void)? = nil
        /// Whether `arguments` run `find` in the vault instead of enote: the reference line.
        var reference = false

        /// The whole command line for one binary on one vault.
        func command(binary: String, vault: String) -> [String] {
            reference ? ["find", vault] + arguments : [binary, "--vault", vault] + arguments
        }
    }

    /// Medians of one binary's samples.
    struct Figures {
        var wall: Double
        var cpu: Double
    }

    /// One line of the table.
    struct Line {
        var label: String
        var baseline: Figures
        var new: Figures
    }

    func run() throws -> [Line] {
        var lines: [Line] = []
        lines.append(compare(Measure(label: "reference: find stats every note of the copy", arguments: ["-name", "*.md", "-printf", "%s %T@\\n"], reference: true), runs: runs))
        if !skipFullIndex {
            lines.append(compare(Measure(label: "full index build (index --rebuild)", arguments: ["index", "--rebuild"]), runs: fullIndexRuns, warmUp: false))
        } else {
            for slot in 0..<2 { Timing.run([binaries[slot], "--vault", vaults[slot], "index"]) }
        }
        lines.append(compare(Measure(label: "command, nothing changed (list --limit 1)", arguments: ["list", "--limit", "1"]), runs: runs))
        let changing = relative(try BenchmarkRunner(vault: vault, enote: enote, runs: runs).firstNote())
        var edits = 0
        lines.append(
            compare(
                Measure(label: "command, one note changed (list --limit 1)", arguments: ["list", "--limit", "1"]) { vault in
                    edits += 1
                    Self.append("\nedit \(edits)\n", to: vault + "/" + changing)
                }, runs: runs, warmUp: false))
        for query in BenchmarkRunner.queries {
            lines.append(
                compare(
                    Measure(label: "search \(query.label): \(query.enote.joined(separator: " "))", arguments: ["search"] + query.enote + ["--limit", "20"]),
                    runs: runs))
        }
        lines.append(compare(Measure(label: "list, first page (20)", arguments: ["list", "--limit", "20"]), runs: runs))
        lines.append(compare(Measure(label: "list --json, every note", arguments: ["list", "--json"]), runs: runs))
        lines.append(compare(Measure(label: "search --json common, 500 hits", arguments: ["search", "harbour", "--json", "--limit", "500"]), runs: runs))
        lines.append(compare(Measure(label: "show --json, one note", arguments: ["show", "--json", changing]), runs: runs))
        return lines
    }

    /// Runs `measure` `runs` times for each binary, alternating which goes first.
    private func compare(_ measure: Measure, runs: Int, warmUp: Bool = true) -> Line {
        var samples: [[(wall: Double, cpu: Double)]] = [[], []]
        if warmUp {
            for slot in 0..<2 { Timing.runMeasured(measure.command(binary: binaries[slot], vault: vaults[slot])) }
        }
        for round in 0..<runs {
            for slot in round % 2 == 0 ? [0, 1] : [1, 0] {
                measure.prepare?(vaults[slot])
                samples[slot].append(Timing.runMeasured(measure.command(binary: binaries[slot], vault: vaults[slot])))
            }
        }
        func figures(_ values: [(wall: Double, cpu: Double)]) -> Figures {
            Figures(wall: Timing.median(values.map(\.wall)), cpu: Timing.median(values.map(\.cpu)))
        }
        return Line(label: measure.label, baseline: figures(samples[0]), new: figures(samples[1]))
    }

    /// The old binary first, then the new one; each with its vault.
    private var binaries: [String] { [baseline, enote] }
    private var vaults: [String] { [baselineVault ?? vault, vault] }

    private func relative(_ path: String) -> String {
        String(path.dropFirst(vault.count + 1))
    }

    private static func append(_ text: String, to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    /// A Markdown table: both binaries' medians and the change, wall time and CPU time.
    static func table(_ lines: [Line]) -> String {
        func change(_ old: Double, _ new: Double) -> String {
            String(format: "%+.1f%%", (new / max(old, 1e-9) - 1) * 100)
        }
        var text = "| Measure | old wall | new wall | change | old CPU | new CPU | change |\n|---|---:|---:|---:|---:|---:|---:|\n"
        for line in lines {
            let (old, new) = (line.baseline, line.new)
            text += "| \(line.label) | \(BenchmarkRunner.format(old.wall)) | \(BenchmarkRunner.format(new.wall)) | \(change(old.wall, new.wall)) "
            text += "| \(BenchmarkRunner.format(old.cpu)) | \(BenchmarkRunner.format(new.cpu)) | \(change(old.cpu, new.cpu)) |\n"
        }
        return text
    }
}

extension Timing {
    /// Runs `arguments` like ``run(_:environment:)``; returns the wall time and the CPU time
    /// (user + system) of the process and its children, in seconds.
    @discardableResult
    static func runMeasured(_ arguments: [String]) -> (wall: Double, cpu: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid = pid_t()
        let start = now()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, env) == 0 else { return (0, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let wall = now() - start
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
