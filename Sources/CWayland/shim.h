#ifndef TRIPS_CWAYLAND_SHIM_H
#define TRIPS_CWAYLAND_SHIM_H
// libwayland-client (Debian's libwayland-dev): the core protocol on the
// wl_display SDL already opened, for what SDL 2.26 does not do itself.
#include <wayland-client.h>
#endif
