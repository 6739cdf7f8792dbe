#!/usr/bin/python3
# A screen reader's load on Trips for Benchmarks/atspi.sh: listens to every
# event the app sends and reads the whole tree (names, values, states,
# extents) every 50 ms, as Orca's flat review would, until killed.
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib
import pyatspi

events = 0


def count(event):
    global events
    events += 1


pyatspi.Registry.registerEventListener(count, "object:", "window:")
context = GLib.MainContext.default()
reads = 0
while True:
    for app in pyatspi.Registry.getDesktop(0):
        if app is None or app.name != "trips":
            continue
        app.set_cache_mask(Atspi.Cache.NONE)
        try:
            frame = app[0]
            for i in range(frame.childCount):
                node = frame[i]
                node.name, node.description, node.getState(), node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            reads += 1
        except Exception:
            pass
    end = time.time() + 0.05
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.005)
    if reads % 20 == 1:
        print("listener: %d tree reads, %d events" % (reads, events), flush=True)
