import Foundation

/// The first key that appears twice in one object of a JSON text.
///
/// JSON leaves duplicate keys to the reader, and readers disagree: Foundation keeps the first,
/// Python, JavaScript and Go keep the last. A gateway in front of a server that reads
/// `{"name": "append", "name": "read"}` as `read` would let through what the server runs as
/// `append`, so the servers refuse a message with a duplicate key instead of choosing. Keys are
/// compared after their escapes are read (`"a"` and `"\u0061"` are one key).
package enum DuplicateKeys {
    /// The first duplicated key of `json`, or `nil` when every object's keys differ. `json`
    /// must already be known to be valid JSON (a decoder read it): the scan only follows
    /// brackets, commas and strings.
    package static func first(in json: Data) -> String? {
        json.withUnsafeBytes { buffer in first(in: buffer.bindMemory(to: UInt8.self)) }
    }

    private struct Frame {
        var keys: Set<String>?  // nil for an array
        var expectingKey = false
    }

    private static func first(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var frames: [Frame] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                frames.append(Frame(keys: [], expectingKey: true))
            case UInt8(ascii: "["):
                frames.append(Frame(keys: nil))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
            case UInt8(ascii: ","):
                if frames.last?.keys != nil { frames[frames.count - 1].expectingKey = true }
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                let top = frames.count - 1
                guard top >= 0, frames[top].keys != nil, frames[top].expectingKey else { break }
                let raw = UnsafeBufferPointer(rebasing: bytes[start...min(index, bytes.count - 1)])
                let key = escaped ? decoded(raw) : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                // In place: a copy of the frame would copy its set at every key.
                if frames[top].keys!.insert(key).inserted == false { return key }
                frames[top].expectingKey = false
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// A quoted JSON string with escapes, read by Foundation's decoder.
    private static func decoded(_ quoted: UnsafeBufferPointer<UInt8>) -> String {
        let data = Data(buffer: quoted)
        return (try? JSONDecoder().decode(String.self, from: data)) ?? String(decoding: data, as: UTF8.self)
    }
}
