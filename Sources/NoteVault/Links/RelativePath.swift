/// The one rule for a path seen from a folder: a Markdown link relative to its note, a link a
/// rename rewrites, a photo note's pictures, an exported page's pictures.
///
/// For example, `work/plan.md` seen from `notes/` is `../work/plan.md`, and from `work/` it is
/// `plan.md`.
package enum RelativePath {
    /// The path of `target` seen from `folder`, both `/`-separated from one root (vault-relative
    /// paths, or two absolute ones); `folder` with or without a trailing `/`, empty for the root.
    /// It climbs with `..` out of each folder `target` is not in, then goes down the rest of
    /// `target` (whose own name is never taken for a folder in common). Nothing is encoded.
    package static func of(_ target: String, from folder: String) -> String {
        let from = folder.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(String.init)).joined(separator: "/")
    }
}
