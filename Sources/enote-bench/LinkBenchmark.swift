import Foundation
import Markdown
import NoteVault

/// Times link and tag extraction against the libcmark parse the index already does, on a
/// folder of notes or on one generated note of a given size (`enote-bench links`).
enum LinkBenchmark {
    /// One note's bytes with its body offset, read as the index reads it.
    struct Note {
        var bytes: [UInt8]
        var bodyStart: Int
    }

    /// A note of about `size` bytes with links, wikilinks, tags, code and lists in every paragraph.
    static func syntheticNote(size: Int) -> Note {
        let blocks = [
            "## Section #topic/sub\n\nSome text with [a link](../notes/Other%20note.md#Part) and [[Wiki Note|shown]] and #tag-one.\n",
            "- item with ![[picture.png]] and `code [[not a link]]`\n- another [ref link][r1] here, Привет #работа\n",
            "> quoted [[Folder/Deep note#^block]] text <https://example.com/page> and more words in the quote\n",
            "```swift\nlet x = \"[[not]] #not\"\n```\n",
            "Plain paragraph of prose that goes on for a while without any markup at all, as most notes do, line after line.\n",
            "[r1]: ../ref.md \"Title\"\n",
        ]
        var text = "---\ntitle: Big\ntags: [a, b]\n---\n"
        var index = 0
        while text.utf8.count < size {
            text += blocks[index % blocks.count] + "\n"
            index += 1
        }
        let content = NoteContent(bytes: Array(text.utf8), path: "big.md")
        return Note(bytes: content.bytes, bodyStart: content.bodyStart)
    }

    /// Every `.md` file under `folder`, read and split as ``NoteContent`` does.
    static func notes(in folder: String) throws -> [Note] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        return try paths.sorted().map { path in
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            let content = NoteContent(bytes: bytes, path: path)
            return Note(bytes: content.bytes, bodyStart: content.bodyStart)
        }
    }

    /// Runs each measure `rounds` times over `notes` and prints the fastest round of each.
    static func run(_ notes: [Note], label: String, rounds: Int) {
        let size = notes.reduce(0) { $0 + $1.bytes.count }
        var linkCount = 0
        var tagCount = 0
        func best(_ body: () -> Void) -> Double {
            var fastest = Double.infinity
            for _ in 0..<rounds {
                let start = Timing.now()
                body()
                fastest = min(fastest, Timing.now() - start)
            }
            return fastest
        }
        let parse = best {
            for note in notes { _ = summary(note) }
        }
        let parseAndMap = best {
            for note in notes { _ = summaryAndMap(note) }
        }
        let shared = best {
            linkCount = 0
            tagCount = 0
            for note in notes {
                let (_, map) = summaryAndMap(note)
                let found = note.bytes.withUnsafeBufferPointer { buffer in
                    NoteLinkExtractor.extract(buffer: buffer, bodyStart: note.bodyStart, map: map)
                }
                linkCount += found.links.count
                tagCount += found.tags.count
            }
        }
        let separate = best {
            for note in notes { _ = NoteLinkExtractor.extract(bytes: note.bytes, bodyStart: note.bodyStart) }
        }
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        func percent(_ extra: Double) -> String { String(format: "+%.0f%%", extra / parse * 100) }
        print("\(label): \(notes.count) notes, \(size) bytes, \(linkCount) links, \(tagCount) tags; fastest of \(rounds)")
        print("  index parse today (MarkdownSummary)         \(ms(parse))")
        print("  same parse, also mapped                     \(ms(parseAndMap))  \(percent(parseAndMap - parse))")
        print("  same parse, mapped, links and tags          \(ms(shared))  \(percent(shared - parse))")
        print("  links and tags with a parse of their own    \(ms(separate))  \(percent(separate))")
    }

    private static func summary(_ note: Note) -> MarkdownSummary {
        note.bytes.withUnsafeBytes { raw in MarkdownSummary(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[note.bodyStart...])) }
    }

    private static func summaryAndMap(_ note: Note) -> (MarkdownSummary, MarkdownSyntaxMap) {
        note.bytes.withUnsafeBytes { raw in MarkdownSummary.withSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[note.bodyStart...])) }
    }
}
