#!/usr/bin/env python3
"""A unit's notify socket, as systemd binds it: notify-listener.py PATH
binds a Unix datagram socket at PATH and prints each message it gets (one
a line per assignment, e.g. READY=1) with the seconds since it started, on
the monotonic clock, until it is killed. The watchdog test reads them."""
import socket
import sys
import time

sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind(sys.argv[1])
start = time.monotonic()
print(f"{0:.3f} LISTENING", flush=True)
while True:
    data = sock.recv(4096)
    now = time.monotonic() - start
    for line in data.decode("utf-8", "replace").splitlines():
        print(f"{now:.3f} {line}", flush=True)
