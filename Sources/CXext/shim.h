#ifndef TRIPS_CXEXT_SHIM_H
#define TRIPS_CXEXT_SHIM_H
// libXext's DPMS (Debian's libxext-dev): a sleeping kiosk puts its X
// screen out. Only these two calls are exported, on SDL's own X
// connection, not Xlib's names (its `Display` would clash with Platform's).
#include <X11/Xlib.h>
#include <X11/extensions/dpms.h>

/// Forces the screen of `display` (SDL's Xlib Display *) on or off: 0 when
/// asked, -1 when the server has no DPMS extension, -2 when its screen
/// cannot do DPMS.
static inline int trips_dpms_force(void *display, int on) {
    Display *d = (Display *)display;
    int event, error;
    if (!DPMSQueryExtension(d, &event, &error)) return -1;
    if (!DPMSCapable(d)) return -2;
    if (!on) DPMSEnable(d);
    DPMSForceLevel(d, on ? DPMSModeOn : DPMSModeOff);
    XSync(d, False);
    return 0;
}

/// The screen's DPMS level (0 on, 1 standby, 2 suspend, 3 off), -1 unknown.
static inline int trips_dpms_level(void *display) {
    Display *d = (Display *)display;
    int event, error;
    CARD16 level = 0;
    BOOL enabled = 0;
    if (!DPMSQueryExtension(d, &event, &error) || !DPMSInfo(d, &level, &enabled)) return -1;
    return level;
}
#endif
