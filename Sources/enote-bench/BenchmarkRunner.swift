import Foundation

/// Measures enote on a vault against the tools a user would otherwise use, in one run, and
/// prints each figure with its reference, the ratio and whether the target is met.
struct BenchmarkRunner {
    var vault: String
    var enote: String
    var runs: Int
    var skipFullIndex = false
    var skipWatcher = false
    /// How many times the full build and its baseline run (alternately); the median counts.
    var fullIndexRuns = 3

    /// The search mix: what a user searches, and the ripgrep command that answers the same.
    static let queries: [(label: String, enote: [String], rg: [String])] = [
        ("very common (85%)", ["sandwich"], ["-l", "-i", "-F", "sandwich"]),
        ("common (20%)", ["harbour"], ["-l", "-i", "-F", "harbour"]),
        ("rare (0.1%)", ["zephyrine"], ["-l", "-i", "-F", "zephyrine"]),
        ("absent", ["quokkaberry"], ["-l", "-i", "-F", "quokkaberry"]),
        ("phrase", ["\"morning coffee\""], ["-l", "-i", "-F", "morning coffee"]),
        ("prefix", ["marmal*"], ["-l", "-i", "\\bmarmal"]),
        ("Russian", ["молоко"], ["-l", "-i", "-F", "молоко"]),
        ("Japanese", ["京都"], ["-l", "-F", "京都"]),
    ]

    /// One measured figure.
    struct Line {
        var label: String
        var seconds: Double
        var reference: String
        var referenceSeconds: Double
        var target: String
        /// Whether the target is met; `nil` when there is none.
        var met: Bool?
    }

    var base: [String] { [enote, "--vault", vault] }

    /// The figures without a watcher: indexing, freshness checks, search and list.
    func runWithoutWatcher() throws -> [Line] {
        var lines: [Line] = []
        if !skipFullIndex {
            // Alternate the two, so a slow moment of the machine hits both.
            var full: [Double] = []
            var bare: [Double] = []
            for _ in 0..<fullIndexRuns {
                full.append(Timing.run(base + ["index", "--rebuild"]).seconds)
                bare.append(try BareFTSBaseline.seconds(vault: vault))
            }
            let (enoteTime, bareTime) = (median(full), median(bare))
            lines.append(
                Line(
                    label: "full index build", seconds: enoteTime, reference: "bare FTS5 insert", referenceSeconds: bareTime,
                    target: "≤ 1.5× reference", met: enoteTime <= 1.5 * bareTime))
        } else {
            Timing.run(base + ["index"])
        }
        let find = Timing.median(runs: runs) { Timing.run(["find", vault, "-printf", "%s %T@ %i\n"]).seconds }
        let noChange = Timing.median(runs: runs) { Timing.run(base + ["list", "--limit", "1"]).seconds }
        lines.append(
            Line(
                label: "command, nothing changed", seconds: noChange, reference: "find -printf (stat walk)", referenceSeconds: find,
                target: "≤ 1.5× reference", met: noChange <= 1.5 * find))

        let changing = try firstNote()
        var counter = 0
        let oneChanged = Timing.median(runs: runs, warmUp: false) {
            counter += 1
            append("\nedit \(counter)\n", to: changing)
            return Timing.run(base + ["list", "--limit", "1"]).seconds
        }
        lines.append(Line(label: "command, one note changed", seconds: oneChanged, reference: "find -printf (stat walk)", referenceSeconds: find, target: "—"))
        lines += searchMix(target: "faster than rg") { enote, rg in enote < rg }
        return lines
    }

    /// Each query of the mix against rg, and the first page of `list`.
    func searchMix(target: String, check: (Double, Double) -> Bool) -> [Line] {
        var lines: [Line] = []
        var rgTimes: [Double] = []
        for query in Self.queries {
            let rg = Timing.median(runs: runs) { Timing.run(["rg"] + query.rg + [vault]).seconds }
            let search = Timing.median(runs: runs) { Timing.run(base + ["search"] + query.enote + ["--limit", "20"]).seconds }
            rgTimes.append(rg)
            lines.append(
                Line(
                    label: "search \(query.label): \(query.enote.joined(separator: " "))", seconds: search,
                    reference: "rg \(query.rg.joined(separator: " "))", referenceSeconds: rg, target: target, met: check(search, rg)))
        }
        let list = Timing.median(runs: runs) { Timing.run(base + ["list", "--limit", "20"]).seconds }
        lines.append(Line(label: "list, first page (20)", seconds: list, reference: "rg, median of the mix", referenceSeconds: median(rgTimes), target: "—"))
        return lines
    }

    func firstNote() throws -> String {
        let folder = try FileManager.default.contentsOfDirectory(atPath: vault).filter { !$0.hasPrefix(".") }.sorted().first!
        let path = vault + "/" + folder
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else { return path }
        let note = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".md") }.sorted().first!
        return path + "/" + note
    }

    func append(_ text: String, to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    func median(_ values: [Double]) -> Double {
        Timing.median(values)
    }

    /// A Markdown table of the results.
    static func table(_ lines: [Line]) -> String {
        var text = "| Measure | enote | Reference | Reference time | Ratio | Target | Met |\n|---|---:|---|---:|---:|---|---|\n"
        for line in lines {
            let ratio = line.seconds / max(line.referenceSeconds, 1e-9)
            let ratioText = ratio >= 1 ? String(format: "%.2f×", ratio) : String(format: "1/%.1f", 1 / ratio)
            let met = line.met.map { $0 ? "yes" : "**no**" } ?? ""
            text +=
                "| \(line.label) | \(format(line.seconds)) | `\(line.reference)` | \(format(line.referenceSeconds)) | \(ratioText) | \(line.target) | \(met) |\n"
        }
        return text
    }

    static func format(_ seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1000)
    }
}
