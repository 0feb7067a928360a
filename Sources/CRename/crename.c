#define _GNU_SOURCE
#include "crename.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int crename_noreplace_at(int from_folder, const char *from, int to_folder, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(from_folder, from, to_folder, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int crename_open_path_flag(void) {
#if defined(__linux__) && defined(O_PATH)
    return O_PATH;
#else
    return O_RDONLY;
#endif
}
