#ifndef TRIPS_CGEXIV2_SHIM_H
#define TRIPS_CGEXIV2_SHIM_H
/* gexiv2: the C API over exiv2, which reads a photo's EXIF, XMP and IPTC
 * from bytes in memory (gexiv2_metadata_open_buf): the decode workers read
 * the properties panel's fields with it, never opening a path. */
#include <gexiv2/gexiv2.h>
#endif
