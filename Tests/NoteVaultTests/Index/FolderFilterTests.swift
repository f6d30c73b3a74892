import Foundation
import Testing

@testable import NoteVault

/// `NoteFilter.folder`: the notes of a folder and of the folders under it, never of a sibling
/// whose name merely starts the same (`work` is not `workshop`), in `list`, `count` and
/// `search`.
@Suite struct FolderFilterTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        for path in ["work/a.md", "work/deep/b.md", "workshop/c.md", "work-notes.md", "d.md", "work0/e.md"] {
            try sandbox.write(path, VaultSandbox.noteText(title: path, body: "shared word\n"))
        }
    }

    func paths(_ folder: String) throws -> (list: [String], count: Int, search: [String]) {
        let index = try sandbox.vault().freshCommandIndex()
        var filter = NoteFilter(now: VaultSandbox.now)
        filter.folder = NotePath(trusted: folder)
        let list = try index.list(filter, sort: NoteSort(key: .title)).map(\.path.description)
        let search = try index.search(SearchQuery(parsing: "shared"), filter: filter, limit: 50).notes.map(\.path.description).sorted()
        return (list, try index.count(filter), search)
    }

    @Test func folderAndItsSubfolders() throws {
        let found = try paths("work")
        #expect(found.list == ["work/a.md", "work/deep/b.md"])
        #expect(found.count == 2)
        #expect(found.search == ["work/a.md", "work/deep/b.md"])
    }

    @Test func nestedFolder() throws {
        #expect(try paths("work/deep").list == ["work/deep/b.md"])
        #expect(try paths("nowhere").list == [])
    }
}
