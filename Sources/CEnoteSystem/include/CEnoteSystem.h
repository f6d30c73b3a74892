#ifndef ENOTE_CSYSTEM_H
#define ENOTE_CSYSTEM_H

#include <stdint.h>

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

#endif
