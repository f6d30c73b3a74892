import Foundation
import Testing

@testable import NoteVault

@Suite("NoteColor components")
struct NoteColorComponentsTests {
    /// A custom colour gives back its own numbers, including a hue that RGB cannot hold.
    @Test(arguments: ["hsb(288, 0%, 100%)", "hsb(360, 80%, 100%)", "hsb(72, 30%, 0%)", "hsb(12.5, 33.25%, 7%)"])
    func customColourKeepsItsNumbers(_ text: String) throws {
        let color = try NoteColor(parsing: text)
        let components = color.components
        let again = try NoteColor(
            hue: NoteColor.format(components.hue), saturation: NoteColor.format(components.saturation),
            brightness: NoteColor.format(components.brightness))
        #expect(again == color)
        #expect(again.description == text)
    }

    @Test(arguments: [
        ("#ff0000", 0.0, 100.0, 100.0), ("#00ff00", 120, 100, 100), ("#0000ff", 240, 100, 100), ("#ffffff", 0, 0, 100),
        ("#000000", 0, 0, 0), ("#808080", 0, 0, 50), ("#ff00ff", 300, 100, 100),
    ])
    func rgbColoursConvert(_ text: String, _ hue: Double, _ saturation: Double, _ brightness: Double) throws {
        let components = try NoteColor(parsing: text).components
        #expect(components == NoteColor.HSB(hue: hue, saturation: saturation, brightness: brightness))
    }

    /// A palette colour converts and comes back to the same RGB (within rounding).
    @Test(arguments: NoteColor.Palette.allCases)
    func paletteRoundTripsThroughComponents(_ palette: NoteColor.Palette) {
        let rgb = NoteColor.palette(palette).rgb
        let back = NoteColor.palette(palette).components.rgb
        #expect(abs(Int(rgb.red) - Int(back.red)) <= 3 && abs(Int(rgb.green) - Int(back.green)) <= 3 && abs(Int(rgb.blue) - Int(back.blue)) <= 3)
    }

    @Test(arguments: [("361", "0", "0"), ("10", "101", "50"), ("10", "50", ""), ("a", "1", "1"), ("10", "-1", "5"), ("1, 2", "3", "4")])
    func refusedNumbers(_ hue: String, _ saturation: String, _ brightness: String) {
        #expect(throws: NoteColor.ParseError.self) { try NoteColor(hue: hue, saturation: saturation, brightness: brightness) }
    }
}
