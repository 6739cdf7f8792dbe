#ifndef TRIPS_CX11_SHIM_H
#define TRIPS_CX11_SHIM_H
// Xlib (Debian's libx11-dev), for the one question SDL cannot answer:
// whether an X window manager runs. Only its answer is exported, not Xlib's
// names (its `Display` would clash with Platform's).
#include <X11/Xlib.h>
#include <X11/Xatom.h>

/// 1 when a window manager runs on the X server at DISPLAY (EWMH's
/// _NET_SUPPORTING_WM_CHECK on the root window names its window), 0 when
/// none does, -1 when the server cannot be reached. Without one, nothing
/// answers a fullscreen request.
static inline int trips_x11_window_manager_runs(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return -1;
    int runs = 0;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check != None) {
        Atom type;
        int format;
        unsigned long count, after;
        unsigned char *data = NULL;
        if (XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW, &type, &format,
                               &count, &after, &data) == Success && count == 1) runs = 1;
        if (data) XFree(data);
    }
    XCloseDisplay(display);
    return runs;
}
#endif
