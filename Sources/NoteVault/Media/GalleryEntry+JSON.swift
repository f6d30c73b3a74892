extension GalleryEntry: Encodable {
    /// The stable JSON form (`enote gallery --json`): `path` and `title` of the note, and
    /// `images`, each with `source` (as written), `path` (in the vault, or `null`), `exists`,
    /// `format` (`png`, `jpeg`, `gif`, `webp`, `heic` or `null`), `width` and `height` (pixels,
    /// or `null` when the header does not say).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(note.description, forKey: "path")
        try json.encode(title, forKey: "title")
        try json.encode(images, forKey: "images")
    }
}

extension GalleryImage: Encodable {
    /// `source`, `path`, `exists`, `format`, `width` and `height`.
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(reference.source, forKey: "source")
        try json.encode(reference.path?.description, forKey: "path")
        try json.encode(exists, forKey: "exists")
        try json.encode(info?.format.rawValue, forKey: "format")
        try json.encode(info?.width, forKey: "width")
        try json.encode(info?.height, forKey: "height")
    }
}
