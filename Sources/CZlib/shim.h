#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// next_in as a pointer to const bytes, so Swift passes read-only buffers without a cast.
#define ZLIB_CONST
#include <zlib.h>

// inflateInit2 is a macro over inflateInit2_ (with the header's version and the stream's
// size), which Swift cannot import; this passes the same arguments.
static inline int czlib_inflate_init2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
