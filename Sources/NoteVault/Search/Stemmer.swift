import CStemmer

/// One of Snowball's stemmers (libstemmer): the stem that every form of a word shares in one
/// language (`files`, `filing` → `file`; `молока`, `молоко` → `молок`).
///
/// A stemmer holds libstemmer's working memory, so one instance serves one thread at a time: a
/// search makes its own (``SearchPlanner``). Stems are compared with stems, never shown.
final class Stemmer {
    /// The language it stems.
    let language: SearchLanguage
    private let handle: OpaquePointer

    /// A stemmer for `language`; `nil` when it has none (Japanese) or libstemmer lacks it.
    init?(_ language: SearchLanguage) {
        guard let algorithm = language.algorithm, let handle = sb_stemmer_new(algorithm, "UTF_8") else { return nil }
        self.language = language
        self.handle = handle
    }

    deinit {
        sb_stemmer_delete(handle)
    }

    /// The stem of `word` (UTF-8, lowercased as the index stores its words).
    func stem(_ word: [UInt8]) -> [UInt8] {
        guard !word.isEmpty else { return word }
        return word.withUnsafeBufferPointer { buffer in
            // The result lives in the stemmer until its next call: copied at once.
            guard let stemmed = sb_stemmer_stem(handle, buffer.baseAddress, Int32(buffer.count)) else { return word }
            return Array(UnsafeBufferPointer(start: stemmed, count: Int(sb_stemmer_length(handle))))
        }
    }
}
