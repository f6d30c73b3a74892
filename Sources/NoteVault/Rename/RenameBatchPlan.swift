/// One file moved to a new path, as an editor's file tree asks: a note, a picture, or a folder
/// standing for every file beneath it.
package struct RenameMove: Sendable, Equatable {
    /// Where the file or folder is now (vault-relative).
    package var from: NotePath
    /// Where it goes.
    package var to: NotePath

    package init(from: NotePath, to: NotePath) {
        self.from = from
        self.to = to
    }
}

/// Every link edit that moving several files at once makes (notes selected together in an
/// editor's file tree, a folder renamed there), planned as one move: each link is judged against
/// the vault as it is and as it will be once every file has moved, so each range of a file gets
/// at most one edit. The files themselves are moved by whoever asked (the editor); the plan
/// changes nothing.
package struct RenameBatchPlan: Sendable {
    /// Every file that moves, a folder's files one by one.
    package var moves: [RenameMove]
    /// The moved notes (at their old paths, `newPath` the new one) and then the other notes whose
    /// links change; an edit without replacements changes nothing.
    package var edits: [RenamePlan.FileEdit]
}

extension Vault {
    /// Plans moving several files or folders at once without changing anything: the edits that
    /// keep every link leading where it led, for an editor that moves the files itself
    /// (`workspace/willRenameFiles` of `enote lsp`).
    /// - Throws: ``RenameError`` (wrapped in ``VaultError/rename(_:)``) for a batch `enote mv`
    ///   would refuse for one of its files, or two files moving to one path.
    package func planMoves(_ moves: [RenameMove], graph: (any LinkGraph)? = nil) throws(VaultError) -> RenameBatchPlan {
        try RenamePlanner(vault: self, graph: graph ?? ScanningLinkGraph(vault: self)).plan(moves: moves)
    }
}
