import Foundation
import Testing

@testable import NoteVault

@Suite("NoteColor")
struct NoteColorTests {
    @Test(arguments: [
        ("white", NoteColor.Palette.white), ("red", .red), ("RED", .red), ("Orange", .orange), ("yellow", .yellow),
        ("green", .green), ("blue", .blue), ("purple", .purple), ("pink", .pink), ("gray", .gray), ("grey", .gray),
        ("GREY", .gray), ("  blue ", .blue),
    ])
    func paletteNames(_ text: String, _ palette: NoteColor.Palette) throws {
        let color = try NoteColor(parsing: text)
        #expect(color == .palette(palette))
        #expect(color.description == palette.rawValue)
    }

    @Test(
        arguments: [
            ("#ff0000", 255, 0, 0, "#ff0000"),
            ("#FF0000", 255, 0, 0, "#ff0000"),
            ("#0A0b0C", 10, 11, 12, "#0a0b0c"),
            ("#000000", 0, 0, 0, "#000000"),
            ("#FFFFFF", 255, 255, 255, "#ffffff"),
        ] as [(String, UInt8, UInt8, UInt8, String)])
    func exactRGB(_ text: String, _ red: UInt8, _ green: UInt8, _ blue: UInt8, _ canonical: String) throws {
        // Decision: upper or lower case is read; enote writes lower case.
        let color = try NoteColor(parsing: text)
        #expect(color == .rgb(.init(red: red, green: green, blue: blue)))
        #expect(color.description == canonical)
        #expect(color.rgb.description == canonical)
    }

    @Test(arguments: [
        ("hsb(288, 0%, 100%)", 288.0, 0.0, 100.0),
        ("hsb(360, 80%, 100%)", 360, 80, 100),
        ("hsb(0, 80%, 100%)", 0, 80, 100),
        ("hsb(72, 30%, 0%)", 72, 30, 0),
        ("hsb(12.5, 33.3%, 50%)", 12.5, 33.3, 50),
        ("hsb(0.000001, 99.999999%, 0.5%)", 0.000001, 99.999999, 0.5),
        ("hsb(359.75, 100%, 0.1%)", 359.75, 100, 0.1),
    ])
    func customHSBRoundTripsExactly(_ text: String, _ hue: Double, _ saturation: Double, _ brightness: Double) throws {
        let color = try NoteColor(parsing: text)
        #expect(color == .hsb(.init(hue: hue, saturation: saturation, brightness: brightness)))
        #expect(color.description == text)
        #expect(try NoteColor(parsing: color.description) == color)
    }

    @Test(arguments: [
        ("HSB(10, 20%, 30%)", "hsb(10, 20%, 30%)"),
        ("hsb(10,20%,30%)", "hsb(10, 20%, 30%)"),
        ("hsb (10, 20, 30)", "hsb(10, 20%, 30%)"),
        ("hsb(10°, 20%, 30%)", "hsb(10, 20%, 30%)"),
        ("hsb(12.50, 33.30%, 050%)", "hsb(12.5, 33.3%, 50%)"),
    ])
    func hsbSpellingsGiveCanonicalText(_ text: String, _ canonical: String) throws {
        #expect(try NoteColor(parsing: text).description == canonical)
    }

    @Test func hueAndSaturationSurviveWhereRGBLosesThem() throws {
        let red360 = try NoteColor(parsing: "hsb(360, 80%, 100%)")
        let red0 = try NoteColor(parsing: "hsb(0, 80%, 100%)")
        #expect(red360 != red0)
        #expect(red360.rgb == red0.rgb)
        let whiteWithHue = try NoteColor(parsing: "hsb(288, 0%, 100%)")
        #expect(whiteWithHue.rgb == NoteColor.palette(.white).rgb)
        #expect(whiteWithHue != .palette(.white))
        let black = try NoteColor(parsing: "hsb(72, 30%, 0%)")
        guard case .hsb(let hsb) = black else { Issue.record("not hsb"); return }
        #expect(hsb.hue == 72 && hsb.saturation == 30)
        #expect(black.rgb.description == "#000000")
    }

    @Test(arguments: [
        ("hsb(0, 100%, 100%)", "#ff0000"), ("hsb(60, 100%, 100%)", "#ffff00"), ("hsb(120, 100%, 100%)", "#00ff00"),
        ("hsb(180, 100%, 100%)", "#00ffff"), ("hsb(240, 100%, 100%)", "#0000ff"), ("hsb(300, 100%, 100%)", "#ff00ff"),
        ("hsb(360, 80%, 100%)", "#ff3333"), ("hsb(210, 50%, 80%)", "#6699cc"), ("hsb(0, 0%, 50%)", "#808080"),
        ("hsb(288, 0%, 100%)", "#ffffff"), ("hsb(72, 30%, 0%)", "#000000"), ("hsb(30, 100%, 100%)", "#ff8000"),
        ("red", "#ff3b30"), ("blue", "#007aff"), ("white", "#ffffff"), ("gray", "#8e8e93"),
    ])
    func rgbConversion(_ text: String, _ hex: String) throws {
        #expect(try NoteColor(parsing: text).rgb.description == hex)
    }

    @Test(arguments: [
        "hsb(361, 0%, 0%)", "hsb(1, 101%, 0%)", "hsb(1, 0%, 100.5%)", "#12345", "#1234567", "#fff", "#gggggg", "#+12345",
        "#-12345", "# 12345", "blurple", "hsb(1,2)", "hsb(1, 2%, 3%", "hsb(-1, 0%, 0%)", "hsb(, 0%, 0%)",
        "hsb(1.1234567, 0%, 0%)", "hsb(1, 2%, 3%, 4%)", "hsb(1e2, 0%, 0%)", "hsb(.5, 0%, 0%)", "", "rgb(1, 2, 3)",
    ])
    func refusals(_ text: String) {
        let error = #expect(throws: NoteColor.ParseError.self) { try NoteColor(parsing: text) }
        #expect(error?.text == text)
    }

    @Test func defaultIsWhiteAndEveryPaletteNameRoundTrips() throws {
        #expect(NoteColor.default == .palette(.white))
        for palette in NoteColor.Palette.allCases {
            #expect(try NoteColor(parsing: palette.rawValue) == .palette(palette))
            #expect(NoteColor.acceptedForms.english.contains(palette.rawValue))
        }
    }

    @Test(arguments: ["hsb(288, 0%, 100%)", "hsb(12.5, 33.3%, 50%)", "red", "#ff0000"])
    func writtenColourReadsBackFromFrontMatter(_ text: String) throws {
        let color = try NoteColor(parsing: text)
        let file = "---\ncolor: \(YAMLWriter.scalar(color.description))\n---\n"
        let content = NoteContent(bytes: Array(file.utf8), path: "n.md")
        #expect(content.metadata.color == color)
        #expect(content.diagnostics.isEmpty)
    }
}
