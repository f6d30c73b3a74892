/// A unified diff of two texts, in `git diff`'s format, for `--dry-run`.
///
/// A rename only replaces bytes inside lines, so the texts it compares have the same lines
/// except the changed ones; lines are matched one to one when the counts agree, and the whole
/// text is one hunk otherwise.
enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3

    static func diff(old: [UInt8], new: [UInt8], oldPath: String, newPath: String) -> String {
        var output = "diff --git a/\(oldPath) b/\(newPath)\n"
        if oldPath != newPath { output += "rename from \(oldPath)\nrename to \(newPath)\n" }
        guard old != new else { return output }
        output += "--- a/\(oldPath)\n+++ b/\(newPath)\n"
        let before = lines(old)
        let after = lines(new)
        guard before.count == after.count else {
            output += "@@ -1,\(before.count) +1,\(after.count) @@\n"
            output += before.map { "-" + $0 }.joined() + after.map { "+" + $0 }.joined()
            return output
        }
        let changed = before.indices.filter { before[$0] != after[$0] }
        var index = 0
        while index < changed.count {
            // One hunk: changes whose contexts touch.
            var last = index
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context { last += 1 }
            let start = max(changed[index] - context, 0)
            let end = min(changed[last] + context, before.count - 1)
            output += "@@ -\(start + 1),\(end - start + 1) +\(start + 1),\(end - start + 1) @@\n"
            for line in start...end {
                if before[line] == after[line] {
                    output += " " + before[line]
                } else {
                    output += "-" + before[line] + "+" + after[line]
                }
            }
            index = last + 1
        }
        return output
    }

    /// The lines of a text, each with its line ending (the last gets one, with git's marker, when
    /// it has none).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            result.append(String(decoding: bytes[start...index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count {
            result.append(String(decoding: bytes[start...], as: UTF8.self) + "\n\\ No newline at end of file\n")
        }
        return result
    }
}
