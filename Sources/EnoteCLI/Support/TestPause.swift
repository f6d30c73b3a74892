import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The test hooks that hold a process at a chosen point so that a test can kill it there (the
/// crash tests of sync): when the variable `name` holds `value`, the process writes its pid to
/// the file `ENOTE_TEST_PAUSE_SIGNAL_FILE` names and sleeps until it is killed. Without the
/// variables (always, outside the tests) nothing happens.
enum TestPause {
    static func pause(if name: String, is value: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let wanted = environment[name], let value, wanted == value, let file = environment["ENOTE_TEST_PAUSE_SIGNAL_FILE"] else { return }
        try? Data("\(getpid())\n".utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        while true { sleep(60) }
    }
}
