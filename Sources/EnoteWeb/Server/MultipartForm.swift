import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `multipart/form-data` body (RFC 7578) read strictly: the boundary from the `Content-Type`,
/// CRLF framing, text fields and at most one file part. The client's file name is kept only
/// for its extension and the picture's alternative text; no path from it is ever used.
package struct MultipartForm: Sendable {
    /// The file part of the form.
    package struct File: Sendable, Equatable {
        /// The form field's name (`picture`).
        package var field: String
        /// The name the browser gave (only its last component, as sent).
        package var fileName: String
        package var bytes: [UInt8]
    }

    /// Why a body is not a well-formed form.
    package struct Malformed: Error, Equatable {
        package var reason: String
    }

    /// The text fields, in order.
    package var fields = FormFields()
    /// The one file, when the form had one.
    package var file: File?

    /// The boundary named by a `Content-Type: multipart/form-data; boundary=…` value.
    package static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let kind = parts.first, kind.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 printable ASCII characters, not ending in a space.
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !value.hasSuffix(" ") else { return nil }
            return value
        }
        return nil
    }

    /// Reads `body` framed by `boundary`.
    /// - Throws: ``Malformed`` for a body that does not follow the framing, a part without a
    ///   name, or a second file part.
    package init(body: [UInt8], boundary: String) throws(Malformed) {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = [UInt8(ascii: "\r"), UInt8(ascii: "\n")] + delimiter
        guard body.starts(with: delimiter) else { throw Malformed(reason: "the body does not start with the boundary") }
        var position = delimiter.count
        while true {
            guard position + 2 <= body.count else { throw Malformed(reason: "the body ends before its closing boundary") }
            if body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { return }
            guard body[position] == 0x0D, body[position + 1] == 0x0A else { throw Malformed(reason: "a boundary is not followed by CRLF") }
            position += 2
            guard let headerEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: position), headerEnd - position <= 8192 else {
                throw Malformed(reason: "a part's headers do not end")
            }
            let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(separator, in: body, from: contentStart) else {
                throw Malformed(reason: "a part does not end with the boundary")
            }
            try add(headers: headers, content: Array(body[contentStart..<contentEnd]))
            position = contentEnd + separator.count
        }
    }

    /// Takes one part in.
    private mutating func add(headers: String, content: [UInt8]) throws(Malformed) {
        var disposition: String?
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw Malformed(reason: "a part has a header line without a colon") }
            if pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" { disposition = pair[1] }
        }
        guard let disposition, let parameters = Self.parameters(disposition), parameters.kind == "form-data", let name = parameters.values["name"] else {
            throw Malformed(reason: "a part has no Content-Disposition: form-data with a name")
        }
        if let fileName = parameters.values["filename"] {
            guard file == nil else { throw Malformed(reason: "the form holds more than one file") }
            file = File(field: name, fileName: fileName, bytes: content)
        } else {
            fields.pairs.append((name, String(decoding: content, as: UTF8.self)))
        }
    }

    /// `form-data; name="a"; filename="b.png"` as the kind and its parameters (quoted strings
    /// may hold `;` and `\"`).
    static func parameters(_ value: String) -> (kind: String, values: [String: String])? {
        var scalars = Substring(value.trimmingCharacters(in: .whitespaces))
        let semicolon = scalars.firstIndex(of: ";") ?? scalars.endIndex
        let kind = scalars[..<semicolon].trimmingCharacters(in: .whitespaces).lowercased()
        scalars = scalars[semicolon...]
        var values: [String: String] = [:]
        while !scalars.isEmpty {
            scalars = scalars.drop { $0 == ";" || $0 == " " || $0 == "\t" }
            guard let equals = scalars.firstIndex(of: "=") else { break }
            let key = scalars[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            scalars = scalars[scalars.index(after: equals)...]
            var text = ""
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                var closed = false
                while let character = scalars.first {
                    scalars = scalars.dropFirst()
                    if character == "\\", let next = scalars.first {
                        text.append(next)
                        scalars = scalars.dropFirst()
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        text.append(character)
                    }
                }
                guard closed else { return nil }
            } else {
                let end = scalars.firstIndex(of: ";") ?? scalars.endIndex
                text = scalars[..<end].trimmingCharacters(in: .whitespaces)
                scalars = scalars[end...]
            }
            guard values[key] == nil else { return nil }
            values[key] = text
        }
        return (kind, values)
    }

    /// The offset of the first `needle` in `haystack` at or after `start` (`memchr` finds each
    /// candidate first byte, `memcmp` checks the rest).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        let last = haystack.count - needle.count
        guard !needle.isEmpty, start >= 0, start <= last else { return nil }
        return haystack.withUnsafeBufferPointer { hay -> Int? in
            needle.withUnsafeBufferPointer { pin -> Int? in
                guard let base = hay.baseAddress, let first = pin.first, let pinBase = pin.baseAddress else { return nil }
                var index = start
                while index <= last {
                    guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, pinBase, pin.count) == 0 { return at }
                    index = at + 1
                }
                return nil
            }
        }
    }
}
