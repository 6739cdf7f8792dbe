/* An XDND drag source for the drop test on X11 (Xvfb has no file manager):
 * it drags a URI list onto one window, as a file manager would with the
 * XDND protocol (version 5): XdndEnter offering text/uri-list, an
 * XdndPosition at the window's middle, and, once the window's XdndStatus
 * accepts, XdndDrop; it answers the window's request for XdndSelection
 * with the list (the URIs given, CRLF-ended) and waits for XdndFinished.
 * Prints "accepted" and "finished" as they come; exits 1 after 5 s without.
 * Usage: xdnd-source WINDOW-ID URI... (DISPLAY names the X server). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>

static Display *dpy;
static Atom atom(const char *name) { return XInternAtom(dpy, name, False); }

static void message(Window target, Atom type, long l1, long l2, long l3, long l4, Window source) {
    XEvent e = {0};
    e.xclient.type = ClientMessage;
    e.xclient.window = target;
    e.xclient.message_type = type;
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)source;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    XSendEvent(dpy, target, False, NoEventMask, &e);
    XFlush(dpy);
}

int main(int argc, char **argv) {
    if (argc < 3 || !(dpy = XOpenDisplay(NULL))) { fprintf(stderr, "usage: xdnd-source WINDOW URI... (with an X display)\n"); return 2; }
    Window target = (Window)strtoul(argv[1], NULL, 0);
    static char list[8192];
    for (int i = 2; i < argc; i++) { strncat(list, argv[i], sizeof list - strlen(list) - 3); strcat(list, "\r\n"); }
    Window source = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
    Atom uriList = atom("text/uri-list"), selection = atom("XdndSelection"), copy = atom("XdndActionCopy");
    XWindowAttributes wa;
    XGetWindowAttributes(dpy, target, &wa);
    int x, y;
    Window child;
    XTranslateCoordinates(dpy, target, DefaultRootWindow(dpy), wa.width / 2, wa.height / 2, &x, &y, &child);
    XSetSelectionOwner(dpy, selection, source, CurrentTime);
    message(target, atom("XdndEnter"), 5L << 24, (long)uriList, None, None, source);
    message(target, atom("XdndPosition"), 0, ((long)x << 16) | y, CurrentTime, (long)copy, source);
    time_t end = time(NULL) + 5;
    int dropped = 0;
    while (time(NULL) < end) {
        if (!XPending(dpy)) { struct timespec t = {0, 10000000}; nanosleep(&t, NULL); continue; }
        XEvent e;
        XNextEvent(dpy, &e);
        if (e.type == ClientMessage && e.xclient.message_type == atom("XdndStatus") && !dropped) {
            if (!(e.xclient.data.l[1] & 1)) { printf("refused\n"); return 1; }
            printf("accepted\n");
            fflush(stdout);
            dropped = 1;
            message(target, atom("XdndDrop"), 0, CurrentTime, 0, 0, source);
        } else if (e.type == ClientMessage && e.xclient.message_type == atom("XdndFinished")) {
            printf("finished\n");
            return 0;
        } else if (e.type == SelectionRequest) {
            XSelectionRequestEvent *r = &e.xselectionrequest;
            XEvent reply = {0};
            reply.xselection.type = SelectionNotify;
            reply.xselection.requestor = r->requestor;
            reply.xselection.selection = r->selection;
            reply.xselection.target = r->target;
            reply.xselection.time = r->time;
            reply.xselection.property = None;
            if (r->target == uriList) {
                XChangeProperty(dpy, r->requestor, r->property, uriList, 8, PropModeReplace, (unsigned char *)list, (int)strlen(list));
                reply.xselection.property = r->property;
            }
            XSendEvent(dpy, r->requestor, False, NoEventMask, &reply);
            XFlush(dpy);
        }
    }
    printf("timed out\n");
    return 1;
}
