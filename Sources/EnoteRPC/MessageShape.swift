import Foundation

/// How many values a message holds and how deep it nests, counted before it is parsed.
///
/// A message's length is capped while it is read (``MessageReader/maximumLength``), but what it
/// costs to parse depends on how many values it holds: 32 MiB of `[1,1,1,…]` is 16 million
/// values, which took the agent server to 884 MiB and 20–45 s of processor time. One pass over
/// the bytes, outside strings, counts the commas and brackets (a value for each) and the depth,
/// and a message over ``maximumValues`` or ``maximumDepth`` is refused before a parser sees it.
/// No request of either server needs more: a long note's text is one string.
package enum MessageShape {
    /// The most values one message may hold.
    package static let maximumValues = 100_000
    /// The deepest one message may nest arrays and objects.
    package static let maximumDepth = 64

    /// What is too much about a message.
    package enum Excess: Sendable, Equatable {
        case values, depth
    }

    /// What is too much about `body`, or `nil` when its shape is within the bounds.
    package static func excess(of body: Data) -> Excess? {
        body.withUnsafeBytes { buffer in excess(of: buffer.bindMemory(to: UInt8.self)) }
    }

    private static func excess(of bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        var values = 1
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                if depth > maximumDepth { return .depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ","):
                values += 1
            default:
                continue
            }
            if values > maximumValues { return .values }
        }
        return nil
    }
}
