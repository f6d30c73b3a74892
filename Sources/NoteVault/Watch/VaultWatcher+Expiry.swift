import CEnoteSystem
import Foundation

/// Expiry in the watcher: a pass after changes and when the timer for the next destroy date
/// fires, and the timer itself.
extension VaultWatcher {
    /// Destroys due notes and sets the timer for the next destroy date.
    ///
    /// A whole pass looks at every due note, which in a vault with thousands of them waiting
    /// (refused by `expiry_cap`) costs tens of milliseconds, and the watcher runs one after
    /// every save. So a change runs it only when it can decide anything new: a changed note is
    /// due now, the time the timer is set for has come (by the vault's clock, which may have
    /// been set ahead), or the last pass kept a note for a cause that may have gone (a failed
    /// move).
    /// Otherwise only the notes just indexed are looked at for an unusable destroy date, and
    /// the timer is set again.
    /// - Parameters:
    ///   - paths: The notes to name when their destroy key cannot be used: those just
    ///     indexed, or all (`nil`) after a walk of the whole vault.
    ///   - touched: The notes that changed, or `nil` after a walk, at start and when the timer
    ///     fires: then the whole pass runs.
    /// A watcher whose role does not change the vault on its own (``Options/role``,
    /// ``SessionRole/changesVaultOnItsOwn``) does nothing here.
    func runExpiry(unusableAmong paths: [NotePath]?, touched: [NotePath]? = nil) throws(VaultError) {
        guard options.role.changesVaultOnItsOwn else { return }
        let expirer = Expirer(vault: vault, index: index)
        let now = vault.clock.now()
        let timeHasCome = armedDestroy.map { now >= $0 } ?? false
        if let touched, let paths, !expiryRetry, !timeHasCome, try !index.anyDue(touched, at: now) {
            let unusable = try expirer.unusableDestroyDates(among: paths)
            for path in paths where !unusable.contains(where: { $0.path == path }) {
                kept[path] = nil  // fixed: should it break again, it is named again
            }
            for note in unusable {
                if kept[note.path] != note.reason { say("kept \(note.path): \(note.reason)") }
                kept[note.path] = note.reason
            }
            armTimer(at: try expirer.nextDestroy(after: now))
            return
        }
        let jump = clockGuard.observe(wall: vault.clock.now(), elapsed: vault.clock.elapsed())
        let clockGuard = self.clockGuard
        let report = try expirer.run(unusableAmong: paths, holdBack: clockGuard.holdsBack)
        if let jump {
            say(
                LocalizedMessage(
                    """
                    the system clock jumped \(jump.size) ahead of the time that passed; notes that became due only because of the jump \
                    are not destroyed (\(report.heldBack.count) now)
                    """,
                    remedy: .expireIfClockIsRight))
        }
        for note in report.expired {
            let date = NoteDate.stamp(note.destroy, in: vault.clock.timeZone)
            if let trashed = note.trashedAs {
                say("expired \(note.path) (destroy date \(date)) → .trash/\(trashed)")
            } else {
                say("expired \(note.path) (destroy date \(date)) → deleted")
            }
        }
        var keptNow: [NotePath: LocalizedMessage] = [:]
        for note in report.skipped {
            if kept[note.path] != note.reason { say("kept \(note.path): \(note.reason)") }
            keptNow[note.path] = note.reason
        }
        kept = keptNow
        // A refusal is said once; it is said again only when it changes (more notes due).
        if let refusal = report.refusal, refusal != refused { say("expiry refused: \(refusal)") }
        refused = report.refusal
        expiryRetry = report.skipped.contains(where: \.mayRetry)
        guard expiryRetry else { return armTimer(at: report.nextDestroy) }
        // Nothing may happen in the vault when the cause passes (a merge is committed): the
        // timer comes back for those notes, at the latest after the retry interval.
        let retry = vault.clock.now().addingTimeInterval(options.expiryRetryInterval)
        armTimer(at: report.nextDestroy.map { min($0, retry) } ?? retry)
    }

    /// Sets the timer to fire at `date` (disarmed when `nil`).
    private func armTimer(at date: Date?) {
        armedDestroy = date
        _ = enote_timerfd_arm_at(timer, date?.timeIntervalSince1970 ?? 0)
    }
}
