import Synchronization

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A ``FileSystem`` that makes the real calls through ``SystemFileSystem`` and can, on request:
///
/// - fail the N-th call (or every call) of an operation with an `errno`, as the kernel would
///   (ENOSPC from `write`, EIO from `fsync`, EINVAL from a `RENAME_EXCHANGE` the file system
///   lacks, …), without doing the real call;
/// - run a closure just before the N-th call of an operation (an external editor writing the
///   note in the last instant before the swap);
/// - write at most a few bytes per `write` call (short writes, as pipes and full disks give).
///
/// Every call is counted per operation, so a test can prove that a failed `fsync` was not
/// retried. Calls are numbered from 1 in the order they reach this file system.
final class FaultyFileSystem: FileSystem {
    enum Operation: String, Sendable, CaseIterable {
        case open, write, read, fsync, fchmod, rename, exchange, renameNoReplace, link, unlink, makeDirectory
    }

    private struct Fault {
        var operation: Operation
        /// `nil`: every call.
        var nth: Int?
        var code: Int32
    }

    private struct Hook {
        var operation: Operation
        var nth: Int
        var action: @Sendable () -> Void
    }

    private struct State {
        var counts: [Operation: Int] = [:]
        var faults: [Fault] = []
        var hooks: [Hook] = []
        var injected: [String] = []
        var maximumWriteSize: Int?
        var leasesUnavailable = false
    }

    private let state = Mutex(State())
    private let system = SystemFileSystem()

    init() {}

    // MARK: - Arranging faults

    /// Fails the `nth` call of `operation` with `code` (the real call is not made).
    func fail(_ operation: Operation, nth: Int = 1, with code: Int32) {
        state.withLock { $0.faults.append(Fault(operation: operation, nth: nth, code: code)) }
    }

    /// Fails every call of `operation` with `code`.
    func failEvery(_ operation: Operation, with code: Int32) {
        state.withLock { $0.faults.append(Fault(operation: operation, nth: nil, code: code)) }
    }

    /// Stops failing `operation` (every fault arranged for it is dropped).
    func stopFailing(_ operation: Operation) {
        state.withLock { $0.faults.removeAll { $0.operation == operation } }
    }

    /// Runs `action` just before the `nth` call of `operation` is made.
    func before(_ operation: Operation, nth: Int = 1, run action: @escaping @Sendable () -> Void) {
        state.withLock { $0.hooks.append(Hook(operation: operation, nth: nth, action: action)) }
    }

    /// Answers every question about writers holding a file open with "cannot tell", as a file
    /// system without leases does (``InPlaceWriters``).
    func withoutLeases() {
        state.withLock { $0.leasesUnavailable = true }
    }

    /// Makes every `write` write at most `bytes` bytes.
    func limitWrites(to bytes: Int) {
        state.withLock { $0.maximumWriteSize = bytes }
    }

    /// How many times `operation` was called (failed calls included).
    func count(_ operation: Operation) -> Int {
        state.withLock { $0.counts[operation, default: 0] }
    }

    /// The faults that fired, as `fsync #1: errno 5`.
    var injected: [String] {
        state.withLock { $0.injected }
    }

    /// Counts the call, runs its hooks (outside the lock) and returns the errno to fail with.
    private func enter(_ operation: Operation) -> Int32? {
        let (actions, code) = state.withLock { state -> ([@Sendable () -> Void], Int32?) in
            state.counts[operation, default: 0] += 1
            let number = state.counts[operation]!
            let actions = state.hooks.filter { $0.operation == operation && $0.nth == number }.map(\.action)
            let code = state.faults.first { $0.operation == operation && ($0.nth == nil || $0.nth == number) }?.code
            if let code { state.injected.append("\(operation.rawValue) #\(number): errno \(code)") }
            return (actions, code)
        }
        for action in actions { action() }
        return code
    }

    // MARK: - FileSystem

    func open(_ path: [UInt8], beneath directory: Int32, flags: Int32, mode: mode_t) throws(SystemError) -> Int32 {
        if let code = enter(.open) { throw SystemError("open", path: NotePath.display(path), code: code) }
        return try system.open(path, beneath: directory, flags: flags, mode: mode)
    }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(SystemError) -> Int {
        if let code = enter(.write) { throw SystemError("write", path: path, code: code) }
        let limit = state.withLock { $0.maximumWriteSize } ?? buffer.count
        return try system.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer.prefix(limit)), path: path)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(SystemError) -> Int {
        if let code = enter(.read) { throw SystemError("read", path: path, code: code) }
        return try system.read(descriptor, into: buffer, path: path)
    }

    func fsync(_ descriptor: Int32, path: String) throws(SystemError) {
        if let code = enter(.fsync) { throw SystemError("fsync", path: path, code: code) }
        try system.fsync(descriptor, path: path)
    }

    func fchmod(_ descriptor: Int32, mode: mode_t, path: String) throws(SystemError) {
        if let code = enter(.fchmod) { throw SystemError("fchmod", path: path, code: code) }
        try system.fchmod(descriptor, mode: mode, path: path)
    }

    func status(of descriptor: Int32, path: String) throws(SystemError) -> FileStatus {
        try system.status(of: descriptor, path: path)
    }

    func hasWriters(_ descriptor: Int32) -> Bool? {
        state.withLock { $0.leasesUnavailable } ? nil : system.hasWriters(descriptor)
    }

    func status(of name: [UInt8], in directory: Int32) throws(SystemError) -> FileStatus {
        try system.status(of: name, in: directory)
    }

    func rename(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        if let code = enter(.rename) { throw SystemError("rename", path: NotePath.display(to), code: code) }
        try system.rename(from, in: fromDirectory, to: to, in: toDirectory)
    }

    func exchange(_ first: [UInt8], _ second: [UInt8], in directory: Int32) throws(SystemError) {
        if let code = enter(.exchange) { throw SystemError("rename", path: NotePath.display(second), code: code) }
        try system.exchange(first, second, in: directory)
    }

    func renameNoReplace(_ from: [UInt8], in fromDirectory: Int32, to: [UInt8], in toDirectory: Int32) throws(SystemError) {
        if let code = enter(.renameNoReplace) { throw SystemError("rename", path: NotePath.display(to), code: code) }
        try system.renameNoReplace(from, in: fromDirectory, to: to, in: toDirectory)
    }

    func link(_ from: [UInt8], to: [UInt8], in directory: Int32) throws(SystemError) {
        if let code = enter(.link) { throw SystemError("link", path: NotePath.display(to), code: code) }
        try system.link(from, to: to, in: directory)
    }

    func unlink(_ name: [UInt8], in directory: Int32, flags: Int32) throws(SystemError) {
        if let code = enter(.unlink) { throw SystemError("unlink", path: NotePath.display(name), code: code) }
        try system.unlink(name, in: directory, flags: flags)
    }

    func makeDirectory(_ name: [UInt8], in directory: Int32, mode: mode_t) throws(SystemError) {
        if let code = enter(.makeDirectory) { throw SystemError("mkdir", path: NotePath.display(name), code: code) }
        try system.makeDirectory(name, in: directory, mode: mode)
    }

    func close(_ descriptor: Int32) {
        system.close(descriptor)
    }
}
