#ifndef CMAGIC_SHIM_H
#define CMAGIC_SHIM_H
#include <magic.h>
#endif
