import Foundation
import Testing

@testable import EnoteCLI

/// Columns on a terminal, and cutting text to fit them.
@Suite struct DisplayWidthTests {
    @Test(
        "columns: wide East Asian characters and emoji two, combining marks none",
        arguments: [
            ("Grocery list", 12), ("京都旅行", 8), ("Список", 6), ("cafe\u{301}", 4), ("ｶﾀｶﾅ", 4),
            ("ＡＢ", 4), ("한국어", 6), ("🍅 tomatoes", 11), ("", 0), ("a\u{7}b", 2),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test(
        "cut to fit, with an ellipsis right after the last word kept",
        arguments: [
            ("This note's front matter is not valid YAML", 33, "This note's front matter is not…"),
            ("Grocery list", 12, "Grocery list"),
            ("Grocery list", 11, "Grocery li…"),
            ("京都旅行の計画", 9, "京都旅行…"),
            ("京都旅行の計画", 8, "京都旅…"),
            ("word   ", 5, "word…"),
            ("ab  cd", 4, "ab…"),
            ("xy", 1, "…"),
            ("x", 1, "x"),
            ("Список покупок", 8, "Список…"),
            ("tab\there", 5, "tab\th…"),
            ("anything", 0, ""),
        ])
    func truncate(text: String, width: Int, expected: String) {
        let cut = DisplayWidth.truncate(text, to: width)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= width)
    }

    @Test("below the combining marks, the quick rule gives each scalar the width its properties give")
    func latinShortcutAgrees() {
        for value in UInt32(0)..<0x300 {
            let scalar = Unicode.Scalar(value)!
            #expect(DisplayWidth.of(scalar) == DisplayWidth.byProperties(scalar), "U+\(String(value, radix: 16))")
        }
    }
}
