/// One link of a note: what kind it is, what it points at, and exactly where it is written, so
/// that the index can store it and a rename can rewrite its destination and nothing else.
///
/// Several reference links (`[a][plan]`, `[plan]`) share the destination bytes of their
/// definition (`[plan]: plan.md`), which is itself listed as a `.definition`: a rewrite must
/// replace each distinct ``destinationRange`` once.
public struct NoteLink: Sendable, Hashable {
    /// How the link is written.
    public enum Kind: String, Sendable, CaseIterable {
        /// `[text](destination)`.
        case inline
        /// `[text][label]`, `[label][]` or `[label]`, pointing through a definition.
        case reference
        /// `[label]: destination`, the definition reference links use.
        case definition
        /// `<https://example.com>` or `<me@example.com>`.
        case autolink
        /// `![alt](destination)` or `![alt][label]`.
        case image
        /// `[[target]]`, `[[target#heading|alias]]`.
        case wikilink
        /// `![[target]]`.
        case embed
    }

    /// How the link is written.
    public var kind: Kind
    /// The destination exactly as written in the file: the bytes of ``destinationRange``
    /// (angle brackets included, `path#heading|alias` for a wikilink). Empty when the
    /// destination's bytes could not be located.
    public var destination: String
    /// What the destination points at, decoded.
    public var target: LinkTarget
    /// Where the link is written (its `[`, `![`, `<` or `[[`), in the file.
    public var place: TextPlace
    /// The bytes of the destination in the file; replacing exactly these bytes retargets the
    /// link. `nil` only when libcmark's positions could not be matched to the bytes.
    public var destinationRange: Range<Int>?
    /// The reference label (`plan` in `[a][plan]` and `[plan]: plan.md`), as written.
    public var label: String?

    /// Whether the link points outside the vault (a URL with a scheme).
    public var isExternal: Bool { target.isExternal }

    /// Whether the link is written to lead to a note: not a URL or an autolink, not a picture
    /// (`![alt](…)`), and its path names a `.md` file or has no file extension (`[[plan]]`,
    /// `[p](work/plan.md)`, `[[v 1.2 draft]]`); `[[report.pdf]]` and `[x](photo.png)` name other
    /// files. Where a dead link's note would be made asks this; whether a link is dead does not
    /// (``LinkResolver/resolve(_:from:filesUnder:)``).
    public var isWrittenForNote: Bool {
        guard !isExternal, kind != .autolink, kind != .image, !target.path.isEmpty else { return false }
        let name = target.path.split(separator: "/").last.map(String.init) ?? target.path
        guard !NotePath.isMarkdownName(name), let dot = name.lastIndex(of: ".") else { return true }
        // An extension is short and has no space (`v 1.2 draft` has none).
        let suffix = name[name.index(after: dot)...]
        return suffix.contains(" ") || suffix.count > 5
    }

    /// Whether a Markdown destination is written in angle brackets (`<My Note.md>`).
    public var isAngleBracketed: Bool { destination.hasPrefix("<") && destination.hasSuffix(">") && kind != .wikilink && kind != .embed }

    /// Whether the link is a `[[wikilink]]` or an `![[embed]]`.
    public var isWikilink: Bool { kind == .wikilink || kind == .embed }

    public init(kind: Kind, destination: String, target: LinkTarget, place: TextPlace, destinationRange: Range<Int>?, label: String? = nil) {
        self.kind = kind
        self.destination = destination
        self.target = target
        self.place = place
        self.destinationRange = destinationRange
        self.label = label
    }
}
