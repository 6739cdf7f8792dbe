#ifndef TRIPS_CPOINTERGESTURES_H
#define TRIPS_CPOINTERGESTURES_H
// Wayland's pointer-gestures protocol (touchpad pinch, swipe and hold), its
// C code generated at build time by wayland-scanner from wayland-protocols'
// pointer-gestures-unstable-v1.xml (Plugins/WaylandScanner). SwiftPM does not
// let a plugin's generated header reach the compiler, so the interfaces that
// code defines are declared here; their requests and events are named in
// the tables themselves (struct wl_interface's methods and events).
#include <wayland-client.h>

extern const struct wl_interface zwp_pointer_gestures_v1_interface;
extern const struct wl_interface zwp_pointer_gesture_pinch_v1_interface;
extern const struct wl_interface zwp_pointer_gesture_hold_v1_interface;

#endif
