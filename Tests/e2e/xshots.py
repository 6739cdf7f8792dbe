#!/usr/bin/env python3
"""Screenshots of an X screen at a steady rate, judged as they are taken.

ImageMagick's `import` took seconds a shot on a loaded machine; this reads
the root window with libX11's XGetImage (ctypes, no outside package) and
keeps a quarter-size PPM of each shot for a person to look at. One line a
shot: its number, the fraction of the frame within 2 of COLOUR (the
placeholder's flat grey: a noisy photo fading in over black passes through
that grey on average, not pixel by pixel), and the mean red minus the mean
blue of the middle (which photo shows).

Usage: xshots.py DISPLAY OUTDIR COUNT INTERVAL R,G,B [--at N 'SHELL COMMAND']...
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys
import time


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int), ("format", ctypes.c_int),
                ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
                ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]


def main():
    display, out, count, interval, colour = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
    actions, rest = {}, sys.argv[6:]
    while len(rest) >= 3 and rest[0] == "--at":
        actions[int(rest[1])] = rest[2]
        rest = rest[3:]
    cr, cg, cb = (int(v) for v in colour.split(","))
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.POINTER(XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                              ctypes.c_ulong, ctypes.c_int]
    x11.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
    x11.XDisplayWidth.argtypes = x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    dpy = x11.XOpenDisplay(display.encode())
    if not dpy:
        sys.exit(f"xshots: cannot open display {display}")
    root = x11.XDefaultRootWindow(dpy)
    w, h = x11.XDisplayWidth(dpy, 0), x11.XDisplayHeight(dpy, 0)
    os.makedirs(out, exist_ok=True)
    start = time.monotonic()
    for n in range(1, count + 1):
        image = x11.XGetImage(dpy, root, 0, 0, w, h, 0xFFFFFFFF, 2)  # AllPlanes, ZPixmap
        im = image.contents
        data = ctypes.string_at(im.data, im.bytes_per_line * im.height)
        stride = im.bytes_per_line
        x11.XDestroyImage(image)
        near = total = 0
        small = bytearray()
        for y in range(0, h, 4):
            row = y * stride
            for x in range(0, w, 4):
                b, g, r = data[row + 4 * x], data[row + 4 * x + 1], data[row + 4 * x + 2]
                small += bytes((r, g, b))
                total += 1
                if abs(r - cr) <= 2 and abs(g - cg) <= 2 and abs(b - cb) <= 2:
                    near += 1
        red = blue = k = 0
        for y in range(h // 4, 3 * h // 4, 8):
            for x in range(w // 4, 3 * w // 4, 8):
                i = y * stride + 4 * x
                blue += data[i]; red += data[i + 2]; k += 1
        with open(os.path.join(out, "%03d.ppm" % n), "wb") as f:
            f.write(b"P6 %d %d 255\n" % (len(range(0, w, 4)), len(range(0, h, 4))) + bytes(small))
        print("%03d %.3f %.1f" % (n, near / total, (red - blue) / max(k, 1)), flush=True)
        if n in actions:
            subprocess.run(actions[n], shell=True)
        time.sleep(max(0.0, start + n * interval - time.monotonic()))


if __name__ == "__main__":
    main()
