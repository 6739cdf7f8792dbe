#ifndef TRIPS_CHEIF_SHIM_H
#define TRIPS_CHEIF_SHIM_H
// libheif (Debian's libheif-dev): HEIC through libde265, AVIF through dav1d.
#include <libheif/heif.h>
#endif
