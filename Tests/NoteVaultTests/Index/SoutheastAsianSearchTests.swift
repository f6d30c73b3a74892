import Foundation
import Testing

@testable import NoteVault

/// Search in Thai, Lao, Khmer and Myanmar, which are written without spaces between words: a
/// query finds every note that contains it, as `grep -F` does, and its snippet highlights whole
/// characters.
@Suite("NoteIndex.search in the scripts of Southeast Asia")
struct SoutheastAsianSearchTests {
    static let notes: [String: String] = [
        "th-install.md": VaultSandbox.noteText(title: "Install", body: "วิธีติดตั้งปลั๊กอินชุมชนจากหน้าการตั้งค่า\n"),
        "th-core.md": VaultSandbox.noteText(title: "Core", body: "ปลั๊กอินหลักเปิดใช้งานได้ในการตั้งค่า ปลั๊กอินหลัก\n"),
        "th-plug.md": VaultSandbox.noteText(title: "Plug", body: "เสียบปลั๊กไฟก่อนใช้งาน\n"),
        "km-plugins.md": VaultSandbox.noteText(title: "Plugins", body: "បើកកម្មវិធីជំនួយសហគមន៍។ កម្មវិធីជំនួយស្នូល\n"),
        "km-app.md": VaultSandbox.noteText(title: "App", body: "ទាញយកកម្មវិធីសម្រាប់ទូរសព្ទ\n"),
        "lo.md": VaultSandbox.noteText(title: "Lao", body: "ເປີດການຕັ້ງຄ່າຂອງທ່ານ\n"),
        "my.md": VaultSandbox.noteText(title: "Myanmar", body: "ပလပ်အင်များကို ဆက်တင်များတွင် ဖွင့်ပါ။\n"),
    ]

    let sandbox: VaultSandbox
    let index: NoteIndex

    init() throws {
        sandbox = try VaultSandbox()
        for (path, text) in Self.notes { try sandbox.write(path, text) }
        index = try sandbox.openIndex()
    }

    /// The words of the issue that were found in only some of the notes holding them.
    @Test(arguments: [
        ("ปลั๊กอิน", ["th-core.md", "th-install.md"]), ("การตั้งค่า", ["th-core.md", "th-install.md"]),
        ("ปลั๊ก", ["th-core.md", "th-install.md", "th-plug.md"]), ("ตั้งค่า", ["th-core.md", "th-install.md"]),
        ("ชุมชน", ["th-install.md"]), ("ก", ["th-core.md", "th-install.md", "th-plug.md"]), ("ปลั๊กอินชุมชน", ["th-install.md"]),
        ("กอิ", ["th-core.md", "th-install.md"]), ("ปลั๊กอ", ["th-core.md", "th-install.md"]), ("ไฟปลั๊ก", []),
        ("កម្មវិធីជំនួយ", ["km-plugins.md"]), ("កម្មវិធី", ["km-app.md", "km-plugins.md"]), ("ជំនួយ", ["km-plugins.md"]),
        ("ការຕັ້ງ", []), ("ການຕັ້ງຄ່າ", ["lo.md"]), ("ຕັ້ງຄ່າ", ["lo.md"]),
        ("ပလပ်အင်", ["my.md"]), ("ဆက်တင်", ["my.md"]), ("ဖွင့်ပါ", ["my.md"]),
    ])
    func findsEveryNoteThatContainsTheText(_ text: String, _ expected: [String]) throws {
        #expect(Set(try index.found(text)) == Set(expected), "\(text)")
    }

    /// A highlight covers whole characters: `กอ` is found inside `กอิน`, and its vowel sign `ิ`
    /// is highlighted with it instead of standing alone after the marker.
    @Test(arguments: [
        ("ชุมชน", "th-install.md", "…ลั๊กอิน\u{2}ชุมชน\u{3}จากหน้ากา…"),
        ("กอ", "th-install.md", "…งปลั๊\u{2}กอิ\u{3}นชุมชนจากหน้…"),
        ("ជំនួយ", "km-plugins.md", "…ម្មវិធី\u{2}ជំនួយ\u{3}សហគមន៍។ កម្ម…"),
        ("ຕັ້ງ", "lo.md", "…ປີດການ\u{2}ຕັ້ງ\u{3}ຄ່າຂອງທ່ານ"),
    ])
    func snippetHighlightsWholeCharacters(_ text: String, _ path: String, _ snippet: String) throws {
        let note = try #require(try index.results(text).notes.first { $0.path.description == path })
        #expect(note.snippet == snippet)
    }

    // MARK: - Real text

    /// The real text of Tests/Fixtures/SoutheastAsianText (see its README), one line per note.
    static func fixture(_ language: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/SoutheastAsianText/\(language).txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The queries drawn from a line: each of its words (between spaces and `|`), and parts of
    /// them of one, two, three and five scalars starting at every fourth scalar, so that a query
    /// may start or end inside a character (on a vowel sign, after a subscript).
    static func queries(in line: String) -> [String] {
        var queries: [String] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "|" }) {
            let scalars = Array(word.unicodeScalars)
            guard scalars.allSatisfy(isSoutheastAsianLetterMarkOrDigit) else { continue }
            queries.append(String(word))
            for start in stride(from: 0, to: scalars.count, by: 4) {
                for length in [1, 2, 3, 5] where start + length <= scalars.count {
                    var part = String.UnicodeScalarView()
                    part.append(contentsOf: scalars[start..<(start + length)])
                    queries.append(String(part))
                }
            }
        }
        return queries
    }

    /// Whether `scalar` is a letter, mark or digit of Thai, Lao, Myanmar or Khmer.
    static func isSoutheastAsianLetterMarkOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        guard (0x0E00...0x0EFF).contains(scalar.value) || (0x1000...0x109F).contains(scalar.value) || (0x1780...0x17FF).contains(scalar.value) else {
            return false
        }
        switch scalar.properties.generalCategory {
        case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Search finds exactly the lines that contain the query's bytes, for every query drawn from
    /// the text.
    @Test(arguments: ["th", "lo", "km", "my"])
    func findsExactlyTheLinesThatContainTheQuery(_ language: String) throws {
        let lines = try Self.fixture(language)
        #expect(lines.count >= 30)
        let sandbox = try VaultSandbox()
        for (number, line) in lines.enumerated() {
            try sandbox.write("\(language)-\(number).md", VaultSandbox.noteText(title: "Line \(number)", body: line + "\n"))
        }
        let index = try sandbox.openIndex()
        var queries: [String] = []
        for line in lines { queries += Self.queries(in: line) }
        queries = Array(Set(queries)).sorted()
        #expect(queries.count > 300)
        var mismatches: [String] = []
        for query in queries {
            let bytes = Array(query.utf8)
            let expected = Set(lines.indices.filter { Array(lines[$0].utf8).contains(bytes) }.map { "\(language)-\($0).md" })
            let found: Set<String>
            do {
                found = Set(try index.found(query, limit: lines.count + 1))
            } catch let error as SearchQuery.QueryError {
                mismatches.append("\(query): \(error)")
                continue
            }
            if found != expected {
                mismatches.append("\(query): \(found.subtracting(expected).sorted()) more, \(expected.subtracting(found).sorted()) missing")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(queries.count) queries: \(mismatches.prefix(10))")
    }
}

extension Array where Element == UInt8 {
    /// Whether `part` occurs in these bytes.
    fileprivate func contains(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        return (0...(count - part.count)).contains { start in self[start..<(start + part.count)].elementsEqual(part) }
    }
}
