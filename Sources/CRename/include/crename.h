#ifndef CRENAME_H
#define CRENAME_H

/// Renames `from` to `to` only if `to` does not exist (renameat2 with RENAME_NOREPLACE on
/// Linux). Returns 0, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS when
/// the file system or kernel cannot do it).
int crename_noreplace(const char *from, const char *to);

/// As `crename_noreplace`, with each name relative to an open folder (`renameat2`), so that
/// neither side is looked up through a path that could change between a check and the call.
int crename_noreplace_at(int from_folder, const char *from, int to_folder, const char *to);

#endif
