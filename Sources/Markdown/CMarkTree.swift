import CCMark

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that owns libcmark documents and their iteration: parse, lend the root to a
/// closure, walk it, free.
enum CMarkTree {
    /// Whether the walk arrives at a node (before its children) or leaves it (after them).
    /// Leaf nodes (text, code, breaks, code blocks, thematic breaks) are only entered.
    enum Event {
        case enter
        case exit
    }

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
            MarkdownParseCounter.current?.countOne()
            defer { cmark_node_free(root) }
            return try body(root)
        }
    }

    /// Walks the tree under `root` depth first, calling `visit` on entering every node and on
    /// leaving every node that has children, with the node's type. The iterator is freed
    /// before this returns; `visit` may change a node's fields but not the tree's shape.
    @inline(__always)
    static func walk(_ root: OpaquePointer, _ visit: (Event, OpaquePointer, cmark_node_type) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(event == CMARK_EVENT_ENTER ? .enter : .exit, node, cmark_node_get_type(node))
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
