import NoteVault

/// A value typed on the command line that enote cannot use: a bad option value (`--color
/// nocolor`, `--since bogus`, `--expiring 5x`, a past `--destroy`), an unknown `--lang`, an
/// argument that is not UTF-8.
///
/// This is the one rule for usage errors found after parsing: ``ErrorReport`` prints the message
/// and exits with status 2, as swift-argument-parser does for the errors it finds itself.
struct UsageError: Error {
    var message: LocalizedMessage

    init(_ message: LocalizedMessage) {
        self.message = message
    }
}
