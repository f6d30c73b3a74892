#ifndef ENOTE_CSYSTEM_H
#define ENOTE_CSYSTEM_H

#include <stdint.h>
#include <sys/types.h>

/// Swaps two paths atomically (`renameat2(..., RENAME_EXCHANGE)`).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL or ENOSYS where unsupported).
int enote_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// Renames without replacing an existing target (`RENAME_NOREPLACE`).
/// Returns 0 on success, -1 with errno set otherwise (EEXIST when the target exists).
int enote_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// Opens `path` relative to `dirfd` with `openat2` and `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`,
/// so that no component may leave `dirfd` or be a symbolic link.
/// Returns a descriptor, or -1 with errno set (EXDEV or ELOOP on escape, ENOSYS on old kernels).
int enote_open_beneath(int dirfd, const char *path, int flags, unsigned int mode);

/// An eventfd (`EFD_CLOEXEC | EFD_NONBLOCK`) used to wake an event loop, for example from a
/// signal handler. Returns the descriptor or -1 with errno set.
int enote_eventfd(void);

/// Adds one to an eventfd's counter; async-signal-safe.
void enote_eventfd_signal(int fd);

/// Reads and resets an eventfd's counter; returns it (0 when nothing was signalled).
unsigned long long enote_eventfd_drain(int fd);

/// Makes each of `signals` (`count` of them) add one to the eventfd `fd`, and unblocks them
/// in the calling thread (a parent's blocked mask is inherited). One eventfd at a time: a
/// second call replaces the first. Returns 0, or -1 with errno set.
int enote_signals_wake_eventfd(int fd, const int *signals, int count);

/// Restores the default action of the signals that `enote_signals_wake_eventfd` set for `fd`,
/// before `fd` is closed; nothing when another eventfd has replaced it.
void enote_signals_release_eventfd(int fd);

/// A timerfd on CLOCK_REALTIME (`TFD_CLOEXEC | TFD_NONBLOCK`). Returns the descriptor or -1.
int enote_timerfd(void);

/// Arms the timer to fire once at `seconds` since 1970 (absolute, cancelled when the clock is
/// set, so a jump of the clock wakes the loop); 0 disarms it. Returns 0 or -1 with errno set.
int enote_timerfd_arm_at(int fd, double seconds);

/// Reads a fired timer (or a cancelled one: returns -1 with errno ECANCELED after a clock
/// change); returns the expiration count, 0 when it has not fired.
long long enote_timerfd_drain(int fd);

/// Gives memory freed by the allocator back to the system (`malloc_trim(0)`), after a
/// long-running process finished a large, temporary piece of work.
void enote_release_free_memory(void);

/// The process and user at the other end of a connected Unix socket (`SO_PEERCRED`: those of
/// the process that listened or connected). Returns 0, or -1 with errno set.
int enote_peer_credentials(int fd, int *pid, unsigned int *uid);

/// Flushes the file system holding `fd` to its device (`syncfs`). Returns 0 or -1 with errno set.
int enote_syncfs(int fd);

/// The kernel's id of the calling thread (`gettid`). Unlike `pthread_self`, which glibc declares
/// `const` so that a compiler may reuse one call's answer across an `await`, every call asks.
long enote_thread_id(void);

/// Whether any descriptor of the file on this machine is open for writing (the caller's own
/// included: `fd` itself must be open for reading only). Asks the kernel for a read lease, which
/// it grants only when none is, and gives it back at once; the lease's break signal is SIGURG,
/// whose default is to be ignored, so a writer opening the file in that instant never stops the
/// caller. Returns 1 (a writer has it open), 0 (none), or -1 with errno set when the system
/// cannot tell: EINVAL (the file system has no leases, or is a network or FUSE file system,
/// whose answers do not mean that), EACCES (another user's file and no CAP_LEASE).
int enote_has_writers(int fd);

/// Starts the program at `path` (absolute) with `argv` and `envp`, its standard input, output
/// and error on the given descriptors and every other descriptor closed, in the caller's
/// process group, with default signal dispositions and an empty signal mask. The kernel kills
/// it (SIGKILL) when the calling thread ends (`PR_SET_PDEATHSIG`), so a helper never outlives a
/// killed enote: the caller must wait for it on the same thread. Returns the pid, or -1 with
/// errno set when fork fails (a failed exec shows as exit status 127).
pid_t enote_spawn_tied(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd);

/// The limits a child is held to (`setrlimit` in the child before exec; 0 leaves a limit as
/// inherited): its address space, its CPU time, the largest file it may write, and how nice it
/// runs. A child also never writes a core file.
typedef struct {
    unsigned long long memory_bytes;
    unsigned long long cpu_seconds;
    unsigned long long file_bytes;
    int nice;
} EnoteChildLimits;

/// `enote_spawn_tied` with the child held to `limits` (NULL: none). A limit that cannot be set
/// shows as exit status 126.
pid_t enote_spawn_limited(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd,
                          const EnoteChildLimits *limits);

/// 1 when the CPU runs AVX2 and FMA instructions (the embedding engine of CEmbed is built for
/// them), else 0. Built without those flags, so it runs on any x86-64 CPU.
int enote_cpu_runs_avx2_fma(void);

#endif
