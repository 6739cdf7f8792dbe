#!/usr/bin/python3
# The AT-SPI client of Tests/e2e/atspi.sh: walks the live Trips with
# pyatspi (the library Orca uses) and acts on it, as a screen reader would.
# Run with Debian's /usr/bin/python3 (python3-pyatspi is installed for it).
# Usage: atspi-client.py MODE OUT
#   overview  the tree, states, extents against OUT/overview.png, actions,
#             keys (xdotool) and the events they send; bad D-Bus calls
#   attract   the attract loop's caption
#   french    the French tree (--lang fr)
#   wayland   the tree and an action under weston (extents in the window)
#   opened    prints whether a photo is open
#   slow FIFO a reader that answers keys after 300 ms (past the app's
#             timeout): Tab, sent through weston (weston-input.c's FIFO),
#             still moves the focus exactly once
# Prints "ok   - ..." / "FAIL - ..." lines, as lib.sh's tests do.
import os
import subprocess
import sys
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib
import pyatspi

MODE, OUT = sys.argv[1], sys.argv[2]
failures = 0


def check(name, condition, detail=""):
    global failures
    if condition:
        print("ok   - " + name)
    else:
        failures += 1
        print("FAIL - " + name + (("\n       " + str(detail)) if detail else ""))
    sys.stdout.flush()


events = []


def on_event(event):
    try:
        events.append((event.type, event.source.name, event.detail1, event.any_data))
    except Exception as e:  # a source that went away meanwhile
        events.append((event.type, None, event.detail1, str(e)))


def spin(seconds):
    """Lets pyatspi's main context deliver events for a while."""
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


def until(seconds, condition):
    def attempt():
        # A node that went away while it was read (a slideshow's photo
        # replaced mid-transition) is a screen that changed: read again.
        try:
            return condition()
        except GLib.GError:
            return None
    end = time.time() + seconds
    while time.time() < end:
        spin(0.05)
        value = attempt()
        if value:
            return value
    return attempt()


def app_name(app):
    """An app's name; an app that has just quit may still be listed, and
    reading its name fails: that must not hide the Trips started after it."""
    try:
        return app.name if app is not None else None
    except GLib.GError as e:
        return "unreadable: %s" % e.message


def find_app():
    def look():
        return next((app for app in pyatspi.Registry.getDesktop(0) if app_name(app) == "trips"), None)
    return until(15, look)


def app_on_bus(label):
    """find_app as a test, read fresh from the app; a failure lists the
    apps the desktop has."""
    app = find_app()
    check(label + "the app is on the bus", app is not None,
          app is None and "apps listed: %s" % [app_name(a) for a in pyatspi.Registry.getDesktop(0)])
    if app is not None:
        fresh(app)
    return app


def fresh(app):
    # Read what the app says now, not libatspi's cache.
    app.clear_cache()
    app.set_cache_mask(Atspi.Cache.NONE)


def nodes(app):
    # The screen may change between the count and the reading: read again.
    for attempt in range(20):
        try:
            frame = app[0]
            children = [frame[i] for i in range(frame.childCount)]
            if all(c is not None for c in children):
                return frame, children
        except IndexError:
            pass
        spin(0.05)
    return frame, []


def by_name(app, name, role=pyatspi.ROLE_PUSH_BUTTON):
    _, children = nodes(app)
    for child in children:
        if child.name == name and child.getRole() == role:
            return child
    return None


def states(node):
    return set(node.getState().getStates())


def key(name):
    subprocess.run(["xdotool", "key", name], env=dict(os.environ), check=False)


def screenshot(path):
    subprocess.run(["import", "-window", "root", path], check=False)


def fraction_not(path, x, y, w, h, colour="rgb(17,18,20)"):
    """The fraction of pixels in the box that are not `colour` (the app's background)."""
    out = subprocess.run(["convert", path, "-crop", "%dx%d+%d+%d" % (w, h, x, y), "+repage", "-alpha", "off", "-fuzz", "4%",
                          "-fill", "black", "-opaque", colour, "-fill", "white", "+opaque", "black", "-colorspace", "Gray",
                          "-format", "%[fx:mean]", "info:"], capture_output=True, text=True)
    return float(out.stdout or "nan")


def a11y_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType.new("(s)"), 0, 2000, None).unpack()[0]
    return Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
                                                   Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)


def raw_call(bus, name, path, interface, member, args):
    """A D-Bus call by hand: (True, answer) or (False, the D-Bus error's name)."""
    try:
        return True, bus.call_sync(name, path, interface, member, args, None, 0, 2000, None)
    except GLib.Error as e:
        return False, Gio.DBusError.get_remote_error(e) or e.message


def overview():
    app = find_app()
    check("the registry lists the application 'trips'", app is not None)
    if app is None:
        return
    fresh(app)
    frame, children = nodes(app)
    check("the application has Application's toolkit name and AT-SPI version",
          app.get_toolkit_name() == "Trips" and app.get_atspi_version() == "2.1", (app.get_toolkit_name(), app.get_atspi_version()))
    check("one FRAME named Trips, ACTIVE, SHOWING and VISIBLE",
          frame.getRole() == pyatspi.ROLE_FRAME and frame.name == "Trips"
          and {pyatspi.STATE_ACTIVE, pyatspi.STATE_SHOWING, pyatspi.STATE_VISIBLE} <= states(frame),
          (frame.getRoleName(), frame.name, [pyatspi.stateToString(s) for s in states(frame)]))
    heading = children[0]
    check("the title is a HEADING with a level", heading.getRole() == pyatspi.ROLE_HEADING and heading.name == "Trips"
          and heading.getAttributes() and "level:1" in heading.getAttributes(), (heading.getRoleName(), heading.getAttributes()))
    names = [c.name for c in children if c.getRole() == pyatspi.ROLE_PUSH_BUTTON]
    check("every strip photo and row is a PUSH_BUTTON", all(n in names for n in
          ["Playground", "Photo of Lisbon", "Photo of Reykjavik", "Lisbon", "Reykjavik", "Kyoto", "Hobart"]), names)
    lisbon_row = by_name(app, "Lisbon")
    rows = [c for c in children if c.name == "Lisbon" and c.getRole() == pyatspi.ROLE_PUSH_BUTTON and c.description]
    check("a row's value is its description ('4 nights')", rows and rows[0].description.startswith("4 nights"),
          [(c.name, c.description) for c in children])
    wanted = {pyatspi.STATE_ENABLED, pyatspi.STATE_SENSITIVE, pyatspi.STATE_SHOWING, pyatspi.STATE_VISIBLE, pyatspi.STATE_FOCUSABLE}
    photo = by_name(app, "Photo of Lisbon")
    check("a button's states: ENABLED SENSITIVE SHOWING VISIBLE FOCUSABLE, not FOCUSED",
          photo is not None and wanted <= states(photo) and pyatspi.STATE_FOCUSED not in states(photo),
          photo and [pyatspi.stateToString(s) for s in states(photo)])
    check("no node has an empty state set", all(len(states(c)) > 0 for c in children + [frame, app]))
    check("a button offers the action 'click'", photo.queryAction().nActions == 1 and photo.queryAction().getName(0) == "click")
    check("parents lead back to the application", photo.parent == frame and frame.parent == app)

    # Extents: where the photo is drawn on the screen (the window is not at 0, 0).
    screenshot(OUT + "/overview.png")
    ext = photo.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    win = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    local = photo.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    check("the frame's screen extents are the window's place on the screen (centred, not at 0, 0)",
          win.x > 0 and win.y > 0 and (win.width, win.height) == (1000, 700), (win.x, win.y, win.width, win.height))
    check("screen extents are window extents moved by the window's origin",
          (ext.x - win.x, ext.y - win.y, ext.width, ext.height) == (local.x, local.y, local.width, local.height))
    inside = fraction_not(OUT + "/overview.png", ext.x + 4, ext.y + 4, ext.width - 8, ext.height - 8)
    above = fraction_not(OUT + "/overview.png", ext.x + 4, ext.y - 8, ext.width - 8, 6)
    left = fraction_not(OUT + "/overview.png", ext.x - 8, ext.y + 4, 6, ext.height - 8)
    check("the photo's extents hold the photo's pixels in the screenshot, with background just outside",
          inside > 0.95 and above < 0.05 and left < 0.05, "inside %.3f, above %.3f, left %.3f at %s" %
          (inside, above, left, (ext.x, ext.y, ext.width, ext.height)))
    hit = frame.queryComponent().getAccessibleAtPoint(ext.x + ext.width // 2, ext.y + ext.height // 2, pyatspi.DESKTOP_COORDS)
    check("a hit test at the photo's centre finds the photo", hit is not None and hit.name == "Photo of Lisbon", hit and hit.name)

    pyatspi.Registry.registerEventListener(on_event, "object:state-changed:focused", "object:property-change:accessible-description",
                                           "object:property-change:accessible-name", "object:children-changed")
    spin(0.3)

    # Tab moves the focus, one event each way.
    for stop in range(2):
        del events[:]
        key("Tab")
        until(3, lambda: any(e[0] == "object:state-changed:focused" and e[2] == 1 for e in events))
        spin(0.3)
        fresh(app)
        _, children = nodes(app)
        focused = [c for c in children if pyatspi.STATE_FOCUSED in states(c)]
        gained = [e for e in events if e[0] == "object:state-changed:focused" and e[2] == 1]
        lost = [e for e in events if e[0] == "object:state-changed:focused" and e[2] == 0]
        check("Tab %d: one node FOCUSED, one focused event onto it%s" % (stop + 1, ", one off the old" if stop else ""),
              len(focused) == 1 and len(gained) == 1 and gained[0][1] == focused[0].name and len(lost) == stop,
              (events, [c.name for c in focused]))

    # A reader moves the focus itself: GrabFocus on a row.
    row = next((c for c in nodes(app)[1] if c.get_accessible_id() == "row:kyoto"), None)
    del events[:]
    took = row is not None and row.queryComponent().grabFocus()
    until(3, lambda: any(e[0] == "object:state-changed:focused" and e[2] == 1 for e in events))
    spin(0.3)
    fresh(app)
    focused = [c.get_accessible_id() for c in nodes(app)[1] if pyatspi.STATE_FOCUSED in states(c)]
    gained = [e for e in events if e[0] == "object:state-changed:focused" and e[2] == 1]
    check("GrabFocus on a row (Kyoto) moves the focus there, with one focused event (%s)" % focused,
          took and focused == ["row:kyoto"] and len(gained) == 1, (took, events))
    title = next((c for c in nodes(app)[1] if c.getRole() == pyatspi.ROLE_HEADING), None)
    check("GrabFocus on the heading, which takes no focus, says false", title is not None and not title.queryComponent().grabFocus())

    # A strip photo's click opens it, as a tap does.
    del events[:]
    gone = raw_path = None
    bus = a11y_bus()
    photo = by_name(app, "Photo of Lisbon")
    raw_path = photo.path
    photo.queryAction().doAction(0)
    big = until(5, lambda: (fresh(app), [c for c in nodes(app)[1] if c.name == "Photo of Lisbon" and c.get_accessible_id() == "big-photo"])[1])
    check("doAction 'click' on a strip photo opens it (a big photo node appears)", big, [(c.name, c.get_accessible_id()) for c in nodes(app)[1]])
    spin(0.5)
    check("opening sends children-changed add and remove",
          any(e[0] == "object:children-changed:add" for e in events) and any(e[0] == "object:children-changed:remove" for e in events),
          events)
    screenshot(OUT + "/opened.png")
    if big:
        big = big[0]
        del events[:]
        key("plus")
        grown = until(5, lambda: (fresh(app), "Zoomed in" in big.description)[1])
        spin(0.3)
        check("+ makes the big photo's description the zoom ('%s')" % big.description, grown, big.description)
        changes = [e for e in events if e[0] == "object:property-change:accessible-description"]
        check("with a property-change event carrying the new string",
              changes and changes[-1][3] == big.description, (events, big.description))
        try:
            value = big.queryValue()
            numbers = (value.currentValue, value.minimumValue, value.maximumValue, value.minimumIncrement)
        except NotImplementedError:
            numbers = None
        # Its maximum is the picture's own ceiling (4x its pixels), past 4x for the bundled photos.
        check("the zoom is also a Value: current 1.5 (after one +) from 1 to the picture's ceiling, step 0.5 %s" % (numbers,),
              numbers is not None and numbers[:2] == (1.5, 1.0) and numbers[2] > 4 and numbers[3] == 0.5, numbers)
        # A reader's increment sets it (Properties.Set of CurrentValue): the app zooms.
        try:
            value.currentValue = 2.5
        except Exception as e:
            check("the zoom's Value can be set (%s)" % e, False, e)
        set_ok = until(5, lambda: (fresh(app), "2.5" in big.description)[1])
        check("setting the Value to 2.5 zooms the photo ('%s')" % big.description, set_ok, big.description)
        screenshot(OUT + "/zoomed.png")

    # Bad calls on the bus: an error each, and the app lives on.
    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None,
                          GLib.VariantType.new("(as)"), 0, 2000, None).unpack()[0]

    def is_trips(n):
        ok, reply = raw_call(bus, n, "/org/a11y/atspi/accessible/root", "org.freedesktop.DBus.Properties", "Get",
                             GLib.Variant("(ss)", ("org.a11y.atspi.Application", "ToolkitName")))
        return ok and reply.unpack()[0] == "Trips"
    name = next((n for n in names if n.startswith(":") and is_trips(n)), None)
    check("the app is on the accessibility bus under a unique name", name is not None, names)
    frame_path = "/org/a11y/atspi/accessible/frame"
    answers = [
        raw_call(bus, name, frame_path, "org.a11y.atspi.Accessible", "GetChildAtIndex", GLib.Variant("(s)", ("0",))),
        raw_call(bus, name, frame_path, "org.a11y.atspi.Accessible", "GetChildAtIndex", GLib.Variant("(i)", (999,))),
        raw_call(bus, name, "/org/a11y/atspi/accessible/n4242", "org.a11y.atspi.Accessible", "GetRole", None),
        raw_call(bus, name, raw_path, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,))),
        raw_call(bus, name, frame_path, "org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (77,))),
        raw_call(bus, name, frame_path, "org.a11y.atspi.Text", "GetText", GLib.Variant("(ii)", (0, -1))),
    ]
    check("wrong signature, index out of range, unknown path, DoAction on a node gone (the opened strip photo): D-Bus errors",
          all(not ok and str(err).startswith("org.freedesktop.DBus.Error.") for ok, err in answers), answers)
    ok, reply = raw_call(bus, name, frame_path, "org.a11y.atspi.Accessible", "GetRole", None)
    check("and the app still answers after them", ok and reply.unpack()[0] == pyatspi.ROLE_FRAME, reply)
    # Two 30 MiB strings: refused with an error, not read into the app, which answers on.
    huge = "x" * (30 << 20)
    started = time.monotonic()
    try:
        bus.call_sync(name, frame_path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (huge, huge)),
                      None, 0, 20000, None)
        refused = None
    except GLib.Error as e:
        refused = Gio.DBusError.get_remote_error(e) or e.message
    took = time.monotonic() - started
    del huge
    # The time is mostly the bus carrying 60 MiB (libdbus still reads the
    # message: its own size limit would drop the whole connection).
    check("a Properties.Get with two 30 MiB strings is refused with LimitsExceeded (after %.2f s)" % took,
          refused == "org.freedesktop.DBus.Error.LimitsExceeded", refused)
    ok, reply = raw_call(bus, name, frame_path, "org.a11y.atspi.Accessible", "GetRole", None)
    check("and the app still answers after it", ok and reply.unpack()[0] == pyatspi.ROLE_FRAME, reply)


def paging():
    app = app_on_bus("paging: ")
    if app is None:
        return
    by_name(app, "Photo of Lisbon").queryAction().doAction(0)
    big = until(5, lambda: (fresh(app), [c for c in nodes(app)[1] if c.get_accessible_id() == "big-photo"])[1])
    check("paging: the opened trip's big photo says its page", big and big[0].description.startswith("Photo 1 of 3"),
          big and big[0].description)
    if not big:
        return
    pyatspi.Registry.registerEventListener(on_event, "object:property-change:accessible-description")
    spin(0.3)
    key("Right")
    turned = until(5, lambda: (fresh(app), big[0].description.startswith("Photo 2 of 3"))[1])
    spin(0.3)
    check("paging: Right turns the page and the description follows ('%s')" % big[0].description, turned, big[0].description)
    check("paging: with a property-change event", any(e[3] == big[0].description for e in events), events)


def attract():
    app = app_on_bus("attract: ")
    if app is None:
        return
    image = until(10, lambda: (fresh(app), [c for c in nodes(app)[1] if c.getRole() == pyatspi.ROLE_IMAGE])[1])
    check("attract: the slideshow's photo is an IMAGE named for its trip, its caption the description",
          image and image[0].name.startswith("Photo of ") and image[0].description != "",
          image and (image[0].name, image[0].description))
    if image:
        print("       caption: %r" % image[0].description)


def french():
    app = app_on_bus("french: ")
    if app is None:
        return
    frame, children = nodes(app)
    names = [c.name for c in children]
    check("french: the title, photos and playground in French", "Voyages" in names and "Photo de Lisbonne" in names
          or ("Voyages" in names and any(n.startswith("Photo de ") for n in names)) and "Terrain de jeu" in names, names)
    check("french: a row's value in French ('4 nuits')", any(c.description.startswith("4 nuits") for c in children),
          [c.description for c in children])
    check("french: Locale says fr", children[0].get_object_locale().startswith("fr"), children[0].get_object_locale())


def wayland():
    app = app_on_bus("wayland: ")
    if app is None:
        return
    frame, children = nodes(app)
    photo = by_name(app, "Photo of Lisbon")
    check("wayland: the tree has the strip's photos as buttons", photo is not None, [c.name for c in children])
    if photo is None:
        return
    local = photo.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    expected = tuple(int(v) for v in sys.argv[3].split())
    check("wayland: window extents of the first strip photo at scale 2 are the replay snapshot's points doubled %s" % (expected,),
          (local.x, local.y, local.width, local.height) == expected, (local.x, local.y, local.width, local.height))
    photo.queryAction().doAction(0)
    big = until(5, lambda: (fresh(app), [c for c in nodes(app)[1] if c.get_accessible_id() == "big-photo"])[1])
    check("wayland: doAction opens the photo", big, [c.name for c in nodes(app)[1]])


def recorded():
    """A reader's focus and click on an app that records (--record): the
    state they left, for the test to hold the recording's replay to."""
    app = app_on_bus("record: ")
    if app is None:
        return
    row = by_name(app, "Kyoto")
    took = row is not None and row.queryComponent().grabFocus()
    photo = by_name(app, "Photo of Reykjavik")
    check("record: GrabFocus on Kyoto's row is taken", took)
    if photo is None:
        return check("record: the strip shows Reykjavik's photo", False, [c.name for c in nodes(app)[1]])
    photo.queryAction().doAction(0)
    big = until(5, lambda: (fresh(app), [c for c in nodes(app)[1] if c.get_accessible_id() == "big-photo"])[1])
    check("record: doAction on Reykjavik's photo opens it", big, [c.name for c in nodes(app)[1]])
    spin(1.5)
    fresh(app)
    focused = [c.get_accessible_id() for c in nodes(app)[1] if pyatspi.STATE_FOCUSED in states(c)]
    big = [c.name for c in nodes(app)[1] if c.get_accessible_id() == "big-photo"]
    print("live: focus %s, big photo %s" % (focused[0] if focused else None, big[0] if big else None))


def opened():
    """Prints whether a big photo is open (for the Orca test, which asks the tree)."""
    app = find_app()
    fresh(app)
    big = [c for c in nodes(app)[1] if c.get_accessible_id() == "big-photo"]
    print("opened: " + (("yes, " + big[0].description) if big else "no"))


def slow():
    app = app_on_bus("wayland: slow reader: ")
    if app is None:
        return
    answers = []

    def late(event):
        time.sleep(0.3)
        answers.append(event.event_string)
        return False  # not consumed: the app acts on it, once

    pyatspi.Registry.registerKeystrokeListener(late, mask=pyatspi.allModifiers(),
                                               kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT),
                                               synchronous=True, preemptive=True)
    pyatspi.Registry.registerEventListener(on_event, "object:state-changed:focused")
    spin(0.5)
    fresh(app)
    before = [c.name for c in nodes(app)[1] if pyatspi.STATE_FOCUSED in states(c)]
    del events[:]
    with open(sys.argv[3], "w") as fifo:
        fifo.write("key 15\n")  # Tab
    until(4, lambda: len(answers) >= 2)
    spin(1.5)
    fresh(app)
    after = [c.name for c in nodes(app)[1] if pyatspi.STATE_FOCUSED in states(c)]
    gained = [e for e in events if e[0] == "object:state-changed:focused" and e[2] == 1]
    check("wayland: slow reader: it answered the press and the release late (%s)" % answers, len(answers) == 2, answers)
    check("wayland: slow reader: the Tab it answered too late moved the focus exactly once (%s -> %s)" % (before, after),
          len(gained) == 1 and after != before and len(after) == 1 and gained[0][1] == after[0], events)


MODES = {"slow": slow, "opened": opened, "recorded": recorded, "overview": overview, "paging": paging, "attract": attract, "french": french, "wayland": wayland}
MODES[MODE]()
print("client: done " + MODE)
sys.exit(1 if failures else 0)
