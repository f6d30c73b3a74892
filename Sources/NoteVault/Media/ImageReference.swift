import Foundation

/// An image a note shows (`![alt](source)`), resolved to a file in the vault when it is local.
package struct ImageReference: Sendable, Equatable {
    /// The destination as written in the note.
    package var source: String
    /// The file it names, relative to the vault root; `nil` for remote or `data:` images and for
    /// paths that would leave the vault.
    package var path: NotePath?
    /// Whether the path would leave the vault (never read).
    package var escapesVault: Bool

    /// Whether the source names a file rather than a URL.
    package var isLocal: Bool { path != nil || escapesVault }

    /// Resolves `source` as written in the note at `note`: relative to the note's folder, or to
    /// the vault root when it starts with `/`; percent-escapes decoded; `?query` and `#fragment`
    /// dropped.
    package init(source: String, in note: NotePath) {
        self.source = source
        self.path = nil
        self.escapesVault = false
        if source.isEmpty || Self.isURL(source) { return }
        var text = source
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        text = text.removingPercentEncoding ?? text
        var components: [Substring] = []
        if !text.hasPrefix("/"), let folder = note.parent?.string {
            components = folder.split(separator: "/")
        }
        for component in text.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if components.isEmpty {
                    escapesVault = true
                    return
                }
                components.removeLast()
            default: components.append(component)
            }
        }
        guard !components.isEmpty else { return }
        path = NotePath(trusted: components.joined(separator: "/"))
    }

    /// Whether `source` is a URL rather than a path: it starts with a scheme (`https:`, `data:`,
    /// `tel:`, `javascript:`, as RFC 3986 spells one: a letter, then letters, digits, `+`, `-`
    /// or `.`, then `:`) or with `//` (a network-path reference to another host).
    static func isURL(_ source: String) -> Bool {
        if source.hasPrefix("//") { return true }
        let scalars = source.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":"), let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scalars[..<colon].allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}

/// A picture of a photo note as the gallery lists it.
package struct GalleryImage: Sendable, Equatable {
    package var reference: ImageReference
    /// Whether the file exists (a regular file, not a link).
    package var exists: Bool
    /// What its header says, when it exists and is a picture enote knows.
    package var info: ImageFormat.Info?
}

/// A note that shows local pictures.
package struct GalleryEntry: Sendable, Equatable {
    package var note: NotePath
    package var title: String
    package var images: [GalleryImage]
}

extension NoteIndex {
    /// Every note that shows local pictures, with each picture's path, pixel size and whether
    /// it exists, newest notes first.
    package func gallery() throws(VaultError) -> [GalleryEntry] {
        var filter = NoteFilter(now: vault.clock.now())
        filter.includePendingExpiry = true
        let notes = try list(filter, sort: NoteSort(key: .updated)).filter { !$0.images.isEmpty }
        return notes.compactMap { note in
            let images = note.images.map { ImageReference(source: $0, in: note.path) }.filter(\.isLocal).map(vault.inspect)
            return images.isEmpty ? nil : GalleryEntry(note: note.path, title: note.title, images: images)
        }
    }
}

extension Vault {
    /// Whether a referenced picture exists and what its header says (reading at most 256 KiB).
    func inspect(_ reference: ImageReference) -> GalleryImage {
        guard let path = reference.path, let status = try? fileStatus(path), status.kind == .regular else {
            return GalleryImage(reference: reference, exists: false, info: nil)
        }
        let info = (try? fileSystem.open(path.bytes, beneath: rootDescriptor, flags: O_RDONLY, mode: 0)).flatMap { descriptor -> ImageFormat.Info? in
            defer { fileSystem.close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 256 * 1024)
            let count = buffer.withUnsafeMutableBytes { raw in
                (try? fileSystem.read(descriptor, into: raw, path: path.description)) ?? 0
            }
            return ImageFormat.inspect(Array(buffer[..<count]))
        }
        return GalleryImage(reference: reference, exists: true, info: info)
    }
}
