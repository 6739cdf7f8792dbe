#ifndef TRIPS_COUTPUTPOWER_H
#define TRIPS_COUTPUTPOWER_H
// wlroots' output power management (zwlr_output_power_manager_v1): a
// sleeping kiosk puts its outputs out on sway, labwc or Wayfire. Its C
// code is generated at build time by wayland-scanner from the protocol's
// XML beside this folder (Plugins/WaylandScanner), as CPointerGestures'
// is; the interfaces it defines are declared here.
#include <wayland-client.h>

extern const struct wl_interface zwlr_output_power_manager_v1_interface;
extern const struct wl_interface zwlr_output_power_v1_interface;

// The interfaces' own addresses, as CPointerGestures gives them.
static inline const struct wl_interface *trips_output_power_manager_interface(void) { return &zwlr_output_power_manager_v1_interface; }
static inline const struct wl_interface *trips_output_power_interface(void) { return &zwlr_output_power_v1_interface; }
static inline const struct wl_interface *trips_wl_output_interface(void) { return &wl_output_interface; }

#endif
