/// The `conflicts` front matter entry a merge writes when both sides changed one key to
/// different values: each item is the value that was not kept, as `key: value` (`key:` alone
/// when that side removed the key), so nothing a merge decided is lost from sight.
///
/// For example, after one machine set `color: red` and the other `color: blue`, the merged
/// note keeps the colour of the side edited later and says
///
/// ```
/// conflicts: ["color: blue"]
/// ```
///
/// `enote doctor` reports such notes, and `enote set NOTE --resolve` removes the entry once
/// the user has chosen.
package enum MergeConflicts {
    /// The front matter key.
    package static let key = "conflicts"

    /// The items recorded in a note's front matter, or `[]` when it has none.
    package static func items(in frontMatter: FrontMatter) -> [String] {
        frontMatter.value(for: key)?.strings ?? []
    }

    /// The item that records `value` as the other side's value of `spelling`.
    static func item(key spelling: String, value: FrontMatter.Value?) -> String {
        guard let value else { return "\(spelling):" }
        switch value {
        case .null: return "\(spelling): null"
        case .string(let text): return "\(spelling): \(YAMLWriter.scalar(text))"
        case .list(let items): return "\(spelling): \(YAMLWriter.flowList(items))"
        case .raw(let text): return "\(spelling): \(text)"
        }
    }

    /// The change that removes the entry.
    package static var removal: FrontMatterEditor.Change { .remove(key: key, aliases: []) }
}
