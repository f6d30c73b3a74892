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
