import Foundation
import NoteVault

extension ListPage {
    /// Whether rows can be dragged: the list is in manual order (not reversed, not filtered,
    /// every note shown) and editing is on.
    var canReorder: Bool {
        sort == .order && !request.reverse && !isRestrictive && !request.pending && total == notes.count && !frame.readOnly
    }

    /// The list's attributes for `reorder.js`: the handle's label in the page's language.
    var reorderAttributes: HTML {
        canReorder ? " data-reorder=\"1\" data-move-label=\"\(frame.text("Move"))\"" : .empty
    }
}
