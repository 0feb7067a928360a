#ifndef CRENAME_H
#define CRENAME_H

/// Renames `from` (relative to the open folder `from_folder`) to `to` (relative to
/// `to_folder`) only if `to` does not exist: renameat2 with RENAME_NOREPLACE on Linux, so
/// neither side is looked up through a path that could change between a check and the call.
/// Returns 0, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS when the file
/// system or kernel cannot do it).
int crename_noreplace_at(int from_folder, const char *from, int to_folder, const char *to);

/// `O_PATH` on Linux (Glibc's module leaves it out without _GNU_SOURCE), else `O_RDONLY`: a
/// folder opened with it can be looked up through with search permission alone.
int crename_open_path_flag(void);

#endif
