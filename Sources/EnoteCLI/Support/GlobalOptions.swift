import ArgumentParser

/// Options every command takes, before or after its name (`enote --vault ~/Notes list` and
/// `enote list --vault ~/Notes`).
public struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The vault folder (default: $ENOTE_VAULT, else the nearest folder with .enote/).", valueName: "dir"))
    public var vault: String?

    @Option(name: .long, help: ArgumentHelp("Language of messages: en, ru or ja (default: from LC_ALL, LC_MESSAGES, LANG).", valueName: "lang"))
    public var lang: String?

    @Flag(name: .long, help: "Print long output directly instead of through $PAGER.")
    public var noPager = false

    public init() {}

    /// The option names that take a value, for moving them after the subcommand name.
    static let valueOptions: Set<String> = ["--vault", "--lang"]
    /// The flags every command takes, moved the same way.
    static let flags: Set<String> = ["--no-pager"]
}
