#ifndef TRIPS_CLCMS_SHIM_H
#define TRIPS_CLCMS_SHIM_H
// Little CMS (Debian's liblcms2-dev): embedded ICC profiles to sRGB.
#include <lcms2.h>

/// TYPE_RGBA_8, a macro expression Swift cannot import.
static const cmsUInt32Number trips_lcms_rgba8 = TYPE_RGBA_8;
#endif
