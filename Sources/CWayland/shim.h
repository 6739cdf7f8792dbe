#ifndef TRIPS_CWAYLAND_SHIM_H
#define TRIPS_CWAYLAND_SHIM_H
// libwayland-client (Debian's libwayland-dev): the core protocol on the
// wl_display SDL already opened, for what SDL 2.26 does not do itself.
#include <wayland-client.h>

// The interface's own address (wl_registry_bind keeps the pointer; Swift
// would pass a copy of the imported constant).
static inline const struct wl_interface *trips_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *trips_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *trips_wl_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }

// An anonymous file for wl_shm buffers (memfd_create, close-on-exec): glibc
// declares memfd_create only with _GNU_SOURCE, which Swift's Glibc lacks.
#include <sys/syscall.h>
#include <unistd.h>
static inline int trips_memfd(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */); }
#endif
