import Foundation
import Testing
import Yams

@testable import NoteVault

/// Small helpers shared by the front matter and note tests.
enum Fixture {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func read(_ text: String, file: String = "note.md") -> (FrontMatterReading, [Diagnostic]) {
        FrontMatterParser.read(bytes(text), file: file)
    }

    /// The parsed front matter, or `nil` (recorded as an issue) when it did not parse.
    static func parsed(_ text: String, file: String = "note.md") -> FrontMatter? {
        guard case .parsed(let frontMatter) = read(text, file: file).0 else {
            Issue.record("front matter did not parse: \(text.debugDescription)")
            return nil
        }
        return frontMatter
    }

    /// The file split into lines, each with its own line ending (`\n` or `\r\n`).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in bytes {
            current.append(byte)
            if byte == UInt8(ascii: "\n") {
                result.append(String(decoding: current, as: UTF8.self))
                current = []
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }

    /// The lines a change removed and added: what is left after the common leading and trailing
    /// lines are taken away (like one hunk of `git diff`).
    static func hunk(from old: [UInt8], to new: [UInt8]) -> (removed: [String], added: [String]) {
        var old = lines(old)[...]
        var new = lines(new)[...]
        while let a = old.first, let b = new.first, a == b { old.removeFirst(); new.removeFirst() }
        while let a = old.last, let b = new.last, a == b { old.removeLast(); new.removeLast() }
        return (Array(old), Array(new))
    }

    /// The indices of lines that differ between two files with the same number of lines.
    static func changedLineIndices(from old: [UInt8], to new: [UInt8]) -> [Int]? {
        let a = lines(old)
        let b = lines(new)
        guard a.count == b.count else { return nil }
        return a.indices.filter { a[$0] != b[$0] }
    }

    /// The YAML text between the fences of a parsed block, for an independent reader (Yams).
    static func yamlText(_ bytes: [UInt8], _ frontMatter: FrontMatter) -> String {
        var bodyStart = frontMatter.start
        while bodyStart < bytes.count, bytes[bodyStart] != UInt8(ascii: "\n") { bodyStart += 1 }
        return String(decoding: bytes[min(bodyStart + 1, frontMatter.closingFenceStart)..<frontMatter.closingFenceStart], as: UTF8.self)
    }

    /// How Yams (libyaml) reads a value, untyped: scalars as their text, sequences of scalars as
    /// lists; `nil` for what enote keeps raw (maps).
    static func yamsValue(_ node: Yams.Node) -> FrontMatter.Value? {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain && scalar.string.isEmpty {
                return .null
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            let items = sequence.compactMap { $0.scalar?.string }
            return items.count == sequence.count ? .list(items) : nil
        default:
            return nil
        }
    }
}

/// A named byte fixture, so argument tables print readably.
struct Sample: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var testDescription: String { name }

    init(_ name: String, _ text: String) {
        self.name = name
        self.text = text
    }
}
