import Foundation

// enote-bench: generates benchmark vaults and times enote against rg and find on them.
//
//   enote-bench generate N DIR     write a deterministic vault of N notes
//   enote-bench run DIR [--enote PATH] [--runs N] [--skip-full-index] [--skip-watcher] [--baseline PATH [--baseline-vault DIR]]
//                                  with --baseline: both binaries side by side, interleaved; the old
//                                  one on its own copy of DIR with --baseline-vault (needed when the
//                                  two index schema versions differ)
//   enote-bench baseline DIR       only the bare FTS5 insert, in seconds
//   enote-bench links DIR ROUNDS | links --size BYTES   link and tag extraction against the index's parse
//
// scripts/bench builds a release binary and runs both for 10k and 100k notes.

let arguments = Array(CommandLine.arguments.dropFirst())

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            ("usage: enote-bench generate N DIR | run DIR [--enote PATH] [--runs N] [--skip-full-index] [--skip-watcher] [--baseline PATH [--baseline-vault DIR]]"
                + " | baseline DIR"
                + " | links DIR ROUNDS | links --size BYTES\n").utf8))
    exit(2)
}

guard let command = arguments.first else { usage() }
switch command {
case "generate":
    guard arguments.count == 3, let count = Int(arguments[1]) else { usage() }
    let start = Timing.now()
    try VaultGenerator(count: count).write(to: URL(fileURLWithPath: arguments[2]))
    print("generated \(count) notes in \(arguments[2]) in \(String(format: "%.1f", Timing.now() - start)) s")
case "run":
    guard arguments.count >= 2 else { usage() }
    var runner = BenchmarkRunner(vault: arguments[1], enote: ".build/release/enote", runs: 5)
    var index = 2
    var baseline: String?
    var baselineVault: String?
    while index < arguments.count {
        switch arguments[index] {
        case "--baseline": index += 1; baseline = arguments[index]
        case "--baseline-vault": index += 1; baselineVault = arguments[index]
        case "--enote": index += 1; runner.enote = arguments[index]
        case "--runs": index += 1; runner.runs = Int(arguments[index]) ?? 5
        case "--skip-full-index": runner.skipFullIndex = true
        case "--skip-watcher": runner.skipWatcher = true
        default: usage()
        }
        index += 1
    }
    let files = try FileManager.default.subpathsOfDirectory(atPath: runner.vault).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
    print("Vault \(runner.vault): \(files.count) notes; \(ProcessInfo.processInfo.activeProcessorCount) cores; \(Date())\n")
    if let baseline {
        let comparison = BaselineComparison(
            vault: runner.vault, baselineVault: baselineVault, enote: runner.enote, baseline: baseline, runs: runner.runs,
            skipFullIndex: runner.skipFullIndex)
        print("Old: \(baseline) on \(baselineVault ?? runner.vault); new: \(runner.enote) on \(runner.vault)")
        print("Medians of \(runner.runs) interleaved runs each (full build: 3)\n")
        print(BaselineComparison.table(try comparison.run()))
        exit(0)
    }
    print("Without a watcher (every command checks the vault itself):\n")
    print(BenchmarkRunner.table(try runner.runWithoutWatcher()))
    if !runner.skipWatcher {
        print("With `enote watch` running:\n")
        let (lines, facts) = try WatcherBenchmark(runner: runner).run()
        print(BenchmarkRunner.table(lines))
        for fact in facts { print("- \(fact)") }
    }
case "baseline":
    guard arguments.count == 2 else { usage() }
    print(try BareFTSBaseline.seconds(vault: arguments[1]))
case "links":
    guard arguments.count == 3 else { usage() }
    if arguments[1] == "--size", let size = Int(arguments[2]) {
        LinkBenchmark.run([LinkBenchmark.syntheticNote(size: size)], label: "one note", rounds: 50)
    } else {
        LinkBenchmark.run(try LinkBenchmark.notes(in: arguments[1]), label: arguments[1], rounds: Int(arguments[2]) ?? 5)
    }
default:
    usage()
}
