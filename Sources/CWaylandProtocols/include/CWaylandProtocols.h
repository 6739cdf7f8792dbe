#ifndef TRIPS_CWAYLANDPROTOCOLS_H
#define TRIPS_CWAYLANDPROTOCOLS_H
// The Wayland protocols Trips binds on SDL's display beyond the core ones:
// pointer gestures (a touchpad's pinch, swipe and hold), from
// wayland-protocols' pointer-gestures-unstable-v1.xml, and wlroots' output
// power management (a sleeping kiosk puts its outputs out on sway, labwc or
// Wayfire), from the XML in this folder, which Debian does not package.
// Their C code is generated at build time by wayland-scanner
// (Plugins/WaylandScanner). SwiftPM does not
// let a plugin's generated header reach the compiler, so the interfaces that
// code defines are declared here; their requests and events are named in
// the tables themselves (struct wl_interface's methods and events).
#include <wayland-client.h>

extern const struct wl_interface zwp_pointer_gestures_v1_interface;
extern const struct wl_interface zwp_pointer_gesture_pinch_v1_interface;
extern const struct wl_interface zwp_pointer_gesture_hold_v1_interface;
extern const struct wl_interface zwlr_output_power_manager_v1_interface;
extern const struct wl_interface zwlr_output_power_v1_interface;

// The interfaces' own addresses: libwayland keeps the pointer a bind or a
// new_id request is given, and Swift's withUnsafePointer(to:) of an
// imported constant may point at a temporary copy (an optimised build
// crashed dispatching events through such a dangling interface).
static inline const struct wl_interface *trips_pointer_gestures_interface(void) { return &zwp_pointer_gestures_v1_interface; }
static inline const struct wl_interface *trips_pointer_gesture_pinch_interface(void) { return &zwp_pointer_gesture_pinch_v1_interface; }
static inline const struct wl_interface *trips_pointer_gesture_hold_interface(void) { return &zwp_pointer_gesture_hold_v1_interface; }
static inline const struct wl_interface *trips_output_power_manager_interface(void) { return &zwlr_output_power_manager_v1_interface; }
static inline const struct wl_interface *trips_output_power_interface(void) { return &zwlr_output_power_v1_interface; }
static inline const struct wl_interface *trips_wl_output_interface(void) { return &wl_output_interface; }

#endif
