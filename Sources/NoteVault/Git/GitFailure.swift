/// What went wrong in a git command, as a fact a user can act on: git's own words (in English,
/// with file paths and its advice) never reach a message. The words are recognised here, once,
/// for every message of sync.
enum GitFailure {
    /// Why git could not talk to a remote, or why a local git command failed.
    static func reason(_ output: GitRepository.Output) -> LocalizedMessage {
        let said = (String(decoding: output.stdout, as: UTF8.self) + "\n" + output.stderr).lowercased()
        func has(_ words: String...) -> Bool { words.contains { said.contains($0) } }
        if output.status == 124 { return "git did not answer in time" }
        if output.status == 127 { return "git could not be started; check that git is installed and on PATH" }
        if has("could not resolve host", "name or service not known", "temporary failure in name resolution") {
            return "the remote's host name could not be resolved"
        }
        if has("connection refused", "connection timed out", "network is unreachable", "no route to host", "connection reset") {
            return "the connection to the remote failed"
        }
        if has(
            "permission denied (publickey", "authentication failed", "could not read username", "could not read password", "terminal prompts disabled",
            "host key verification failed")
        {
            return "the remote refused the credentials, or asked for a password, which enote cannot type; use an SSH key or a credential helper"
        }
        if has("does not appear to be a git repository", "repository not found", "not found", "no such file or directory") {
            return "the remote repository was not found"
        }
        if has("index.lock", ".lock': file exists", "unable to create") {
            return "another git command is working in the repository (it holds a .lock file)"
        }
        if has("no space left on device") { return "the disk is full" }
        if has("permission denied", "read-only file system") { return "git may not write in the repository" }
        return "git exited with status \(String(output.status))"
    }
}
