import Foundation
import Hummingbird
import NoteVault

extension WebServer {
    /// The submitted editor's fields with the custom colour and the destroy date read through
    /// the library: the picker's three numbers become `hsb(H, S%, B%)` (``NoteColor``), the
    /// date-time picker's local time an instant in the vault's zone (``DateInput``), and any other
    /// colour is read as `enote new --color` reads it. A value the library refuses becomes the
    /// fields' ``EditorPage/Fields/problem``.
    func editorFields(_ form: FormFields) -> EditorPage.Fields {
        var fields = Self.fields(of: form)
        if fields.color == "custom" {
            do {
                fields.parsedColor = try NoteColor(hue: form["hue"] ?? "", saturation: form["saturation"] ?? "", brightness: form["brightness"] ?? "")
                fields.color = fields.parsedColor?.description ?? ""
            } catch {
                fields.color = ""
                fields.problem = error.message
            }
        } else if !fields.color.isEmpty {
            // As `enote new --color` and the list's filter: a colour the library cannot read is
            // refused in its words, never dropped.
            do { fields.parsedColor = try NoteColor(parsing: fields.color) } catch { fields.problem = error.message }
        }
        fields.destroy = form["destroy"] ?? ""
        fields.destroyOn = form["destroy_on"] == "on"
        if fields.destroyOn {
            do {
                fields.destroyDate = try DateInput.parse(fields.destroy.replacingOccurrences(of: "T", with: " "), clock: web.clock)
            } catch {
                fields.problem = error.message
            }
        }
        return fields
    }

    /// The fields of a new editor: the destroy date's picker starts a day from now.
    func newEditorFields() -> EditorPage.Fields {
        var fields = EditorPage.Fields()
        fields.destroy = EditorPage.localInput(web.clock.now().addingTimeInterval(86_400), timeZone: web.clock.timeZone)
        return fields
    }

    /// The fields of an existing note for its editor (a note without a destroy date gets the
    /// picker's starting value a day from now).
    func editorFields(of note: Note) -> EditorPage.Fields {
        var fields = EditorPage.fields(of: note, timeZone: web.clock.timeZone)
        if !fields.destroyOn { fields.destroy = newEditorFields().destroy }
        return fields
    }

    /// How a save changes the `destroy` key: off removes a date that is there, on sets the
    /// chosen instant unless the note already has exactly that one. A value enote cannot read
    /// (or a key written twice) shows as off and is left as written: deleting it would lose what
    /// the user meant to fix. A note that is gone (`nil`) has no date to keep or remove.
    func destroyChange(_ fields: EditorPage.Fields, current: Note?) -> NoteEdit.Change<Date> {
        guard let current else { return fields.destroyDate.map { .set($0) } ?? .keep }
        let existing = current.content.metadata.destroy
        guard let date = fields.destroyDate else {
            if case .date = existing { return .remove }
            return .keep
        }
        if let valid = existing.validDate, let instant = try? valid.exactInstant(in: web.clock.timeZone),
            Int(instant.timeIntervalSince1970 / 60) == Int(date.timeIntervalSince1970 / 60)
        {
            return .keep
        }
        return .set(date)
    }
}
