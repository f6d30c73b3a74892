import NoteVault

/// The note list as a table that fits the terminal: a colour swatch, the title, the
/// description and the date, truncated with `…` and counting wide characters as two columns.
public struct NoteTable: Sendable {
    /// One line of the table.
    public struct Row: Sendable {
        public var color: NoteColor
        public var title: String
        public var description: String
        public var date: String

        public init(color: NoteColor, title: String, description: String, date: String) {
            self.color = color
            self.title = title
            self.description = description
            self.date = date
        }
    }

    public let terminal: Terminal

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// The table's text, one line per row, each ending in a newline.
    public func render(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "" }
        let dateWidth = rows.map { DisplayWidth.of($0.date) }.max() ?? 0
        let swatchWidth = 2
        let gaps = 3 * 2
        let available = max(terminal.columns - swatchWidth - dateWidth - gaps, 10)
        let longestTitle = rows.map { DisplayWidth.of(SafeText.escaped($0.title)) }.max() ?? 0
        let longestDescription = rows.map { DisplayWidth.of(SafeText.escaped($0.description)) }.max() ?? 0
        // The title gets what it needs up to two fifths, more when descriptions leave room.
        let titleWidth = min(longestTitle, max(available * 2 / 5, available - longestDescription - 2))
        let descriptionWidth = max(available - titleWidth, 0)

        var output = ""
        for row in rows {
            let title = DisplayWidth.pad(DisplayWidth.truncate(SafeText.escaped(row.title), to: titleWidth), to: titleWidth)
            var line = swatch(row.color) + "  " + (terminal.usesColor ? "\u{1B}[1m\(title)\u{1B}[0m" : title)
            let description = descriptionWidth > 0 ? DisplayWidth.truncate(SafeText.escaped(row.description), to: descriptionWidth) : ""
            let paddedDescription = DisplayWidth.pad(description, to: descriptionWidth)
            line += "  " + (terminal.usesColor ? "\u{1B}[2m\(paddedDescription)\u{1B}[0m" : paddedDescription)
            line += "  " + DisplayWidth.pad(row.date, to: dateWidth)
            output += line.trimmingTrailingSpaces() + "\n"
        }
        return output
    }

    /// Two cells in the note's colour, or its initial when colour is off.
    func swatch(_ color: NoteColor) -> String {
        guard terminal.usesColor else {
            return DisplayWidth.pad(Self.marker(for: color), to: 2)
        }
        let rgb = color.rgb
        if terminal.trueColor {
            return "\u{1B}[38;2;\(rgb.red);\(rgb.green);\(rgb.blue)m██\u{1B}[0m"
        }
        return "\u{1B}[38;5;\(Self.ansi256(rgb))m██\u{1B}[0m"
    }

    /// A one-letter stand-in for a colour on plain output (`·` for white).
    static func marker(for color: NoteColor) -> String {
        switch color {
        case .palette(.white): "·"
        case .palette(let palette): String(palette.rawValue.prefix(1)).uppercased()
        case .rgb, .hsb: "*"
        }
    }

    /// The nearest colour of the 6×6×6 cube or the grey ramp of the 256-colour palette.
    static func ansi256(_ rgb: NoteColor.RGB) -> Int {
        let values = [Int(rgb.red), Int(rgb.green), Int(rgb.blue)]
        if values.max()! - values.min()! < 10 {
            let grey = values.reduce(0, +) / 3
            if grey < 8 { return 16 }
            if grey > 248 { return 231 }
            return 232 + (grey - 8) * 24 / 240
        }
        let cube = values.map { value in value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        return 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
