import Foundation
import GRDB

/// What a row of `notes` is written from: the note's record and the `updated` time the write
/// settled on (see ``IndexWriter/update(id:with:previous:)``).
struct NoteRowInput {
    var record: IndexRecord
    var updatedAt: Double
}

/// One column of `notes`: its name and SQL definition, how a row being written binds it, and
/// how a row read back sets it on an ``IndexedNote``.
struct NoteColumn: Sendable {
    /// The column's name, as the statements built from ``NoteColumns/all`` spell it.
    var name: String
    /// Its type and constraints in `CREATE TABLE`.
    var definition: String
    /// Binds the column's value as the next parameter of an insert or update; `nil` for the
    /// row id, which SQLite assigns.
    var bind: (@Sendable (NoteRowInput, inout RawStatement) -> Void)?
    /// Sets the field the column holds from `row[index]`; `nil` for a column only the index
    /// itself uses.
    var read: (@Sendable (inout IndexedNote, Row, Int) -> Void)?
}

/// The one definition of the `notes` table: ``IndexSchema`` creates it from ``all``,
/// ``IndexWriter`` builds its insert and update from it and binds each row by these closures
/// (raw prepared statements: the bulk build binds 100,000 rows), and ``IndexedNote`` is read
/// back by it. A new field of a note is one line here (plus its value in ``IndexRecord`` and
/// its property in ``IndexedNote``). The order is the table's column order. An index whose
/// `notes` columns are not these (made before a field was added) is rebuilt when it is opened
/// (``IndexStore/schemaProblem()``), so adding a column needs no new ``IndexSchema/version``.
enum NoteColumns {
    static let all: [NoteColumn] = [
        NoteColumn(name: "id", definition: "INTEGER PRIMARY KEY", read: { note, row, index in note.id = row[index] }),
        NoteColumn(
            name: "path", definition: "BLOB NOT NULL", bind: { $1.bind(blob: $0.record.path.bytes) },
            read: { note, row, index in note.path = NotePath(bytes: [UInt8](row[index] as Data)) }),
        NoteColumn(name: "display_path", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.path.description) }),
        NoteColumn(name: "size", definition: "INTEGER NOT NULL", bind: { $1.bind($0.record.fingerprint.size) }),
        NoteColumn(
            name: "hash", definition: "INTEGER NOT NULL", bind: { $1.bind($0.record.hash.storedValue) },
            read: { note, row, index in
                let stored: Int64 = row[index]
                note.revision = stored == 0 ? nil : NoteRevision(hash: ContentHash(value: UInt64(bitPattern: stored)))
            }),
        NoteColumn(name: "content_hash", definition: "INTEGER NOT NULL", bind: { $1.bind($0.record.contentHash.storedValue) }),
        NoteColumn(name: "title", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.note.title) }, read: { $0.title = $1[$2] }),
        NoteColumn(name: "title_key", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.titleKey) }),
        NoteColumn(
            name: "description", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.note.description) }, read: { $0.description = $1[$2] }),
        NoteColumn(
            name: "color", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.note.color.description) },
            read: { note, row, index in note.color = (try? NoteColor(parsing: row[index] as String)) ?? .default }),
        NoteColumn(
            name: "destroy_at", definition: "REAL", bind: { $1.bind($0.record.destroyAt) },
            read: { note, row, index in note.destroy = (row[index] as Double?).map(Date.init(timeIntervalSince1970:)) }),
        NoteColumn(
            name: "destroy_state", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.destroyState) },
            read: { note, row, index in note.destroyProblem = IndexedNote.DestroyProblem(rawValue: row[index]) }),
        NoteColumn(name: "fm_updated", definition: "TEXT", bind: { $1.bind($0.record.frontMatterUpdated) }),
        NoteColumn(
            name: "updated_at", definition: "REAL NOT NULL", bind: { $1.bind($0.updatedAt) },
            read: { note, row, index in note.updated = Date(timeIntervalSince1970: row[index]) }),
        NoteColumn(
            name: "created_at", definition: "REAL NOT NULL", bind: { $1.bind($0.record.created) },
            read: { note, row, index in note.created = Date(timeIntervalSince1970: row[index]) }),
        NoteColumn(name: "order_key", definition: "TEXT", bind: { $1.bind($0.record.note.order) }, read: { $0.order = $1[$2] }),
        NoteColumn(
            name: "tags", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.tagsJSON) },
            read: { note, row, index in note.tags = StringArrayColumn.decode(row[index]) }),
        NoteColumn(
            name: "images", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.imagesJSON) },
            read: { note, row, index in note.images = StringArrayColumn.decode(row[index]) }),
        NoteColumn(
            name: "links", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.linksJSON) },
            read: { note, row, index in note.links = StringArrayColumn.decode(row[index]) }),
        NoteColumn(
            name: "diagnostics", definition: "TEXT NOT NULL", bind: { $1.bind($0.record.diagnosticsJSON) },
            read: { note, row, index in note.diagnostics = DiagnosticsColumn.decode(row[index]) }),
        NoteColumn(name: "has_error", definition: "INTEGER NOT NULL", bind: { $1.bind($0.record.note.hasError) }, read: { $0.hasError = $1[$2] }),
        NoteColumn(name: "editable", definition: "INTEGER NOT NULL", bind: { $1.bind($0.record.editable) }),
    ]

    /// `CREATE TABLE notes (…)`.
    static let createTable = "CREATE TABLE notes (\n" + all.map { "    \($0.name) \($0.definition)" }.joined(separator: ",\n") + "\n)"

    /// The columns a write binds, in their order.
    static let written: [(name: String, bind: @Sendable (NoteRowInput, inout RawStatement) -> Void)] = all.compactMap { column in
        column.bind.map { (column.name, $0) }
    }

    /// Binds every written column of `input` to `statement`, from its first parameter on.
    static func bind(_ input: NoteRowInput, to statement: inout RawStatement) {
        for column in written { column.bind(input, &statement) }
    }
}

/// Some of the columns of `notes` read back, for a caller that needs only some of a note's
/// fields (a query over thousands of notes does not decode each note's pictures, links and
/// diagnostics it never looks at); the fields of the columns left out keep their empty values.
struct NoteColumnSubset: Sendable {
    /// The select list (the table aliased `n`).
    let selection: String
    private let readers: [@Sendable (inout IndexedNote, Row, Int) -> Void]

    /// Every column ``IndexedNote`` is read from, but those named in `omitted`.
    init(omitting omitted: Set<String>) {
        let kept = NoteColumns.all.filter { $0.read != nil && !omitted.contains($0.name) }
        selection = kept.map { "n." + $0.name }.joined(separator: ", ")
        readers = kept.compactMap(\.read)
    }

    /// Every column: the whole note.
    static let all = NoteColumnSubset(omitting: [])

    /// The note in a row selected with ``selection``.
    func note(in row: Row) -> IndexedNote {
        var note = IndexedNote(path: NotePath(bytes: []))
        for (index, read) in readers.enumerated() { read(&note, row, index) }
        return note
    }
}

/// Reading a note's row of `notes` back, by ``NoteColumns``.
extension IndexedNote {
    /// The columns read for every note (the table aliased `n`), in the order ``init(row:)`` expects.
    static let columns = NoteColumnSubset.all.selection

    init(row: Row) {
        self = NoteColumnSubset.all.note(in: row)
    }
}
