/// SHA-256 (FIPS 180-4) of a file's bytes, fed in pieces: the name under which the text of a
/// picture or PDF is cached (``ExtractionCache``), so a file renamed, copied or added again is
/// never read twice, and no file can be made to pass for another.
package struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    /// The hex digest of `bytes`.
    package static func hex(of bytes: some Collection<UInt8>) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finish()
    }

    /// Adds `bytes` to what is hashed.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        let absorbed: Void? = bytes.withContiguousStorageIfAvailable { buffer in absorb(buffer) }
        if absorbed == nil { Array(bytes).withUnsafeBufferPointer { buffer in absorb(buffer) } }
    }

    /// Hashes whole blocks straight from `buffer`, keeping the rest for the next call.
    private mutating func absorb(_ buffer: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(buffer.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending += buffer[0..<take]
            index = take
            guard pending.count == 64 else { return }
            compress(pending)
            pending.removeAll(keepingCapacity: true)
        }
        while index + 64 <= buffer.count {
            compress(UnsafeBufferPointer(rebasing: buffer[index..<index + 64]))
            index += 64
        }
        pending += buffer[index...]
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func finish() -> String {
        let bits = length &* 8
        var tail = pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for start in stride(from: 0, to: tail.count, by: 64) { compress(tail[start..<start + 64]) }
        pending.removeAll()
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return text
    }

    private static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private mutating func compress(_ block: some Collection<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
            var index = block.startIndex
            for word in 0..<16 {
                var value: UInt32 = 0
                for _ in 0..<4 {
                    value = value << 8 | UInt32(block[index])
                    index = block.index(after: index)
                }
                words[word] = value
            }
            mix(words)
        }
    }

    private mutating func mix(_ words: UnsafeMutableBufferPointer<UInt32>) {
        for word in 16..<64 {
            let a = words[word - 15], b = words[word - 2]
            let s0 = a.rotatedRight(7) ^ a.rotatedRight(18) ^ (a >> 3)
            let s1 = b.rotatedRight(17) ^ b.rotatedRight(19) ^ (b >> 10)
            words[word] = words[word - 16] &+ s0 &+ words[word - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for round in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ Self.constants[round] &+ words[round]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
