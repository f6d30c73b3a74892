import Foundation

/// File names made from titles: lowercase letters and digits of any script joined by `-`, so
/// that `Grocery list` becomes `grocery-list.md` and `Список покупок` becomes
/// `список-покупок.md`.
///
/// Every character outside the allow-list (letters, marks and digits) becomes a separator, so a
/// slug can never contain `/`, `..`, a control character or a name Windows reserves.
///
/// For example:
///
/// ```swift
/// Slug.make(from: "Grocery *list*: week 47")   // "grocery-list-week-47"
/// Slug.make(from: "../../etc/passwd")          // "etc-passwd"
/// Slug.make(from: "CON")                       // "con-note"
/// ```
package enum Slug {
    /// The longest slug in bytes, leaving room for `-99.md` within the 255-byte name limit.
    package static let maximumBytes = 120

    /// The slug for `title`; `note` when nothing usable is left.
    package static func make(from title: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in title.precomposedStringWithCanonicalMapping.lowercased() {
            if character.isLetter || character.isNumber || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                let separator = pendingDash && !slug.isEmpty ? "-" : ""
                pendingDash = false
                let candidate = slug + separator + String(character)
                if candidate.utf8.count > maximumBytes { break }
                slug = candidate
            } else {
                pendingDash = true
            }
        }
        if slug.isEmpty { return "note" }
        if NotePath.windowsReservedNames.contains(slug.uppercased()) { slug += "-note" }
        return slug
    }
}
