#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files, raised to the most the system allows (many systems start
/// a program with 1,024, far below what they allow), and the number of connections it leaves
/// room for.
package enum DescriptorLimit {
    /// Descriptors kept for everything but connections: the index, the watcher, notes and
    /// pictures being read, the walk of the vault, git.
    static let reserve = 128
    /// The most connections the server holds, whatever the limit: each costs memory.
    static let maximumConnections = 8_192

    /// Raises the soft limit to the hard one; returns the limit now in force.
    @discardableResult
    package static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int32.max) ? Int(Int32.max) : Int(limit.rlim_cur)
    }

    /// How many connections a process whose limit is `limit` may hold.
    package static func connectionCapacity(limit: Int) -> Int {
        min(maximumConnections, max(16, limit - reserve))
    }
}
