import CEnoteSystem

#if canImport(Glibc)
import Glibc
#endif

/// Stopping a watcher from another thread or a signal: both only write to its eventfd.
extension VaultWatcher {
    /// Ends ``run()`` after the step in progress; safe to call from any thread or a signal
    /// handler (it only writes to an eventfd).
    public func stop() {
        enote_eventfd_signal(stopSignal)
    }

    /// Makes each of `signals` call ``stop()`` until the watcher is freed, and unblocks them in
    /// this thread (a blocked mask inherited from a parent would leave them pending forever);
    /// then their default action returns. One watcher per process takes signals: a second
    /// call, from any watcher, replaces the first.
    public func stopOnSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        _ = signals.withUnsafeBufferPointer { enote_signals_wake_eventfd(stopSignal, $0.baseAddress, Int32($0.count)) }
    }
}
