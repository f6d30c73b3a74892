import Foundation
import NoteVault

/// The gallery, as the original app's photo-note tab: every picture of the photo notes in a grid
/// that fits the width, and a full-screen viewer (`?view=N`) holding only the picture and its two
/// neighbours. Without JavaScript the viewer is a page with previous and next links;
/// `gallery.js` opens it in place and adds swipe (pointer events) and the arrow keys.
package struct GalleryPage {
    /// One picture as the grid shows it.
    package struct Picture: Sendable {
        package var note: NotePath
        package var noteTitle: String
        package var file: NotePath
        package var alternative: String
    }

    let frame: PageFrame
    let pictures: [Picture]
    /// The picture the viewer shows, when it is open.
    let viewing: Int?

    package init(frame: PageFrame, pictures: [Picture], viewing: Int?) {
        self.frame = frame
        self.pictures = pictures
        self.viewing = viewing.flatMap { pictures.indices.contains($0) ? $0 : nil }
    }

    /// The pictures of `entries` that exist, in the gallery's order (newest notes first).
    package static func pictures(of entries: [GalleryEntry]) -> [Picture] {
        entries.flatMap { entry in
            entry.images.compactMap { image -> Picture? in
                guard image.exists, let file = image.reference.path else { return nil }
                return Picture(note: entry.note, noteTitle: entry.title, file: file, alternative: entry.title)
            }
        }
    }

    package func render() -> HTML {
        let items = pictures.enumerated().map { index, picture -> HTML in
            """
            <li><a class="thumb" href="/gallery?view=\(index)" data-index="\(index)" data-src="\(NoteURL.show(picture.file))" \
            data-title="\(picture.noteTitle)" data-note="\(NoteURL.show(picture.note))">\
            <img src="\(NoteURL.show(picture.file))" alt="\(picture.alternative)" loading="lazy" decoding="async"></a>\
            <a class="caption" href="\(NoteURL.show(picture.note))">\(picture.noteTitle)</a></li>
            """
        }
        let grid: HTML =
            pictures.isEmpty
            ? "<p class=\"empty\" id=\"gallery-empty\">\(frame.text("No photo notes yet: a note with a picture from the vault shows here."))</p>"
            : "<ul class=\"gallery\" id=\"gallery\">\(items)</ul>"
        let content: HTML = """
            <h1>\(frame.text("Gallery"))<span class="count">\(frame.text("\(pictures.count) pictures"))</span></h1>
            \(grid)
            \(viewer)
            """
        return frame.page(title: frame.text("Gallery"), kind: "gallery", scripts: ["gallery.js"], content)
    }

    /// The viewer at ``viewing``: the picture between its neighbours (at most three images).
    var viewer: HTML {
        guard let index = viewing else { return .empty }
        let slots = [index - 1, index, index + 1].map { position -> HTML in
            guard pictures.indices.contains(position) else { return "<div class=\"slot empty\"></div>" }
            let picture = pictures[position]
            let role: HTML = position == index ? "current" : position < index ? "previous" : "next"
            return "<div class=\"slot \(role)\"><img src=\"\(NoteURL.show(picture.file))\" alt=\"\(picture.alternative)\" data-index=\"\(position)\"></div>"
        }
        let picture = pictures[index]
        let previous: HTML =
            index > 0
            ? "<a class=\"nav previous\" id=\"viewer-previous\" href=\"/gallery?view=\(index - 1)\" aria-label=\"\(frame.text("Previous picture"))\">‹</a>"
            : .empty
        let next: HTML =
            index + 1 < pictures.count
            ? "<a class=\"nav next\" id=\"viewer-next\" href=\"/gallery?view=\(index + 1)\" aria-label=\"\(frame.text("Next picture"))\">›</a>" : .empty
        return """
            <div class="viewer" id="viewer" role="dialog" aria-modal="true" aria-label="\(frame.text("Gallery"))" data-index="\(index)" tabindex="-1">
            <div class="track" id="viewer-track">\(slots)</div>
            <a class="close" id="viewer-close" href="/gallery" aria-label="\(frame.text("Close"))">×</a>
            \(previous)\(next)
            <p class="viewer-caption" id="viewer-caption"><a href="\(NoteURL.show(picture.note))">\(picture.noteTitle)</a> \
            <span class="position">\(index + 1) / \(pictures.count)</span></p>
            </div>
            """
    }
}
