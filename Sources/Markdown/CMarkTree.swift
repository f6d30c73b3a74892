import CCMark

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that owns libcmark documents: parse, lend the root to a closure, free.
enum CMarkTree {
    /// Options every parse uses: smart punctuation off, so the text stays as written.
    static let parseOptions: Int32 = CMARK_OPT_DEFAULT

    /// Parses UTF-8 bytes and lends the document's root node to `body`; the tree is freed
    /// before this returns, so `body` must not let the pointer escape.
    static func withDocument<Result>(
        _ bytes: UnsafeRawBufferPointer,
        _ body: (OpaquePointer) throws -> Result
    ) rethrows -> Result? {
        let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let empty: [CChar] = [0]
        return try empty.withUnsafeBufferPointer { emptyBuffer in
            guard let root = cmark_parse_document(start ?? emptyBuffer.baseAddress, bytes.count, parseOptions) else {
                return nil
            }
            defer { cmark_node_free(root) }
            return try body(root)
        }
    }

    /// Copies a C string owned by libcmark into a Swift string (empty for `NULL`).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Takes ownership of a string that a `cmark_render_*` call allocated: copies it, frees it.
    static func consume(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
