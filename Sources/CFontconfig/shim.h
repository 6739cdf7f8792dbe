#ifndef TRIPS_CFONTCONFIG_SHIM_H
#define TRIPS_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
