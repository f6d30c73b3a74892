import Foundation

/// The integration step of a sync: the rebase, removals against changes, and what is still in
/// conflict.
extension VaultSync {
    /// Rebases the local commits onto the upstream. A note removed on one side and changed on
    /// the other is kept with the change (nothing anyone wrote is lost; the removing side still
    /// has it in its trash); any other conflict stops the rebase and throws `conflict`.
    func rebase(onto upstream: Upstream, report: inout VaultSyncReport) throws(SyncError) {
        let rebased = git.run(["-c", "rebase.autoStash=false", "-c", "rebase.updateRefs=false", "rebase", "--quiet", upstream.trackingRef])
        if rebased.succeeded { return }
        guard isRebasing(GitState(vaultRoot: vault.root)) else { throw .gitFailed(command: "rebase", reason: GitFailure.reason(rebased)) }
        try resolveAndContinue(report: &report)
    }

    /// Settles what can be settled in the stopped rebase and continues it, commit after commit.
    func resolveAndContinue(report: inout VaultSyncReport) throws(SyncError) {
        while isRebasing(GitState(vaultRoot: vault.root)) {
            let stages = unmergedStages()
            var remaining: [String] = []
            for (path, present) in stages.sorted(by: { $0.key < $1.key }) {
                // Stage 1 is the common ancestor, 2 and 3 the two sides: with one side missing,
                // one side removed the file and the other changed it; git left the changed one.
                if present.contains(1), present.contains(2) != present.contains(3) {
                    let added = git.run(["add", "-A", "--", path])
                    guard added.succeeded else { throw .gitFailed(command: "add", reason: GitFailure.reason(added)) }
                    report.keptRemovals.append(path)
                } else {
                    remaining.append(path)
                }
            }
            if !remaining.isEmpty { throw .conflict(paths: remaining) }
            var continued = git.run(["-c", "core.editor=true", "rebase", "--continue"])
            if !continued.succeeded, unmergedStages().isEmpty, isRebasing(GitState(vaultRoot: vault.root)),
                git.run(["diff", "--cached", "--quiet"]).succeeded
            {
                // The commit being replayed has nothing left to add: the other side has it all.
                continued = git.run(["rebase", "--skip"])
            }
            if !continued.succeeded, unmergedStages().isEmpty, isRebasing(GitState(vaultRoot: vault.root)) {
                throw .gitFailed(command: "rebase --continue", reason: GitFailure.reason(continued))
            }
        }
    }

    /// Whether a rebase is stopped in this repository.
    func isRebasing(_ state: GitState) -> Bool {
        guard let folder = state.gitDirectory else { return false }
        return FileManager.default.fileExists(atPath: folder + "/rebase-merge") || FileManager.default.fileExists(atPath: folder + "/rebase-apply")
    }

    /// The unmerged paths (relative to the vault) and which stages each has.
    func unmergedStages() -> [String: Set<Int>] {
        let listed = git.run(["ls-files", "-u", "-z", "--", "."])
        var stages: [String: Set<Int>] = [:]
        for record in GitRepository.fields(listed.stdout) {
            // "mode hash stage\tpath"
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 3, let stage = Int(fields[2]) else { continue }
            stages[String(record[record.index(after: tab)...]), default: []].insert(stage)
        }
        return stages
    }

    /// The notes in conflict, sorted.
    func unmergedPaths() -> [String] { unmergedStages().keys.sorted() }

    /// The line of the first conflict marker in a conflicted file, if any: `enote doctor`'s
    /// check (a lone `=======` is a Markdown heading's underline, and code is the note's own
    /// text), and also a marker line in code that neither side had, which the merge put there.
    func firstMarkerLine(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: vault.root + "/" + path) else { return nil }
        let markers = ConflictMarkers.markers(in: Array(data))
        guard markers.contains(where: \.inCode) else { return markers.first?.line }
        var sides: Set<[UInt8]> = []
        for stage in [2, 3] {
            let side = git.run(["cat-file", "blob", ":\(stage):./\(path)"])
            guard side.succeeded else { continue }
            for marker in ConflictMarkers.markers(in: side.stdout) { sides.insert(marker.text) }
        }
        return markers.first { !$0.inCode || !sides.contains($0.text) }?.line
    }
}
