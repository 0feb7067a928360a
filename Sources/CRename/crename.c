#define _GNU_SOURCE
#include "crename.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int crename_noreplace(const char *from, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
