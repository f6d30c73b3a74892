extension Vault {
    /// The text of the line each link is written on, read from the linking notes as they are
    /// now (each file once), without its line ending; `nil` when a note cannot be read.
    public func lines(of links: [IndexedLink]) -> [String?] {
        var files: [NotePath: [UInt8]?] = [:]
        return links.map { link in
            if files[link.source] == nil {
                files[link.source] = try? fileSystem.readFile(link.source.bytes, beneath: rootDescriptor, limit: NoteContent.maximumSize).bytes
            }
            guard let bytes = files[link.source] ?? nil else { return nil }
            return Self.line(in: bytes, at: link.link.place.offset)
        }
    }

    /// The line holding byte `offset` (lines end at `\n`, `\r\n` or `\r`).
    static func line(in bytes: [UInt8], at offset: Int) -> String? {
        guard offset >= 0, offset <= bytes.count else { return nil }
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, offset) }
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
