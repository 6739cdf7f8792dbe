#ifndef TRIPS_CTURBOJPEG_SHIM_H
#define TRIPS_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
