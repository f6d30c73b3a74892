/// Where in a note's attachments a search hit was found: a picture (`receipt.jpg`), or a page of
/// a PDF (`contract.pdf p. 3`). A hit carries one when none of the search's words is in the
/// note's own text but some are in the text read from its pictures and PDFs.
public struct AttachmentPlace: Sendable, Equatable, Encodable {
    /// The file's vault path.
    public var path: NotePath
    /// The page of a PDF, from 1; `nil` for a picture.
    public var page: Int?

    public init(path: NotePath, page: Int?) {
        self.path = path
        self.page = page
    }

    /// How a front end names the place: `receipt.jpg`, `contract.pdf p. 3` (translated).
    public var label: LocalizedMessage {
        guard let page else { return "\(path.description)" }
        return "\(path.description) p. \(String(page))"
    }

    /// `{"path": "contract.pdf", "page": 3}` (`page` is `null` for a picture).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(path.description, forKey: "path")
        try json.encode(page, forKey: "page")
    }
}
