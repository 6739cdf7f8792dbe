#!/usr/bin/env python3
"""The mean colour difference (CIE76 Delta E, sRGB to L*a*b* under D65)
between the same region of two screenshots.

Usage: delta-e.py SHOT_A SHOT_B X Y W H
"""
import subprocess
import sys


def pixels(path, region):
    raw = subprocess.check_output(["convert", path, "-crop", region, "+repage", "-alpha", "off", "-depth", "8", "rgb:-"])
    return raw


def lab(r, g, b):
    def linear(c):
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    R, G, B = linear(r), linear(g), linear(b)
    x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047
    y = 0.2126 * R + 0.7152 * G + 0.0722 * B
    z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def main():
    a_path, b_path, x, y, w, h = sys.argv[1:7]
    region = "%sx%s+%s+%s" % (w, h, x, y)
    a, b = pixels(a_path, region), pixels(b_path, region)
    if len(a) != len(b) or not a:
        sys.exit("delta-e.py: the regions differ in size")
    cache = {}
    total = 0.0
    for i in range(0, len(a), 3):
        p, q = a[i:i + 3], b[i:i + 3]
        lp = cache.get(p) or cache.setdefault(p, lab(*p))
        lq = cache.get(q) or cache.setdefault(q, lab(*q))
        total += sum((u - v) ** 2 for u, v in zip(lp, lq)) ** 0.5
    print("%.2f" % (total / (len(a) // 3)))


main()
