/// Where the user-perceived characters (grapheme clusters) of UTF-8 text begin and end, near a
/// byte offset: a snippet widens its edges and highlights with these, so that a Thai tone mark, a
/// Khmer subscript consonant or a Myanmar medial is never shown apart from its base letter.
///
/// The index matches Unicode scalars (``CJKBigramTokenizer``), so a match of `กอ` inside `กอิน`
/// ends between `อ` and its vowel sign `ิ`; shown as is, the sign would stand alone.
enum ClusterEdges {
    /// The end of the cluster that the scalar just before `end` belongs to: `end`, moved past the
    /// marks that follow and past the consonant after a joiner (Khmer coeng, Myanmar virama).
    static func end(in bytes: UnsafeBufferPointer<UInt8>, after end: Int) -> Int {
        var index = end
        var joins = index > 0 && isJoiner(scalar(in: bytes, before: index).value)
        while index < bytes.count {
            let (scalar, length) = CJKText.decode(bytes, at: index)
            guard joins || extendsCluster(scalar) else { break }
            joins = isJoiner(scalar)
            index += length
        }
        return index
    }

    /// The start of the cluster that the scalar at `start` belongs to: `start`, moved back while
    /// it is a mark or follows a joiner.
    static func start(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        while index > 0, index < bytes.count {
            let previous = scalar(in: bytes, before: index)
            guard extendsCluster(CJKText.decode(bytes, at: index).0) || isJoiner(previous.value) else { break }
            index -= previous.length
        }
        return index
    }

    /// The scalar that ends just before `index`, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> (value: UInt32, length: Int) {
        var lead = index - 1
        while lead > 0, index - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let (value, length) = CJKText.decode(bytes, at: lead)
        // A stray continuation byte decodes as one byte: step back over that byte alone.
        return lead + length == index ? (value, length) : (UInt32(bytes[index - 1]), 1)
    }

    /// Whether `scalar` belongs to the cluster of the character before it: a combining mark, a
    /// joiner of emoji or Indic text, or Thai and Lao `AM`.
    private static func extendsCluster(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0E33, 0x0EB3, 0x200C, 0x200D: return true
        case 0..<0x0300: return false
        default:
            guard let scalar = Unicode.Scalar(scalar) else { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    /// Whether `scalar` joins the next consonant to its cluster (written below or inside it):
    /// Khmer coeng, Myanmar virama, Tai Tham sakot, Javanese pangkon, Balinese adeg adeg.
    private static func isJoiner(_ scalar: UInt32) -> Bool {
        scalar == 0x17D2 || scalar == 0x1039 || scalar == 0x1A60 || scalar == 0xA9C0 || scalar == 0x1B44
    }
}
