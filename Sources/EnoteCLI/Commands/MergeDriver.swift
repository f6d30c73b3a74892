import ArgumentParser
import Foundation
import NoteVault

extension Enote {
    /// `enote merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for notes.
    struct MergeDriver: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "merge-driver",
            abstract: "Merge three versions of a note for git (set up with enote git setup).",
            discussion: """
                Git runs this for every note changed on both sides of a merge or rebase, as \
                merge.enote.driver = "enote merge-driver %O %A %B %P --marker-size %L". The front \
                matter is merged key by key (updated takes the later time, tags merge as sets, a key \
                both sides changed keeps the value of the side edited later and records the other \
                under conflicts:), the body line by line with git merge-file. The result is written \
                to OURS; the exit status is 0 when it is clean and 3 when the body has conflict \
                markers (never in the front matter).

                Examples:
                  enote merge-driver base.md ours.md theirs.md notes/plan.md --marker-size 7
                """)

        @Argument(help: ArgumentHelp("The common ancestor (git's %O).", valueName: "base"))
        var base: String

        @Argument(help: ArgumentHelp("Our version, overwritten with the result (git's %A).", valueName: "ours"))
        var ours: String

        @Argument(help: ArgumentHelp("Their version (git's %B).", valueName: "theirs"))
        var theirs: String

        @Argument(help: ArgumentHelp("The note's path in the repository (git's %P), for messages.", valueName: "path"))
        var path: String?

        @Option(help: ArgumentHelp("The length of conflict markers (git's %L).", valueName: "n"))
        var markerSize: Int = 7

        @Option(help: ArgumentHelp("The name after <<<<<<< (git's %X).", valueName: "label"))
        var oursLabel: String?

        @Option(help: ArgumentHelp("The name after >>>>>>> (git's %Y).", valueName: "label"))
        var theirsLabel: String?

        @Option(help: ArgumentHelp("The name after ||||||| in diff3 style (git's %S).", valueName: "label"))
        var baseLabel: String?

        @OptionGroup var globals: GlobalOptions

        func validate() throws {
            guard markerSize > 0 else { throw ValidationError(Localization.text("--marker-size must be a positive number")) }
        }

        func run() throws {
            let request = MergeDriverRequest(
                base: base, ours: ours, theirs: theirs, path: path, markerSize: markerSize,
                labels: NoteMerge.Labels(ours: oursLabel ?? "ours", base: baseLabel ?? "base", theirs: theirsLabel ?? "theirs"))
            let status = request.run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// One run of the merge driver, parsed without swift-argument-parser when the arguments are
/// the plain form git passes: git runs the driver once per note, so its start-up counts.
struct MergeDriverRequest {
    var base: String
    var ours: String
    var theirs: String
    var path: String?
    var markerSize = 7
    var labels = NoteMerge.Labels()

    /// Reads the arguments after `merge-driver`; `nil` for anything else (help, an unknown
    /// option, a missing file name), which then goes through the full parser and its messages.
    static func parse(_ arguments: [String]) -> MergeDriverRequest? {
        guard arguments.first == "merge-driver" else { return nil }
        var files: [String] = []
        var request = MergeDriverRequest(base: "", ours: "", theirs: "")
        var index = 1
        var afterSeparator = false
        while index < arguments.count {
            let argument = arguments[index]
            if !afterSeparator, argument.hasPrefix("-") {
                if argument == "--" {
                    afterSeparator = true
                    index += 1
                    continue
                }
                guard index + 1 < arguments.count else { return nil }
                let value = arguments[index + 1]
                switch argument {
                case "--marker-size":
                    guard let size = Int(value), size > 0 else { return nil }
                    request.markerSize = size
                case "--ours-label": request.labels.ours = value
                case "--theirs-label": request.labels.theirs = value
                case "--base-label": request.labels.base = value
                case "--lang", "--vault": break  // read before parsing, or not used by a merge
                default: return nil
                }
                index += 2
                continue
            }
            files.append(argument)
            index += 1
        }
        guard files.count == 3 || files.count == 4 else { return nil }
        request.base = files[0]
        request.ours = files[1]
        request.theirs = files[2]
        request.path = files.count == 4 ? files[3] : nil
        return request
    }

    /// Merges and writes the result to OURS; returns the exit status (0 clean, 3 conflict
    /// markers in the body, 1 error, with OURS left as it was and THEIRS kept beside the note as
    /// a conflict copy, so both versions stay visible).
    func run() -> Int32 {
        TestPause.pause(if: "ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", is: path)
        let name = path ?? ours
        do throws(NoteMergeError) {
            let result = try NoteMerge.merge(
                base: try read(base), ours: try read(ours), theirs: try read(theirs), labels: labels, markerSize: markerSize)
            try write(result.bytes, to: ours)
            if result.usedTextMerge {
                Console.err(Localization.text("\(name): the merged front matter would not read back, so git's plain text merge was used"))
            }
            if !result.recordedConflicts.isEmpty {
                Console.err(
                    Localization.text(
                        "\(name): both sides changed the same keys; one value of each was kept and the other recorded under conflicts: \(result.recordedConflicts.joined(separator: "; ")) (enote doctor lists them)"
                    ))
            }
            return result.hasConflicts ? 3 : 0
        } catch {
            // git runs drivers at the top of the work tree, and %P is the note's path from there.
            if let path, let other = FileManager.default.contents(atPath: theirs),
                let copy = DriverFailures.keep(
                    theirs: [UInt8](other), beside: path, top: FileManager.default.currentDirectoryPath, at: Date(), timeZone: .current)
            {
                Console.err(
                    Localization.text(
                        "enote merge-driver: \(path): \(error.message); the other version is kept beside it as \(copy) (git marks the note as conflicted)"))
            } else {
                Console.err(Localization.text("enote merge-driver: \(name): \(error.message) (git marks the note as conflicted; both versions stay in git)"))
            }
            return 1
        }
    }

    /// Writes the result over OURS through a temp file beside it (named after it, so that git's
    /// `.merge_file_*` pattern covers one a crash leaves) renamed over it: a failed write leaves
    /// OURS as it was.
    private func write(_ bytes: [UInt8], to file: String) throws(NoteMergeError) {
        let temporary = file + ".enote-\(getpid()).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            unlink(temporary)
            throw .file(path: file, reason: error.localizedDescription)
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .file(path: file, reason: reason)
        }
    }

    private func read(_ file: String) throws(NoteMergeError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .file(path: file, reason: String(cString: strerror(errno)))
        }
        return [UInt8](data)
    }
}
