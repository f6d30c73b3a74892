extension Vault {
    /// The moves outside enote that the index recorded, each with the links it broke and how
    /// they would be rewritten (``RenamePlanner`` as if enote had made the move), for
    /// `enote doctor`. The index must be fresh.
    ///
    /// A move with nothing to repair (made by `enote mv`, whose links were rewritten already, or
    /// repaired by hand) is forgotten as it is found, so that later checks do not plan it again.
    package func moveRepairs(index: NoteIndex) throws(VaultError) -> [MoveRepair] {
        var repairs: [MoveRepair] = []
        for move in try index.recordedMoves() {
            let repair = try repair(of: move, index: index)
            if repair.isSettled {
                // A read-only vault keeps its index in memory: nothing is lost if this fails.
                try? index.forgetMoves(from: move.from)
            } else {
                repairs.append(repair)
            }
        }
        return repairs
    }

    /// Rewrites the links that moves outside enote broke (`enote doctor --fix-links`), one move
    /// at a time, with the rename's machinery: a journal in `.enote/` first (the next command
    /// completes it after a crash), then each note swapped by ``BatchReplacer``, only where it
    /// still holds what was read. An ambiguous move is never repaired. A move repaired, or with
    /// nothing to repair, is forgotten.
    ///
    /// Everything unsafe stops the repair before any file is touched: a note open in an editor
    /// (unless `force`), a note changed since it was read, a link that cannot be rewritten.
    /// - Parameter afterStep: Called after each step of the journal (a test hook).
    package func repairMovedLinks(
        index: NoteIndex, force: Bool = false, afterStep: (Int) -> Void = { _ in }
    ) throws(VaultError)
        -> [MoveRepairResult]
    {
        let lock = try lock()
        defer { lock.release() }
        _ = try completeJournal()
        let repairs = try moveRepairs(index: index)
        for repair in repairs where !repair.move.isAmbiguous {
            if repair.problem != nil, let message = repair.message { throw .blocked(message) }
            try checkSafe(repair.edits, force: force)
        }
        var results: [MoveRepairResult] = []
        for first in repairs where !first.move.isAmbiguous {
            // Planned again: an earlier repair may have rewritten a note this one changes too.
            let repair = try self.repair(of: first.move, index: index)
            guard let plan = repair.plan, !repair.edits.isEmpty else {
                if repair.isSettled { try index.forgetMoves(from: repair.move.from) }
                continue
            }
            let leftAlone = try carryOut(RenameJournal(repairing: plan), edits: repair.edits, force: force, afterStep: afterStep)
            if leftAlone.isEmpty { try index.forgetMoves(from: repair.move.from) }
            results.append(
                MoveRepairResult(
                    from: plan.from, to: plan.to, rewrittenNotes: repair.edits.map(\.path).filter { !leftAlone.contains($0) },
                    rewrittenLinks: repair.edits.reduce(0) { $0 + $1.rewrittenLinks }, leftAlone: leftAlone))
        }
        return results
    }

    private func repair(of move: RecordedMove, index: NoteIndex) throws(VaultError) -> MoveRepair {
        guard !move.isAmbiguous else { return MoveRepair(move: move, plan: nil, problem: nil) }
        do {
            let plan = try RenamePlanner(vault: self, graph: MovedLinkGraph(index: index)).plan(from: move.from, to: move.to[0], alreadyMoved: true)
            return MoveRepair(move: move, plan: plan, problem: nil)
        } catch .notEditable(_, let reason) {
            return MoveRepair(move: move, plan: nil, problem: reason)
        } catch {
            return MoveRepair(move: move, plan: nil, problem: error.message)
        }
    }
}
