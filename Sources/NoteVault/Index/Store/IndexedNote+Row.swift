import Foundation
import GRDB

/// Reading a note's row of `notes` back.
extension IndexedNote {
    /// The columns read for every note, in the order ``init(row:)`` expects.
    static let columns = """
        n.id, n.path, n.title, n.description, n.color, n.destroy_at, n.destroy_state, n.updated_at,
        n.created_at, n.order_key, n.tags, n.images, n.diagnostics, n.has_error, n.links
        """

    init(row: Row) {
        id = row[0]
        let path: Data = row[1]
        self.path = NotePath(bytes: [UInt8](path))
        title = row[2]
        description = row[3]
        let colorText: String = row[4]
        color = (try? NoteColor(parsing: colorText)) ?? .default
        destroy = (row[5] as Double?).map(Date.init(timeIntervalSince1970:))
        destroyProblem = DestroyProblem(rawValue: row[6])
        updated = Date(timeIntervalSince1970: row[7])
        created = Date(timeIntervalSince1970: row[8])
        order = row[9]
        tags = StringArrayColumn.decode(row[10])
        images = StringArrayColumn.decode(row[11])
        diagnostics = DiagnosticsColumn.decode(row[12])
        hasError = row[13]
        links = StringArrayColumn.decode(row[14])
    }
}
