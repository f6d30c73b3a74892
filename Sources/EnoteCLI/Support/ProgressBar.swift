import Foundation

/// A one-line progress bar on stderr (count, rate, ETA), drawn only when stderr is a terminal
/// and the work takes long enough to be worth showing.
final class ProgressBar {
    private let enabled: Bool
    private let label: String
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(label: String, terminal: Terminal) {
        self.label = label
        self.enabled = terminal.isErrorInteractive
    }

    /// Shows `done` of `total` (and `detail` after them: the file being read), at most ten
    /// times a second, starting after half a second.
    func update(done: Int, total: Int, detail: String = "") {
        guard enabled, total > 0 else { return }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed > 0.5, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        let rate = Double(done) / max(elapsed, 0.001)
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let fraction = Double(done) / Double(total)
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) \(bar) \(done)/\(total)  \(Int(rate))/s  ETA \(Self.duration(remaining))\(detail.isEmpty ? "" : "  " + detail)\u{1B}[K"
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    /// Clears the bar.
    func finish() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }

    private static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 60 ? "\(total / 60)m\(String(format: "%02d", total % 60))s" : "\(total)s"
    }
}
