import CEnoteFTS

/// The memory `enote_rank` (CEnoteFTS) shares with the searches of one index: the rows it
/// scored, the rows to put last and the notes' body lengths (``EnoteRankCounter``).
///
/// Every connection of the index registers `enote_rank` with this one pointer, and each keeps
/// the counter alive through its configuration, so the memory is freed exactly once, in
/// `deinit`, after the last connection that could call `enote_rank` is gone.
///
/// Threading contract (`@unchecked Sendable`): GRDB asks for a `Sendable` closure to register
/// the function, which is why the class is marked so. The memory is only touched inside one
/// access of a connection of this index — `IndexStore.search` sets it up before its ranked
/// query and reads it after, `enote_rank` reads and writes it while that query steps — and a
/// `DatabaseQueue` runs one access at a time, so no two threads touch it at once.
final class RankCounter: @unchecked Sendable {
    /// The shared memory, valid until `deinit`.
    let pointer: UnsafeMutablePointer<EnoteRankCounter>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: EnoteRankCounter(rows: 0, hidden: nil, hiddenLimit: 0, hiddenRows: 0, lengths: nil, lengthLimit: 0, averageLength: 0))
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
