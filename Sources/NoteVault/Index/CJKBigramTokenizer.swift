import GRDB

/// The FTS5 tokenizer of the index (`tokenize = 'enote'`): SQLite's `unicode61` with diacritics
/// removed for every script that separates words with spaces, and overlapping bigrams for the
/// scripts that do not: Chinese, Japanese and Korean, and Thai, Lao, Khmer, Myanmar and the
/// other scripts of Southeast Asia (``CJKText/isBigrammed(_:)``).
///
/// Russian writes `ё` as `е` more often than not, and `unicode61` keeps them apart (it removes
/// Latin diacritics only), so its tokens have `ё` folded to `е`: `елка` finds `Ёлка`. German's
/// `ß` is folded to `ss` (as Unicode's full case folding and German's stemmer do): `Straßen`
/// finds `Straße` as another form of it, and `strasse` finds it as written (``FoldedLetters``).
///
/// `unicode61` alone turns a whole Japanese or Thai sentence into one token, so `京都` could never
/// be found inside `清水寺と京都に行く`, nor `ปลั๊กอิน` ("plugin") inside `ติดตั้งปลั๊กอิน`; the
/// `trigram` tokenizer cannot match two characters. Here a run of such characters `ABCD` is
/// indexed as `AB BC CD` plus the last character `D` (at the position of `CD`), each token with
/// its exact byte offsets (so snippets highlight the match). A query for `BCD` becomes the phrase
/// `BC CD` and finds any substring of two or more characters; a single character is searched as
/// the prefix `B*`, which also matches the trailing unigram. So a search finds exactly the notes
/// that contain the text, as `grep -F` would.
///
/// The characters are Unicode scalars, not grapheme clusters: a Thai, Khmer or Myanmar word
/// typed without its last tone mark or subscript is still a substring of the text, as it is for
/// `grep`, and the scan needs no grapheme segmentation. Snippets widen a highlight to whole
/// clusters (``SnippetBuilder``).
///
/// The trailing unigram `D` shares the position of `CD`, so that what follows the run comes
/// right after `CD`: the phrase `"東京 大阪"` matches `東京 大阪`, and `อินAPI` matches `ปลั๊กอินAPI`.
///
/// Text without such characters goes straight to `unicode61`: no extra work per token.
final class CJKBigramTokenizer: FTS5CustomTokenizer {
    static let name = "enote"

    private let wrapped: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrapped = try db.makeTokenizer(.unicode61(diacritics: .remove))
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return sqliteOK }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        guard CJKText.mayContainBigrammed(bytes) else {
            if FoldedLetters.containsFolded(bytes) {
                return tokenizeSegment(0..<bytes.count, bytes: bytes, tokenization: tokenization, context: context, callback: tokenCallback)
            }
            return wrapped.tokenize(context: context, tokenization: tokenization, pText: pText, nText: nText, tokenCallback: tokenCallback)
        }
        let isQuery = tokenization.contains(.query)
        var segmentStart = 0
        var run: [Int] = []  // byte offsets of the CJK characters in the current run
        var index = 0
        var code: CInt = sqliteOK

        func flushRun(end: Int) -> CInt {
            defer { run.removeAll(keepingCapacity: true) }
            return emitBigrams(run, end: end, bytes: bytes, trailingUnigram: !isQuery, context: context, callback: tokenCallback)
        }

        while index < bytes.count {
            let (scalar, length) = CJKText.decode(bytes, at: index)
            if CJKText.isBigrammed(scalar) {
                if run.isEmpty, segmentStart < index {
                    code = tokenizeSegment(segmentStart..<index, bytes: bytes, tokenization: tokenization, context: context, callback: tokenCallback)
                    if code != sqliteOK { return code }
                }
                run.append(index)
                index += length
                segmentStart = index
            } else {
                if !run.isEmpty {
                    code = flushRun(end: index)
                    if code != sqliteOK { return code }
                    segmentStart = index
                }
                index += length
            }
        }
        if !run.isEmpty { return flushRun(end: bytes.count) }
        if segmentStart < bytes.count {
            return tokenizeSegment(segmentStart..<bytes.count, bytes: bytes, tokenization: tokenization, context: context, callback: tokenCallback)
        }
        return sqliteOK
    }

    /// Emits `AB BC CD` (and, when indexing, `D` at the position of `CD`) for a run of characters
    /// at `offsets`.
    private func emitBigrams(
        _ offsets: [Int], end: Int, bytes: UnsafeBufferPointer<UInt8>, trailingUnigram: Bool,
        context: UnsafeMutableRawPointer?, callback: FTS5TokenCallback
    ) -> CInt {
        let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        func emit(_ start: Int, _ stop: Int, flags: CInt = 0) -> CInt {
            callback(context, flags, base + start, CInt(stop - start), CInt(start), CInt(stop))
        }
        if offsets.count == 1 { return emit(offsets[0], end) }
        for position in 0..<(offsets.count - 1) {
            let stop = position + 2 < offsets.count ? offsets[position + 2] : end
            let code = emit(offsets[position], stop)
            if code != sqliteOK { return code }
        }
        return trailingUnigram ? emit(offsets[offsets.count - 1], end, flags: tokenColocated) : sqliteOK
    }

    /// Runs `unicode61` over part of the text, shifting the offsets it reports and folding `ё`
    /// and `ß`.
    private func tokenizeSegment(
        _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, tokenization: FTS5Tokenization,
        context: UnsafeMutableRawPointer?, callback: @escaping FTS5TokenCallback
    ) -> CInt {
        var shifted = ShiftedContext(context: context, callback: callback, offset: CInt(range.lowerBound))
        let start = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound).assumingMemoryBound(to: CChar.self)
        return withUnsafeMutablePointer(to: &shifted) { pointer in
            wrapped.tokenize(context: pointer, tokenization: tokenization, pText: start, nText: CInt(range.count)) {
                raw, flags, token, length, tokenStart, tokenEnd in
                let shifted = raw!.assumingMemoryBound(to: ShiftedContext.self).pointee
                return FoldedLetters.withFolded(token, length) { token in
                    shifted.callback(shifted.context, flags, token, length, tokenStart + shifted.offset, tokenEnd + shifted.offset)
                }
            }
        }
    }

    private struct ShiftedContext {
        var context: UnsafeMutableRawPointer?
        var callback: FTS5TokenCallback
        var offset: CInt
    }
}

/// Which characters are written without spaces between words.
enum CJKText {
    /// A quick byte test: only text with a lead byte of U+0E00 or above (`E0 B8` and up) can hold
    /// characters that are indexed as bigrams. Latin, Cyrillic, Greek, Arabic and Hebrew text
    /// never passes it.
    static func mayContainBigrammed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices where bytes[index] >= 0xE0 {
            if bytes[index] >= 0xE1 || index + 1 < bytes.count && bytes[index + 1] >= 0xB8 { return true }
        }
        return false
    }

    /// Whether `scalar` is indexed as bigrams: a Han, kana or hangul character, or a letter, mark
    /// or digit of a Southeast Asian script written without spaces (Thai, Lao, Khmer, Myanmar,
    /// Tai Le, New Tai Lue, Tai Tham, Tai Viet, Buginese, Balinese, Javanese). Punctuation
    /// (CJK U+3000–U+303F, fullwidth forms, Thai `๏`, Khmer `។`, Myanmar `။`) separates words.
    static func isBigrammed(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3040...0x30FF, 0x31F0...0x31FF,  // hiragana, katakana
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,  // Han
            0xFF66...0xFF9F,  // halfwidth katakana
            0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF:  // hangul
            return true
        case 0x0E01...0x0E3A, 0x0E40...0x0E4E, 0x0E50...0x0E59,  // Thai, without ฿ ๏ ๚ ๛
            0x0E81...0x0EFF,  // Lao
            0x1780...0x17D3, 0x17D7, 0x17DC...0x17DD, 0x17E0...0x17E9, 0x17F0...0x17F9,  // Khmer, without ។ ៕ ៖ ៘ ៙ ៚ ៛
            0x1000...0x1049, 0x1050...0x109D:  // Myanmar, without ၊ ။ ၌ ၍ ၎ ၏
            return true
        case 0x1950...0x19DF, 0x1A00...0x1A1F, 0x1A20...0x1AAF, 0x1B00...0x1B7F,  // Tai Le, New Tai Lue, Buginese, Tai Tham, Balinese
            0xA980...0xA9FF, 0xAA60...0xAADF:  // Javanese, Myanmar extended A and B, Tai Viet
            return isWordCharacter(scalar)
        default:
            return false
        }
    }

    /// Whether `scalar` is a letter, a mark or a digit (not punctuation or a symbol).
    private static func isWordCharacter(_ scalar: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Decodes the scalar at `index` (valid UTF-8 is assumed; a stray byte counts as one).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return (UInt32(lead), 1) }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (scalar, length)
    }

    /// Whether the last token of `text` as a query is one character indexed as bigrams (`京`,
    /// `ก`, `東京 大`, `x京`, `「京」`): a query must search it as a prefix, since the index holds
    /// it alone only at the end of a run, and the text may go on after it.
    static func endsWithSingleBigrammedCharacter(_ text: some StringProtocol) -> Bool {
        var last: Unicode.Scalar?
        var beforeLast: Unicode.Scalar?
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isBigrammed(scalar.value) || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                last = scalar
                beforeLast = previous
            }
            previous = scalar
        }
        guard let last, isBigrammed(last.value) else { return false }
        return beforeLast.map { !isBigrammed($0.value) } ?? true
    }
}

/// The letters the index stores as others of the same length in UTF-8, which `unicode61` keeps
/// apart: `ё` (which Russian text often writes as `е`) as `е`, and `ß` (which German's stemmer
/// reads as `ss`, and which a keyboard without it types as `ss`) as `ss`. `unicode61` has already
/// lowercased `Ё` and `ẞ`.
enum FoldedLetters {
    /// Whether UTF-8 text may hold a letter that is folded: `ё` or `Ё` (D1 91, D0 81) or `ß`
    /// (C3 9F; `ẞ`, E1 BA 9E, sends the text through the CJK scan anyway). None of these pairs
    /// occurs inside another character, since D0, D1 and C3 are never continuation bytes.
    static func containsFolded(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 1 else { return false }
        for index in 0..<(bytes.count - 1) {
            switch (bytes[index], bytes[index + 1]) {
            case (0xD1, 0x91), (0xD0, 0x81), (0xC3, 0x9F): return true
            default: continue
            }
        }
        return false
    }

    /// Calls `body` with the (lowercased) token, every `ё` replaced by `е` and every `ß` by
    /// `ss`: the same length in UTF-8 (D1 91 → D0 B5, C3 9F → 73 73), so offsets stay right.
    static func withFolded(_ token: UnsafePointer<CChar>?, _ length: CInt, _ body: (UnsafePointer<CChar>?) -> CInt) -> CInt {
        guard let token, length > 1 else { return body(token) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(token).assumingMemoryBound(to: UInt8.self), count: Int(length))
        guard containsFolded(bytes) else { return body(token) }
        var folded = Array(bytes)
        for index in 0..<(folded.count - 1) {
            switch (folded[index], folded[index + 1]) {
            case (0xD1, 0x91): (folded[index], folded[index + 1]) = (0xD0, 0xB5)
            case (0xC3, 0x9F): (folded[index], folded[index + 1]) = (0x73, 0x73)
            default: continue
            }
        }
        return folded.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }
}

/// SQLite's `SQLITE_OK` (the C constant is not visible outside GRDB).
private let sqliteOK: CInt = 0

/// FTS5's `FTS5_TOKEN_COLOCATED`: the token takes the position of the one before it.
private let tokenColocated: CInt = 1
