import Foundation

/// A note in the vault: where it is, what it says, and the file status it was read with.
public struct Note: Sendable {
    /// The path relative to the vault root.
    public let path: NotePath
    /// The file's content, read.
    public let content: NoteContent
    /// The file's status when it was read.
    package let status: FileStatus

    package init(path: NotePath, content: NoteContent, status: FileStatus) {
        self.path = path
        self.content = content
        self.status = status
    }

    /// The title a list shows.
    public var title: String { content.headline.title }

    /// The one-line description a list shows.
    public var description: String { content.headline.description }

    /// The file's modification time.
    public var modified: Date { Date(timeIntervalSince1970: Double(status.modified) / 1_000_000_000) }

    /// When the note last changed as far as this file alone tells: the `updated` key, else the
    /// file's modification time. (The index knows better: it also notices an edit by another
    /// editor that did not stamp `updated`; see ``IndexedNote/updated``.)
    public func updated(in timeZone: TimeZone) -> Date {
        content.metadata.updated?.resolved(in: timeZone) ?? modified
    }

    /// When the note was created: the `created` key, else the modification time.
    public func created(in timeZone: TimeZone) -> Date {
        content.metadata.created?.resolved(in: timeZone) ?? modified
    }

    /// When the note is due to be destroyed, if its destroy date is valid and unambiguous.
    public func destroyDate(in timeZone: TimeZone) -> Date? {
        content.metadata.destroy.validDate?.resolved(in: timeZone)
    }
}
