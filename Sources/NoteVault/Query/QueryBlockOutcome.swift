import Foundation

/// What one query block of a note came to: its result, or why it cannot be read or run.
public enum QueryBlockOutcome: Sendable {
    case result(QueryResult)
    case failure(NoteQueryError)

    /// Every block of a note (``Vault/queryBlocks(of:today:)``) run over `index`, in order: a
    /// block that cannot be read or run (past its time limit too) says why in its place, and
    /// the others still run. An error's line is the block's.
    /// - Parameter pageLimit: The time all the blocks together may take, so that a note of many
    ///   slow blocks does not hold its page for each block's limit in turn: each block runs
    ///   within what is left of it (and within `options.timeLimit`); a block stopped by what
    ///   was left, or reached when it is spent, says so in its place. Longer than
    ///   `options.timeLimit`, so that a note's first block always has its own limit.
    public static func run(_ blocks: [Vault.ReadBlock], index: NoteIndex, options: NoteIndex.QueryOptions, pageLimit: TimeInterval? = nil)
        -> [QueryBlockOutcome]
    {
        let started = Date()
        return blocks.map { read in
            switch read.query {
            case .failure(let error): return .failure(error)
            case .success(let query):
                var options = options
                let total = seconds(pageLimit ?? 0)
                var cut = false
                if let pageLimit {
                    let left = pageLimit - Date().timeIntervalSince(started)
                    guard left > 0 else {
                        return .failure(
                            NoteQueryError(
                                "the note's queries took longer than \(total) s together; this one was not run: move some of them to another note",
                                line: read.block.line, column: 1))
                    }
                    cut = left < options.timeLimit
                    options.timeLimit = min(options.timeLimit, left)
                }
                do { return .result(try index.run(query, options: options)) } catch var error as NoteQueryError {
                    // A block stopped by what was left of the note's time, before its own limit,
                    // says so: it did not take its own limit alone.
                    if cut, let pageLimit, Date().timeIntervalSince(started) >= pageLimit {
                        return .failure(
                            NoteQueryError(
                                "the note's queries took longer than \(total) s together; this one was stopped: move some of them to another note",
                                line: read.block.line, column: 1))
                    }
                    error.line = read.block.line
                    return .failure(error)
                } catch {
                    return .failure(NoteQueryError("the index cannot be read: \(String(describing: error))", line: read.block.line, column: 1))
                }
            }
        }
    }

    /// Whole seconds as a query's error says them.
    private static func seconds(_ interval: TimeInterval) -> String { String(Int(interval.rounded())) }
}
