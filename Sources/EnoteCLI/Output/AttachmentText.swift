import NoteVault

/// `enote show --attachments --json`: the note's path and its attachments.
struct AttachmentsOfNote: Encodable {
    let path: NotePath
    let attachments: [NoteAttachment]

    private enum Keys: String, CodingKey { case path, attachments }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Keys.self)
        try json.encode(path.description, forKey: .path)
        try json.encode(attachments, forKey: .attachments)
    }
}

/// The human-readable text of a note's attachments for `enote show --attachments`: each file's
/// path and how it was read, then its text, page by page.
struct AttachmentText {
    let attachments: [NoteAttachment]
    let terminal: Terminal

    func render() -> String {
        let bold = terminal.usesColor ? "\u{1B}[1m" : ""
        let reset = terminal.usesColor ? "\u{1B}[0m" : ""
        var text = ""
        for attachment in attachments {
            if !text.isEmpty { text += "\n" }
            text += bold + SafeText.escaped(attachment.path.description) + reset + "  " + SafeText.escaped(Self.state(of: attachment)) + "\n"
            guard let read = attachment.text else { continue }
            for page in read.pages {
                if read.kind == .pdf { text += "\n" + Localization.text("— page \(String(page.number))\(page.ocr ? " (OCR)" : "") —") + "\n" }
                if !page.text.isEmpty { text += SafeText.escaped(page.text, keepingNewlines: true) + "\n" }
            }
        }
        return text
    }

    /// How the file was read, or why not (its failure is the reader's own words, in English).
    private static func state(of attachment: NoteAttachment) -> String {
        guard let read = attachment.text else { return Localization.text("(not read yet: enote index reads it)") }
        if attachment.state == .failed, let failure = read.failure { return Localization.text("(could not be read: \(failure))") }
        let ocr = read.pages.filter(\.ocr).count
        var said = Localization.text(read.kind == .pdf ? "(PDF, \(count: read.pages.count) pages, \(String(ocr)) read by OCR)" : "(picture, read by OCR)")
        if read.pages.allSatisfy({ $0.text.isEmpty }) { said += " " + Localization.text("(no text found)") }
        return read.failure.map { said + "; " + $0 } ?? said
    }
}
