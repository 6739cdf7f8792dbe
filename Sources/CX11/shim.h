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

// The X clipboard's owner for Ctrl+C's picture (Platform's X11Clipboard),
// which SDL 2.26 offers only as text: a window of its own on a connection
// of its own, used by one thread only. It answers CLIPBOARD requests for
// TARGETS, image/png, text/uri-list and text (the URI list as UTF-8).
// A picture larger than one request can carry goes in INCR chunks (ICCCM
// 2.7.2): each written when the paster has deleted the one before.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { TRIPS_X11_TRANSFERS = 4, TRIPS_X11_CHUNK = 256 << 10 };
typedef struct trips_x11_transfer { Window requestor; Atom property; size_t offset; int active; } trips_x11_transfer;
typedef struct trips_x11_clipboard {
    Display *display;
    Window window;
    Atom clipboard, targets, png, uri_list, utf8, text, incr;
    size_t largest;
    trips_x11_transfer transfers[TRIPS_X11_TRANSFERS];
} trips_x11_clipboard;

/// A connection to DISPLAY and a window to own the clipboard with; NULL
/// when the server cannot be reached.
static inline trips_x11_clipboard *trips_x11_clipboard_open(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return NULL;
    trips_x11_clipboard *c = calloc(1, sizeof *c);
    c->display = display;
    c->window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0);
    c->clipboard = XInternAtom(display, "CLIPBOARD", False);
    c->targets = XInternAtom(display, "TARGETS", False);
    c->png = XInternAtom(display, "image/png", False);
    c->uri_list = XInternAtom(display, "text/uri-list", False);
    c->utf8 = XInternAtom(display, "UTF8_STRING", False);
    c->text = XInternAtom(display, "text/plain;charset=utf-8", False);
    c->incr = XInternAtom(display, "INCR", False);
    long words = XExtendedMaxRequestSize(display);
    if (words == 0) words = XMaxRequestSize(display);
    c->largest = (size_t)words * 4 - 1024;
    XFlush(display);
    return c;
}

static inline int trips_x11_clipboard_fd(trips_x11_clipboard *c) { return ConnectionNumber(c->display); }

/// Takes the clipboard; 1 when this window owns it.
static inline int trips_x11_clipboard_own(trips_x11_clipboard *c) {
    memset(c->transfers, 0, sizeof c->transfers); // a new picture: chunks of the old one end
    XSetSelectionOwner(c->display, c->clipboard, c->window, CurrentTime);
    int owns = XGetSelectionOwner(c->display, c->clipboard) == c->window;
    XFlush(c->display);
    return owns;
}

/// Answers what the connection has (never blocks): each request with the
/// bytes given. 0 once another client took the clipboard, else 1.
static inline int trips_x11_clipboard_serve(trips_x11_clipboard *c, const uint8_t *png, size_t png_length,
                                            const uint8_t *uri, size_t uri_length) {
    int owns = 1;
    while (XPending(c->display)) {
        XEvent e;
        XNextEvent(c->display, &e);
        if (e.type == SelectionClear) { owns = 0; continue; }
        if (e.type == PropertyNotify && e.xproperty.state == PropertyDelete) {
            // An INCR paster took a chunk: the next one, or the empty end.
            for (int i = 0; i < TRIPS_X11_TRANSFERS; i++) {
                trips_x11_transfer *t = &c->transfers[i];
                if (!t->active || t->requestor != e.xproperty.window || t->property != e.xproperty.atom) continue;
                size_t left = png && t->offset < png_length ? png_length - t->offset : 0, n = left < TRIPS_X11_CHUNK ? left : TRIPS_X11_CHUNK;
                XChangeProperty(c->display, t->requestor, t->property, c->png, 8, PropModeReplace, png ? png + t->offset : (const uint8_t *)"", (int)n);
                t->offset += n;
                if (n == 0) { t->active = 0; XSelectInput(c->display, t->requestor, NoEventMask); }
            }
            continue;
        }
        if (e.type != SelectionRequest) continue;
        XSelectionRequestEvent *r = &e.xselectionrequest;
        XEvent reply;
        memset(&reply, 0, sizeof reply);
        reply.xselection.type = SelectionNotify;
        reply.xselection.requestor = r->requestor;
        reply.xselection.selection = r->selection;
        reply.xselection.target = r->target;
        reply.xselection.time = r->time;
        reply.xselection.property = None;
        Atom property = r->property != None ? r->property : r->target; // an obsolete client names none
        int offers_png = png != NULL;
        if (r->selection == c->clipboard && uri) {
            if (r->target == c->targets) {
                Atom list[5] = {c->targets, c->uri_list, c->utf8, c->text, c->png};
                XChangeProperty(c->display, r->requestor, property, XA_ATOM, 32, PropModeReplace, (unsigned char *)list, offers_png ? 5 : 4);
                reply.xselection.property = property;
            } else if (r->target == c->png && offers_png && png_length <= c->largest) {
                XChangeProperty(c->display, r->requestor, property, c->png, 8, PropModeReplace, png, (int)png_length);
                reply.xselection.property = property;
            } else if (r->target == c->png && offers_png) {
                for (int i = 0; i < TRIPS_X11_TRANSFERS; i++) {
                    trips_x11_transfer *t = &c->transfers[i];
                    if (t->active) continue;
                    *t = (trips_x11_transfer){r->requestor, property, 0, 1};
                    XSelectInput(c->display, r->requestor, PropertyChangeMask);
                    long size = (long)png_length;
                    XChangeProperty(c->display, r->requestor, property, c->incr, 32, PropModeReplace, (unsigned char *)&size, 1);
                    reply.xselection.property = property;
                    break;
                }
            } else if (r->target == c->uri_list || r->target == c->utf8 || r->target == c->text || r->target == XA_STRING) {
                XChangeProperty(c->display, r->requestor, property, r->target, 8, PropModeReplace, uri, (int)uri_length);
                reply.xselection.property = property;
            }
        }
        XSendEvent(c->display, r->requestor, False, NoEventMask, &reply);
    }
    XFlush(c->display);
    return owns;
}

static inline void trips_x11_clipboard_close(trips_x11_clipboard *c) {
    XDestroyWindow(c->display, c->window);
    XCloseDisplay(c->display);
    free(c);
}
#endif
