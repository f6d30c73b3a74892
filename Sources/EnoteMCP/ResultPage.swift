import EnoteRPC
import NoteVault

/// A page of a long list: the items that fit in an answer, from the offset a cursor names, and
/// the cursor of the next page when there is one.
struct ResultPage<Item: Encodable & Sendable>: Sendable {
    var items: [Bounded<Item>]
    var nextCursor: String?

    /// The items of `all` from `offset` that fit in `budget` bytes (at least one, cut by
    /// ``AnswerBound`` when it alone is too long), at most `limit`; `more` says whether items
    /// follow `all` (a list fetched only this far).
    init(
        _ all: [Item], from offset: Int, limit: Int, text: AnswerText, budget: Int = ToolResult.maximumBytes - 2000, more: Bool = false
    ) {
        var items: [Bounded<Item>] = []
        var used = 0
        var index = offset
        while index < all.count, items.count < limit {
            let (item, itemSize) = AnswerBound.fit(all[index], budget, text: text)
            let size = itemSize + 1
            if !items.isEmpty, used + size > budget { break }
            items.append(item)
            used += size
            index += 1
        }
        self.items = items
        self.nextCursor = index < all.count || (more && index >= all.count) ? String(index) : nil
    }
}

/// Where a page starts: the offset a cursor names.
enum PageCursor {
    /// The offset a cursor names (`nil` cursor: the start).
    static func offset(_ cursor: String?) throws(ResponseError) -> Int {
        guard let cursor else { return 0 }
        guard let offset = Int(cursor), offset >= 0, offset < 10_000_000 else {
            throw ResponseError(.invalidParams, Localization.text("the cursor is not one this server gave; start again without it"))
        }
        return offset
    }
}

/// Where the next page of a note's text starts, and the revision the pages before it were read
/// from: `OFFSET@REVISION`. A page asked for with a cursor of another revision is refused (the
/// note changed between pages: its parts would not join), never given from the new text.
struct ReadCursor: Equatable {
    var offset: Int
    var revision: NoteRevision?

    init(offset: Int, revision: NoteRevision?) {
        self.offset = offset
        self.revision = revision
    }

    /// The cursor's text, as an answer gives it.
    var text: String { revision.map { "\(offset)@\($0)" } ?? String(offset) }

    /// Reads a cursor this server gave (`nil`: the start).
    init(_ cursor: String?) throws(ResponseError) {
        guard let cursor else {
            self.init(offset: 0, revision: nil)
            return
        }
        let parts = cursor.split(separator: "@", omittingEmptySubsequences: false)
        let revision = parts.count == 2 ? NoteRevision(String(parts[1])) : nil
        guard parts.count == 1 || (parts.count == 2 && revision != nil) else {
            throw ResponseError(.invalidParams, Localization.text("the cursor is not one this server gave; start again without it"))
        }
        self.init(offset: try PageCursor.offset(String(parts[0])), revision: revision)
    }
}
