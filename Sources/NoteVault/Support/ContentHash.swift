/// A 64-bit FNV-1a hash of a file's bytes: cheap, stable across runs and machines, and enough to
/// tell whether content changed (it is not a cryptographic hash).
package struct ContentHash: Sendable, Hashable, Codable, CustomStringConvertible {
    package let value: UInt64

    package init(value: UInt64) { self.value = value }

    /// Hashes `bytes`.
    package init(_ bytes: some Collection<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// The hash as a signed integer, the form SQLite stores.
    package var storedValue: Int64 { Int64(bitPattern: value) }

    package var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
