import NoteVault

/// The command line's own words: its string tables (`Resources/*.lproj`, the bundle
/// `enote_EnoteCLI.resources`), the English singular forms of the messages it counts in, and
/// what to type for each ``Remedy`` the library attaches to a message. ``EnoteMain`` registers
/// them as ``Localization/frontEnd`` before it prints anything.
enum CommandLineMessages {
    /// The registration for ``Localization/frontEnd``.
    static let frontEnd = Localization.FrontEnd(bundleName: "enote_EnoteCLI.resources", englishSingular: englishSingular) { facts, remedy in
        words(for: remedy, after: facts)
    }

    /// `facts` followed by the command to type for `remedy`.
    static func words(for remedy: Remedy, after facts: LocalizedMessage) -> LocalizedMessage {
        switch remedy {
        case .finishGitOperationThenSync:
            "\(facts); finish or abort it with git first, then run `enote sync` again"
        case .resolveStoppedSync:
            "\(facts); `enote sync --status` explains it. Fix the notes, then run `enote sync --continue`, or `enote sync --abort`"
        case .closeEditorThenSync:
            "\(facts); save and close it there, then run `enote sync` again (the editor would otherwise find its file changed under it)"
        case .syncLater:
            "\(facts), and go up with the next `enote sync`"
        case .syncAgain:
            "\(facts). Run `enote sync` again"
        case .resolveConflict:
            "\(facts). Between <<<<<<< and ======= are the other machine's lines, between ======= and >>>>>>> this machine's: keep what you want and remove the marker lines, then run `enote sync --continue` (or `enote sync --abort` to go back to where you were). `enote sync --status` shows this again"
        case .continueOrAbortSync:
            "\(facts); keep the text you want and remove the marker lines, then run `enote sync --continue`. `enote sync --abort` goes back to where you were before the sync (your changes stay committed here)."
        case .removeMarkersThenContinue:
            "\(facts); keep the lines you want, remove the <<<<<<<, ======= and >>>>>>> lines, then run `enote sync --continue` again"
        case .startSync:
            "\(facts); run `enote sync`"
        case .restoreFilesThenAbort:
            "\(facts); copy those files somewhere outside the vault, put them back as they were (`git restore -- FILE`, or delete a new file), then run `enote sync --abort` again"
        case .createRepository:
            "\(facts); run `git init` there (or `enote sync` from a clone)"
        case .listNoteHistory(path: nil):
            "\(facts); `enote log NOTE` lists the note's commits"
        case .listNoteHistory(path: let path?):
            "\(facts); `enote log \(path)` lists the commits that have it"
        case .recordInGit:
            "\(facts); `enote sync` (or git commit) records it"
        case .commitOrUndoChanges(let path):
            "\(facts). Commit them first (git commit, or enote sync), or undo them (enote diff \(path) shows them), or run again with --force to move the current text to .trash/ first"
        case .resolveMergedValue(let path):
            "\(facts); set the value you want (enote set), then run enote set \(path) --resolve"
        case .setUpGit:
            "\(facts); run enote git setup"
        case .showNote(let path):
            "\(facts) (enote show \(path))"
        case .fixFrontMatter:
            "\(facts); fix it by hand (enote doctor shows where) or with enote edit"
        case .giveNoteContent:
            "\(facts); give it as an argument, on standard input, with --edit, --template or --image"
        case .setLaterDestroyDate(let path):
            "\(facts). To keep it, give it a later date: enote set \(path) --destroy DATE"
        case .expireBeyondCap:
            "\(facts); if the clock is right, run `enote expire --force` (or raise expiry_cap in .enote/config)"
        case .expireIfClockIsRight:
            "\(facts); if the clock is right, run `enote expire`"
        case .makeVault(path: nil):
            "\(facts); run `enote init` to make this folder a vault, or pass --vault DIR (or set ENOTE_VAULT)"
        case .makeVault(path: let path?):
            "\(facts); run `enote init \(path)` first"
        case .listNotes:
            "\(facts); `enote list` shows them"
        case .closeEditorOrForce:
            "\(facts); close it there first, or pass --force (that editor will then see the file changed when it saves)"
        case .setDestroyDate(let path):
            "\(facts); give it a new one with `enote set \(path) --destroy DATE`"
        case .rebuildIndex:
            "\(facts); run `enote index --rebuild`"
        case .changeOrder(ofLastNote: false):
            "\(facts): edit its order: line (enote edit NOTE), or move it with enote move"
        case .changeOrder(ofLastNote: true):
            "\(facts): edit its order: line (enote edit NOTE), or move the last ordered note elsewhere with enote move"
        case .checkRenamedLinks:
            "\(facts), then check the renamed note's links with `enote doctor`"
        case .listBrokenLinks:
            "\(facts) (`enote doctor` lists broken links)"
        case .finishInterruptedSync:
            "\(facts). Run `enote sync` to undo what it left half done and sync again (every committed change is kept), or `enote sync --abort` to only undo it"
        case .waitThenRunAgain:
            "\(facts); wait for it to finish, then run the command again"
        case .closeVimOrRecoverSwapFile(let note, let swapFile):
            "\(facts); close it in vim, then run `enote sync` again. If no vim has it open (a crash left the swap file behind), recover your text with `vim -r \(note)`, then delete \(swapFile)"
        case .combineConflictCopyThenContinue(let note, let copy):
            "\(facts); put what you want of \(copy) into \(note), delete \(copy), then run `enote sync --continue` (or `enote sync --abort`)"
        case .stageResolvedNoteThenContinue(let note):
            "\(facts); make \(note) what it should be, run `git add -- \(note)`, then `enote sync --continue` (or `enote sync --abort`)"
        case .finishSyncFirst:
            "\(facts); finish it first (`enote sync --status` explains it; then `enote sync --continue` or `enote sync --abort`), then run this command again"
        }
    }

    /// The English singular form of each counted message of the command line, built into the
    /// binary as the library's are (a test checks this table against `en.lproj`).
    static let englishSingular: [String: String] = [
        "Read the text of %@ pictures and PDFs in %@ s": "Read the text of %@ picture or PDF in %@ s",
        "%@ pictures and PDFs could not be read; enote doctor says why": "%@ picture or PDF could not be read; enote doctor says why",
        "(PDF, %@ pages, %@ read by OCR)": "(PDF, %@ page, %@ read by OCR)",
        "%@ problems found": "%@ problem found",
        "Indexed %@ notes (%@ added, %@ updated, %@ removed) in %@ s": "Indexed %@ note (%@ added, %@ updated, %@ removed) in %@ s",
        "Adopted %@ existing notes": "Adopted %@ existing note",
        "Embedded %@ notes for meaning search in %@ s": "Embedded %@ note for meaning search in %@ s",
        "Copied %@ sample files": "Copied %@ sample file",
        "%@ notes match; showing %@ (--limit N for more)": "%@ note matches; showing %@ (--limit N for more)",
        "emptying the trash deletes %@ notes for good; run it again with --yes to confirm":
            "emptying the trash deletes %@ note for good; run it again with --yes to confirm",
        "Delete %@ notes in the trash for good?": "Delete %@ note in the trash for good?",
        "Deleted %@ notes from the trash": "Deleted %@ note from the trash",
        "%@ notes have problems (%@%@); `enote show NOTE` tells more": "%@ note has a problem (%@%@); `enote show NOTE` tells more",
    ]
}
