#define _GNU_SOURCE
#include "CEnoteSystem.h"

#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/vfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#endif

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int enote_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, flags);
#else
    (void)olddirfd; (void)oldpath; (void)newdirfd; (void)newpath; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int enote_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return enote_renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_EXCHANGE);
}

int enote_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return enote_renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE);
}

int enote_open_beneath(int dirfd, const char *path, int flags, unsigned int mode) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
#else
    (void)dirfd; (void)path; (void)flags; (void)mode;
    errno = ENOSYS;
    return -1;
#endif
}

int enote_eventfd(void) {
#ifdef __linux__
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
#else
    errno = ENOSYS;
    return -1;
#endif
}

void enote_eventfd_signal(int fd) {
    unsigned long long one = 1;
    ssize_t ignored = write(fd, &one, sizeof one);
    (void)ignored;
}

unsigned long long enote_eventfd_drain(int fd) {
    unsigned long long value = 0;
    if (read(fd, &value, sizeof value) != (ssize_t)sizeof value) return 0;
    return value;
}

/// The eventfd the signal handler writes to (-1: none), and the signals it was set for. Written
/// only with the signals blocked or their handler not yet installed; the handler only reads.
static volatile sig_atomic_t enote_wake_fd = -1;
static sigset_t enote_wake_signals;

static void enote_wake_handler(int signal_number) {
    (void)signal_number;
    int saved = errno;
    int fd = enote_wake_fd;
    if (fd >= 0) enote_eventfd_signal(fd);
    errno = saved;
}

int enote_signals_wake_eventfd(int fd, const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) {
        if (sigaddset(&set, signals[i]) != 0) return -1;
    }
    enote_wake_fd = fd;
    enote_wake_signals = set;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = enote_wake_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0 ? 0 : -1;
}

void enote_signals_release_eventfd(int fd) {
    if (enote_wake_fd != fd || fd < 0) return;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (sigismember(&enote_wake_signals, signal_number) == 1) signal(signal_number, SIG_DFL);
    }
    enote_wake_fd = -1;
}

int enote_timerfd(void) {
#ifdef __linux__
    return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int enote_timerfd_arm_at(int fd, double seconds) {
#ifdef __linux__
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (seconds > 0) {
        spec.it_value.tv_sec = (time_t)seconds;
        spec.it_value.tv_nsec = (long)((seconds - (double)spec.it_value.tv_sec) * 1e9);
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
#else
    (void)fd; (void)seconds;
    errno = ENOSYS;
    return -1;
#endif
}

long long enote_timerfd_drain(int fd) {
    unsigned long long count = 0;
    ssize_t got = read(fd, &count, sizeof count);
    if (got == (ssize_t)sizeof count) return (long long)count;
    if (got < 0 && errno == ECANCELED) return -1;
    return 0;
}

void enote_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

int enote_peer_credentials(int fd, int *pid, unsigned int *uid) {
#ifdef SO_PEERCRED
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = (int)credentials.pid;
    *uid = (unsigned int)credentials.uid;
    return 0;
#else
    (void)fd; (void)pid; (void)uid;
    errno = ENOSYS;
    return -1;
#endif
}

int enote_syncfs(int fd) {
    return syncfs(fd);
}

long enote_thread_id(void) {
    return syscall(SYS_gettid);
}

int enote_has_writers(int fd) {
#ifdef __linux__
    // Network file systems answer EAGAIN when they hold no delegation or oplock, which would
    // read as a writer: they cannot tell, and see no writer on another machine anyway.
    struct statfs about;
    if (fstatfs(fd, &about) == 0) {
        unsigned long type = (unsigned long)about.f_type;
        if (type == 0x6969UL /* NFS */ || type == 0x517BUL /* SMB */ || type == 0xFF534D42UL /* CIFS */
            || type == 0xFE534D42UL /* SMB2 */ || type == 0x65735546UL /* FUSE */) {
            errno = EINVAL;
            return -1;
        }
    }
    if (fcntl(fd, F_SETSIG, SIGURG) != 0) return -1;
    if (fcntl(fd, F_SETLEASE, F_RDLCK) != 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 1;
        return -1;
    }
    int saved = errno;
    (void)fcntl(fd, F_SETLEASE, F_UNLCK);
    errno = saved;
    return 0;
#else
    (void)fd;
    errno = EINVAL;
    return -1;
#endif
}

int enote_cpu_runs_avx2_fma(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}
