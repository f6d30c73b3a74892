#define _GNU_SOURCE
#include "CEnoteSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef __linux__
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
