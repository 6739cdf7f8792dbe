#ifndef TRIPS_CZLIB_SHIM_H
#define TRIPS_CZLIB_SHIM_H
// zlib (Debian's zlib1g-dev): a PNG's iCCP profile is deflated.
#include <zlib.h>
#endif
