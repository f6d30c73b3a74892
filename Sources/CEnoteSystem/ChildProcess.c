#define _GNU_SOURCE
#include "CEnoteSystem.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

pid_t enote_spawn_tied(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd) {
    return enote_spawn_limited(path, argv, envp, stdin_fd, stdout_fd, stderr_fd, NULL);
}

/* Sets one limit: the soft one to `value`, the hard one `slack` above it (a child that passes its
 * CPU time gets SIGXCPU, which says so, before the SIGKILL of the hard limit), neither above the
 * hard limit enote itself inherited, which an unprivileged process cannot raise. 0 leaves the
 * limit as inherited. */
static int limit_to(int resource, unsigned long long value, unsigned long long slack) {
    if (value == 0) return 0;
    struct rlimit inherited;
    if (getrlimit(resource, &inherited) != 0) return -1;
    rlim_t hard = (rlim_t)(value + slack);
    if (inherited.rlim_max != RLIM_INFINITY && inherited.rlim_max < hard) hard = inherited.rlim_max;
    struct rlimit limit;
    limit.rlim_cur = (rlim_t)value < hard ? (rlim_t)value : hard;
    limit.rlim_max = hard;
    return setrlimit(resource, &limit);
}

pid_t enote_spawn_limited(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd,
                          const EnoteChildLimits *limits) {
    pid_t parent = getpid();
    sigset_t all, old;
    sigfillset(&all);
    // No signal handler of ours may run in the child between fork and exec.
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pid_t pid = fork();
    if (pid == 0) {
        // Only async-signal-safe calls from here to execve.
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        // The parent may have died before prctl: then nobody waits for this child.
        if (getppid() != parent) _exit(127);
        if (limits) {
            /* A child that cannot be held to its limits is not run at all. */
            if (limit_to(RLIMIT_AS, limits->memory_bytes, 0) != 0) _exit(126);
            if (limit_to(RLIMIT_CPU, limits->cpu_seconds, 5) != 0) _exit(126);
            if (limit_to(RLIMIT_FSIZE, limits->file_bytes, 0) != 0) _exit(126);
            struct rlimit noCore = {0, 0};
            (void)setrlimit(RLIMIT_CORE, &noCore);
            /* Nicer is best effort: a child at the usual priority is still bounded above. */
            if (limits->nice > 0) (void)setpriority(PRIO_PROCESS, 0, limits->nice);
        }
        struct sigaction action;
        action.sa_handler = SIG_DFL;
        action.sa_flags = 0;
        sigemptyset(&action.sa_mask);
        for (int number = 1; number < NSIG; number++) sigaction(number, &action, NULL);
        if (dup2(stdin_fd, 0) < 0 || dup2(stdout_fd, 1) < 0 || dup2(stderr_fd, 2) < 0) _exit(127);
#ifdef SYS_close_range
        if (syscall(SYS_close_range, 3, ~0U, 0) != 0)
#endif
        {
            long limit = sysconf(_SC_OPEN_MAX);
            if (limit < 0 || limit > 65536) limit = 65536;
            for (int fd = 3; fd < limit; fd++) close(fd);
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        _exit(127);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return pid;
}
