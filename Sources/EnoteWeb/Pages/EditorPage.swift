import Foundation
import NoteVault

/// The editor, as the original app's: Cancel and Done at the top, the title, the text (which
/// grows with its content), and the palette squares with a check mark on the current colour.
/// Done saves, Cancel discards; a new note needs a title and content. The form carries the
/// revision it started from, so a save never overwrites a note that changed on disk.
package struct EditorPage {
    /// What the form holds.
    package struct Fields: Sendable {
        package var title = ""
        package var body = ""
        /// The colour's text (`red`, `#aabbcc`, `hsb(…)`), empty for none.
        package var color = ""
        /// The colour as the library read ``color`` (`nil` when empty or unreadable, which
        /// ``problem`` then says).
        package var parsedColor: NoteColor?
        /// Whether the destroy-date switch is on, and the date as a `datetime-local` value.
        package var destroyOn = false
        package var destroy = ""
        /// The destroy date the switch and picker ask for (`nil` when off).
        package var destroyDate: Date?
        /// Why the submitted fields cannot be saved (a colour the library cannot read, a date out
        /// of range).
        package var problem: LocalizedMessage?
        package init() {}
    }

    let frame: PageFrame
    /// The note being edited; `nil` for a new note.
    let path: NotePath?
    let revision: String
    let fields: Fields
    /// The title shown when the editor opened (a changed title is written to the front matter).
    let originalTitle: String
    /// A refusal to show above the form (a new note without a title, a stale save).
    let problem: LocalizedMessage?
    /// When a save was refused because the note changed on disk: the note as it is now and
    /// where the typed text was kept.
    let conflict: (current: Note, copy: NotePath?)?

    package init(
        frame: PageFrame, path: NotePath?, revision: String, fields: Fields, originalTitle: String, problem: LocalizedMessage? = nil,
        conflict: (current: Note, copy: NotePath?)? = nil
    ) {
        self.frame = frame
        self.path = path
        self.revision = revision
        self.fields = fields
        self.originalTitle = originalTitle
        self.problem = problem
        self.conflict = conflict
    }

    /// The fields of an existing note.
    package static func fields(of note: Note, timeZone: TimeZone) -> Fields {
        var fields = Fields()
        fields.title = note.content.metadata.title ?? note.title
        fields.body = note.content.bodyText
        fields.color = note.content.metadata.hasColor ? note.content.metadata.color.description : ""
        if let date = note.content.metadata.destroy.validDate, let instant = try? date.exactInstant(in: timeZone) {
            fields.destroyOn = true
            fields.destroy = Self.localInput(instant, timeZone: timeZone)
        }
        return fields
    }

    package func render() -> HTML {
        let action = path.map { NoteURL.edit($0) } ?? "/new"
        let cancel = path.map { NoteURL.show($0) } ?? "/"
        let heading = frame.text(path == nil ? "New note" : "Edit note")
        let problemLine: HTML =
            conflict != nil ? .empty : problem.map { "<p class=\"error\" id=\"editor-problem\" role=\"alert\">\(frame.text($0))</p>" } ?? .empty
        let content: HTML = """
            \(conflictBox)
            <form class="editor" id="editor" action="\(action)" method="post"\(path == nil ? HTML(trusted: " enctype=\"multipart/form-data\"") : HTML.empty) data-path="\(path?.description ?? "")" data-revision="\(revision)" data-max-bytes="\(NoteContent.maximumSize)" data-too-large="\(frame.text(Self.tooLarge))">
            \(frame.csrfField)
            <input type="hidden" name="revision" value="\(revision)">
            <input type="hidden" name="original_title" value="\(originalTitle)">
            <div class="buttons">
            <a class="button secondary" id="cancel" href="\(cancel)">\(frame.text("Cancel"))</a>
            <h1>\(heading)</h1>
            <button type="submit" id="done">\(frame.text("Done"))</button>
            </div>
            <p class="banner" id="changed-on-disk" role="alert" hidden>\(frame.text("This note changed on disk while you were editing it. Done will not overwrite it: your text will be kept as a copy beside it."))</p>
            \(problemLine)
            <input type="text" name="title" id="title" value="\(fields.title)" placeholder="\(frame.text("Title"))" aria-label="\(frame.text("Title"))" autocomplete="off">
            <textarea name="body" id="body" rows="8" placeholder="\(frame.text("Note"))" aria-label="\(frame.text("Note"))">\(fields.body)</textarea>
            \(newNotePicture)
            \(palette)
            \(destroySwitch)
            \(deleteButton)
            </form>
            \(pictureForm)
            """
        return frame.page(title: heading, kind: "edit", scripts: ["editor.js", "hsb-picker.js"], content)
    }

    /// The palette: one radio button per colour, drawn as a square with a check mark when chosen
    /// (works without JavaScript). A colour that is not in the palette gets its own square.
    var palette: HTML {
        let current = fields.color.isEmpty ? nil : try? NoteColor(parsing: fields.color)
        var squares: [HTML] = []
        var matched = current == nil
        for palette in NoteColor.Palette.allCases {
            let color = NoteColor.palette(palette)
            let checked = current == color || (current == nil && palette == .white)
            if current == color { matched = true }
            let name = frame.text(ListPage.colorNames[palette] ?? "white")
            squares.append(square(id: "color-\(palette.rawValue)", value: palette.rawValue, color: color, name: name, checked: checked))
        }
        squares.append(customSquare(current: current, chosen: !matched))
        return """
            <fieldset class="palette" id="palette"><legend>\(frame.text("Colour"))</legend>
            \(HTML.join(squares, separator: "\n"))
            </fieldset>
            """
    }

    func square(id: String, value: String, color: NoteColor, name: String, checked: Bool) -> HTML {
        let rgb = color.rgb
        let fill = String(format: "#%02x%02x%02x", rgb.red, rgb.green, rgb.blue)
        // The check mark is drawn dark on light colours and white on dark ones.
        let light = (0.299 * Double(rgb.red) + 0.587 * Double(rgb.green) + 0.114 * Double(rgb.blue)) > 160
        let stroke = light ? "#000000" : "#ffffff"
        let checkedAttribute: HTML = checked ? " checked" : ""
        return """
            <input type="radio" name="color" id="\(id)" value="\(value)"\(checkedAttribute)>\
            <label for="\(id)" title="\(name)"><svg class="square" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" fill="\(fill)"/></svg>\
            <svg class="check" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="\(stroke)" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>\
            <span class="visually-hidden">\(name)</span></label>
            """
    }

    /// Add a picture: a form of its own (a file cannot ride in the text form), posted as
    /// `multipart/form-data` with the CSRF token; works without JavaScript.
    var pictureForm: HTML {
        guard let path else { return .empty }
        return """
            <form class="picture-form" id="picture-form" action="/picture/\(NoteURL.encode(path))" method="post" enctype="multipart/form-data">
            \(frame.csrfField)
            <label for="picture">\(frame.text("Add a picture (PNG, JPEG, GIF, WebP or HEIC)"))</label>
            <input type="file" name="picture" id="picture" accept="image/png,image/jpeg,image/gif,image/webp,image/heic" required>
            <button type="submit" class="secondary" id="add-picture">\(frame.text("Add picture"))</button>
            </form>
            """
    }

    /// A new note's picture: a file input in the editor's own form (sent as multipart), optional.
    var newNotePicture: HTML {
        guard path == nil else { return .empty }
        return """
            <p class="picture-field"><label for="picture">\(frame.text("Add a picture (PNG, JPEG, GIF, WebP or HEIC)"))</label>
            <input type="file" name="picture" id="picture" accept="image/png,image/jpeg,image/gif,image/webp,image/heic"></p>
            """
    }

    var deleteButton: HTML {
        guard let path else { return .empty }
        return """
            <p class="delete-row"><button type="submit" class="danger" formaction="/delete/\(NoteURL.encode(path))" formnovalidate id="delete">\(frame.text("Delete"))</button></p>
            """
    }

    /// What the editor's script says when the text is larger than a note may be (it then keeps
    /// the page and sends nothing).
    static let tooLarge: LocalizedMessage =
        "This text is larger than \(NoteContent.maximumSize / 1_048_576) MiB, the most a note may hold, so it was not sent; nothing was saved, and your text is still here"

    /// The refused save: the note as it is on disk now, and the typed text (kept beside it
    /// when a copy was made: only then does the page say both versions are kept).
    var conflictBox: HTML {
        guard let conflict else { return .empty }
        let copy: HTML =
            conflict.copy.map {
                """
                <p>\(frame.text("Both versions are kept.")) \(frame.text("Your text was kept as \($0.description)."))</p>\
                <p><a href="\(NoteURL.show($0))">\(frame.text("Open your version"))</a></p>
                """
            } ?? "<p>\(frame.text("Your text is below; nothing was saved."))</p>"
        return """
            <section class="conflict" id="conflict" role="alert">
            <h2>\(frame.text("The note changed on disk"))</h2>
            <p>\(frame.text("Someone changed this note while you were editing it, so your save did not overwrite it."))</p>
            \(copy)
            <div class="versions">
            <div><h3>\(frame.text("On disk now"))</h3><pre id="disk-version">\(conflict.current.content.bodyText)</pre></div>
            <div><h3>\(frame.text("Your version"))</h3><pre id="your-version">\(fields.body)</pre></div>
            </div>
            </section>
            """
    }
}
