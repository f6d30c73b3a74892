import Testing

@testable import NoteVault

/// SHA-256 names the cached text of a file: FIPS 180-4's own examples, and a file fed in
/// pieces of every awkward size hashes as it does whole.
@Suite struct SHA256Tests {
    @Test(
        "the standard's examples",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        ])
    func examples(text: String, digest: String) {
        #expect(SHA256.hex(of: Array(text.utf8)) == digest)
    }

    @Test("fed in pieces, the same digest", arguments: [1, 55, 56, 63, 64, 65, 127, 1000])
    func pieces(size: Int) {
        let bytes = (0..<3001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var hash = SHA256()
        var start = 0
        while start < bytes.count {
            hash.update(bytes[start..<min(start + size, bytes.count)])
            start += size
        }
        #expect(hash.finish() == SHA256.hex(of: bytes))
    }
}
