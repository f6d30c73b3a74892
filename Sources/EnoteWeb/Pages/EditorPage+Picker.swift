import Foundation
import NoteVault

extension EditorPage {
    /// The custom square and the HSB picker it opens, as the original app's: a hue–saturation
    /// field and a brightness bar drawn from gradients, a preview, and the three numbers.
    ///
    /// The numbers are the form's fields (`hue`, `saturation`, `brightness`), so the picker
    /// works without JavaScript and its values never pass through RGB: `hsb(288, 0%, 100%)`
    /// comes back as 288, 0 and 100. The panel shows while the custom square is chosen (CSS
    /// `:checked`); `hsb-picker.js` adds the pointer, touch and keyboard handling.
    func customSquare(current: NoteColor?, chosen: Bool) -> HTML {
        let start = current?.components ?? NoteColor.HSB(hue: 0, saturation: 100, brightness: 100)
        let shown = NoteColor.hsb(start)
        let name = frame.text("custom colour")
        let square = self.square(id: "color-custom", value: "custom", color: shown, name: name, checked: chosen)
        let hue = NoteColor.format(start.hue)
        let saturation = NoteColor.format(start.saturation)
        let brightness = NoteColor.format(start.brightness)
        let rgb = shown.rgb
        let fill = String(format: "#%02x%02x%02x", rgb.red, rgb.green, rgb.blue)
        return """
            \(square)
            <div class="hsb-picker" id="hsb-picker">
            <div class="hsb-field" id="hsb-field" tabindex="0" role="slider" aria-label="\(frame.text("Hue and saturation"))" \
            aria-valuemin="0" aria-valuemax="360" aria-valuenow="\(hue)" aria-valuetext="\(hue)°, \(saturation)%">\
            <span class="hsb-thumb" id="hsb-field-thumb"></span></div>
            <div class="hsb-bar" id="hsb-bar" tabindex="0" role="slider" aria-label="\(frame.text("Brightness"))" \
            aria-valuemin="0" aria-valuemax="100" aria-valuenow="\(brightness)"><span class="hsb-thumb" id="hsb-bar-thumb"></span></div>
            <div class="hsb-values">
            <svg class="hsb-preview" id="hsb-preview" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" fill="\(fill)"/></svg>
            <label>\(frame.text("Hue")) <input type="number" name="hue" id="hsb-hue" min="0" max="360" step="any" value="\(hue)" inputmode="decimal"></label>
            <label>\(frame.text("Saturation")) % <input type="number" name="saturation" id="hsb-saturation" min="0" max="100" step="any" value="\(saturation)" inputmode="decimal"></label>
            <label>\(frame.text("Brightness")) % <input type="number" name="brightness" id="hsb-brightness" min="0" max="100" step="any" value="\(brightness)" inputmode="decimal"></label>
            </div>
            </div>
            """
    }

    /// The destroy-date switch and, while it is on, a date-time picker (in the vault's time
    /// zone; off removes the `destroy` key).
    var destroySwitch: HTML {
        let checked: HTML = fields.destroyOn ? " checked" : ""
        return """
            <div class="destroy-date" id="destroy-date">
            <input type="checkbox" role="switch" name="destroy_on" id="destroy-on" value="on"\(checked)>\
            <label for="destroy-on" class="switch">\(frame.text("Destroy date"))</label>
            <input type="datetime-local" name="destroy" id="destroy" value="\(fields.destroy)" aria-label="\(frame.text("Destroy date"))">
            </div>
            """
    }
}

extension EditorPage {
    /// `date` as a `datetime-local` value in `timeZone` (`2026-12-01T18:00`).
    static func localInput(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
    }
}
