/// What a user can do about a problem, as the library knows it: a typed suggestion that travels
/// with a ``LocalizedMessage`` and that each front end words in its own terms (the command line
/// names a command to type, an editor server could offer an action).
///
/// The library's messages state facts only; a front end registers its words with
/// ``Localization/frontEnd``. Without one, a message shows its facts alone.
///
/// For example:
///
/// ```swift
/// let message = LocalizedMessage("no sync is stopped on a conflict", remedy: .startSync)
/// message.remedy                    // .startSync
/// ```
public enum Remedy: Sendable, Hashable, Codable {
    /// Finish or abort the git operation in progress, then sync again.
    case finishGitOperationThenSync
    /// A sync stopped on a conflict earlier: look at it, fix the notes, continue or abort.
    case resolveStoppedSync
    /// Save and close the note in its editor, then sync again.
    case closeEditorThenSync
    /// Nothing is lost: the next sync sends the committed changes.
    case syncLater
    /// Run the sync again.
    case syncAgain
    /// Both sides changed the same lines: keep the wanted text, remove the marker lines, then
    /// continue the sync (or abort it).
    case resolveConflict
    /// Keep the wanted text of each conflicted note, then continue or abort the stopped sync.
    case continueOrAbortSync
    /// The conflict markers left in a note must go before the sync can continue.
    case removeMarkersThenContinue
    /// Start a sync (there is none to continue or abort).
    case startSync
    /// Put the files changed since the sync stopped back as they were, then abort again.
    case restoreFilesThenAbort
    /// Start the vault's history: a git repository, or a clone made by a sync.
    case createRepository
    /// List the commits of the note `path` (of any note when `nil`).
    case listNoteHistory(path: String?)
    /// Record the note in git (a sync, or a commit).
    case recordInGit
    /// Commit or undo the note's uncommitted changes, or move its text to the trash first.
    case commitOrUndoChanges(path: String)
    /// Set the value wanted, then mark the note's merge as resolved.
    case resolveMergedValue(path: String)
    /// Set up the clone for enote's merge driver.
    case setUpGit
    /// Look at the note's problems.
    case showNote(path: String)
    /// Fix the note's front matter (a check shows where), by hand or in an editor.
    case fixFrontMatter
    /// Give the note a later destroy date to keep it.
    case setLaterDestroyDate(path: String)
    /// More notes are due at once than a pass destroys: if the clock is right, destroy them anyway.
    case expireBeyondCap
    /// Notes are due only because the clock jumped: if the clock is right, destroy them now.
    case expireIfClockIsRight
    /// Give the note content: as an argument, on standard input, in an editor, from a template
    /// or a picture.
    case giveNoteContent
    /// Make the folder `path` a vault (the current folder when `nil`), or name another vault.
    case makeVault(path: String?)
    /// See the notes there are, to name one of them.
    case listNotes
    /// Close the note in the editor that has it open, or act anyway.
    case closeEditorOrForce
    /// Give the note `path` a destroy date again.
    case setDestroyDate(path: String)
    /// Build the index again from the notes.
    case rebuildIndex
    /// Give a note another manual position: edit its `order` line, or move it (when
    /// `ofLastNote`, move the last ordered note elsewhere).
    case changeOrder(ofLastNote: Bool)
    /// Check the links of the note whose interrupted rename could not be completed.
    case checkRenamedLinks
    /// A rename left a note's links as they were: a check lists the links that lead nowhere now.
    case listBrokenLinks
    /// A sync was interrupted: sync again (which undoes it first), or only undo it.
    case finishInterruptedSync
    /// Another process is at work (a sync, a git command): wait for it, then run the command again.
    case waitThenRunAgain
    /// A note is open in vim, or a crash left vim's swap file `swapFile` beside it: close it in
    /// vim, or recover the text from the swap file and delete it.
    case closeVimOrRecoverSwapFile(note: String, swapFile: String)
    /// The merge driver could not merge `note`: combine it with its conflict copy `copy`, delete
    /// the copy, then continue the stopped sync.
    case combineConflictCopyThenContinue(note: String, copy: String)
    /// Make `note` what it should be, mark it resolved with git, then continue the stopped sync.
    case stageResolvedNoteThenContinue(note: String)
    /// A sync is stopped (or was interrupted): finish it first, then run the command again.
    case finishSyncFirst
}
