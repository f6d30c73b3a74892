import Foundation
import Synchronization
import Testing

@testable import NoteVault

/// A count shared with a fuzz test's worker thread.
final class FuzzCounter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Runs property checks on generated inputs for a bounded time, with the suite's seeded
/// `SeededGenerator` (SplitMix64).
///
/// `ENOTE_FUZZ_SECONDS` sets how long each fuzz test runs (default 2), `ENOTE_FUZZ_SEED` the
/// first seed (default: fixed, so a run is reproducible). Each input runs on a worker thread
/// under a watchdog: an input still running after ``perInputLimit`` seconds is reported as a
/// hang, with its bytes, and the test stops waiting for it.
enum Fuzzer {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["ENOTE_FUZZ_SECONDS"].flatMap(Double.init) ?? 2
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["ENOTE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_E707
    }

    /// How long one input may take before it counts as a hang.
    static let perInputLimit = 20.0

    /// What one input found wrong; `nil` when every property held.
    typealias Check = @Sendable (inout SeededGenerator) -> (input: String, failure: String?)

    private struct Progress {
        var current = ""
        var started: Double
        var inputs = 0
        var failures: [String] = []
        var done = false
    }

    /// Calls `check` with fresh inputs until the time is up; records every failure (at most a
    /// few, with the seed) and returns how many inputs ran.
    @discardableResult
    static func run(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ check: @escaping Check) -> Int {
        // The clock starts now: a worker thread the scheduler starts late is not a hang.
        let progress = Mutex(Progress(started: monotonic()))
        let seconds = self.seconds
        let seed = self.seed
        let deadline = monotonic() + seconds
        let worker = Thread {
            var generator = SeededGenerator(seed: seed)
            while monotonic() < deadline {
                progress.withLock {
                    $0.started = monotonic(); $0.current = "(generating)"
                }
                let result = check(&generator)
                progress.withLock { state in
                    state.inputs += 1
                    if let failure = result.failure, state.failures.count < 5 {
                        state.failures.append("\(failure)\n  input: \(result.input)")
                    }
                }
            }
            progress.withLock { $0.done = true }
        }
        worker.stackSize = 8 << 20
        worker.start()
        while true {
            usleep(20_000)
            let state = progress.withLock { $0 }
            if state.done { break }
            if monotonic() - state.started > perInputLimit {
                Issue.record("\(name): one input ran for more than \(perInputLimit) s (a hang); seed \(seed)", sourceLocation: sourceLocation)
                return state.inputs
            }
        }
        let state = progress.withLock { $0 }
        for failure in state.failures {
            Issue.record("\(name) (seed \(seed)): \(failure)", sourceLocation: sourceLocation)
        }
        return state.inputs
    }

    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Bytes for a message: text where printable, `\xNN` otherwise.
    static func show(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes.prefix(600) {
            switch byte {
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += String(format: "\\x%02X", byte)
            }
        }
        return text + (bytes.count > 600 ? "…\" (\(bytes.count) bytes)" : "\"")
    }
}

/// Mutations that break front matter in the ways people and tools do.
enum Mutator {
    static let fragments: [[UInt8]] = [
        "---\n", "---\r\n", "---", "\"", "'", ":", ": ", "\t", "\r\n", "\r", "\n", " ", "  ", "#", " # c", "[", "]", "{", "}",
        "- ", "&a ", "*a", "!tag ", "|", ">", "? ", "%", "@", "`", ",", "\\", "title: x\n", "color: red\n", "colour: blue\n",
        "destroy: 2020-01-01\n", "color:\n  - red\n", "tags: [a, b]\n", "title: \"unterminated\n", "updated: \n", "...\n",
        "é", "東京", "\u{1B}[2J", "\u{200B}", "\u{FEFF}",
    ].map { Array($0.utf8) }
    static let strange: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]

    /// One to four mutations of `bytes`.
    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            let lineStart = bytes[..<position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            switch Int.random(in: 0..<11, using: &generator) {
            case 0 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &generator)
            case 1:
                bytes.insert(contentsOf: fragments.randomElement(using: &generator)!, at: position)
            case 2:
                bytes.insert(contentsOf: fragments.randomElement(using: &generator)!, at: lineStart)
            case 3:
                bytes.insert(contentsOf: strange.randomElement(using: &generator)!, at: position)
            case 4:
                bytes = crlf(bytes)
            case 5:
                bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
            case 6 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...20, using: &generator))
                bytes.removeSubrange(min(position, end)..<end)
            case 7:
                let lineEnd = bytes[position...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[lineStart..<lineEnd]), at: lineStart)
            case 8:
                bytes = Array(bytes.prefix(position))
            case 9:
                bytes.insert(UInt8(ascii: "\t"), at: lineStart)
            default:
                bytes.insert(contentsOf: Array("---\n".utf8), at: 0)
            }
        }
        return bytes
    }

    /// LF line endings turned into CRLF.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 20)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n"), index == 0 || bytes[index - 1] != UInt8(ascii: "\r") { out.append(UInt8(ascii: "\r")) }
            out.append(byte)
        }
        return out
    }
}
