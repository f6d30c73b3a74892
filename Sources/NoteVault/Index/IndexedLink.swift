/// A link read from the index, resolved against the notes indexed now.
public struct IndexedLink: Sendable, Hashable {
    /// The note that writes the link.
    public var source: NotePath
    /// The link: kind, destination as written, parsed target, place and destination bytes.
    public var link: NoteLink
    /// Where it leads today.
    public var resolution: LinkResolution

    /// Whether it leads nowhere (a URL or an ambiguous name is not dead).
    public var isDead: Bool { resolution == .dead }

    public init(source: NotePath, link: NoteLink, resolution: LinkResolution) {
        self.source = source
        self.link = link
        self.resolution = resolution
    }
}

/// A tag and how many notes have it.
public struct TagCount: Sendable, Hashable {
    /// The tag normalised (NFC, lowercased), as filters compare it.
    public var tag: String
    /// The tag as most of its notes write it.
    public var name: String
    /// How many notes have it.
    public var count: Int

    public init(tag: String, name: String, count: Int) {
        self.tag = tag
        self.name = name
        self.count = count
    }
}
