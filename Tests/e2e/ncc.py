#!/usr/bin/env python3
"""How closely a screenshot of the big photo matches the photo itself.

Usage: ncc.py SHOT PHOTO FRAME ZOOM CX CY [--as-upscaled SHOT_1X]

FRAME is the big frame in screen pixels (x,y,w,h); ZOOM and the centre
CX, CY (0...1 of the frame, as BigPhoto keeps it) say which part of the
photo it shows (aspect fill, then zoomed). That part is resampled from
PHOTO to the frame's size (ImageMagick, EWA); the normalised
cross-correlation of the grey levels of the 200 x 200 pixels around the
frame's centre is printed, the best over shifts of up to 4 pixels, then
the shift. With --as-upscaled, SHOT is not read: the 1x screenshot's
pixels of that part are upscaled instead (what the screen would show if
only the window-sized picture were drawn), for comparison.
"""
import math
import subprocess
import sys


def grey(arguments, width, height):
    raw = subprocess.check_output(["convert"] + arguments + ["-colorspace", "Gray", "-depth", "8", "gray:-"])
    if len(raw) != width * height:
        sys.exit("ncc.py: expected %d x %d grey pixels, got %d bytes" % (width, height, len(raw)))
    return raw


def affine(x, y, w, h, width, height):
    """ImageMagick arguments: the region x,y,w,h of the input resampled to width x height."""
    return ["-define", "distort:viewport=%dx%d+0+0" % (width, height), "-distort", "Affine",
            "%f,%f 0,0  %f,%f %d,0  %f,%f 0,%d" % (x, y, x + w, y, width, x, y + h, height), "+repage"]


def main():
    shot, photo = sys.argv[1], sys.argv[2]
    fx, fy, fw, fh = (float(v) for v in sys.argv[3].split(","))
    zoom, cx, cy = float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
    upscaled_from = sys.argv[8] if len(sys.argv) > 8 and sys.argv[7] == "--as-upscaled" else None
    iw, ih = (int(v) for v in subprocess.check_output(["identify", "-format", "%w %h", photo]).split())
    scale = max(fw / iw, fh / ih)
    cw, ch = fw / scale / iw, fh / scale / ih  # the aspect-fill crop, 0...1 of the photo
    x0, y0 = (1 - cw) / 2, (1 - ch) / 2
    left, top = x0 + (cx - 0.5 / zoom) * cw, y0 + (cy - 0.5 / zoom) * ch
    width, height = int(round(fw)), int(round(fh))
    reference = grey([photo] + affine(left * iw, top * ih, cw / zoom * iw, ch / zoom * ih, width, height), width, height)
    if upscaled_from:
        # In the 1x shot the frame shows the whole crop: the part is (left - x0) / cw of it.
        region = (fx + (left - x0) / cw * fw, fy + (top - y0) / ch * fh, fw / zoom, fh / zoom)
        screen = grey([upscaled_from, "-filter", "Triangle"] + affine(*region, width, height), width, height)
    else:
        screen = grey([shot, "-crop", "%dx%d+%d+%d" % (width, height, int(fx), int(fy)), "+repage"], width, height)
    box = 200
    bx, by = width // 2 - box // 2, height // 2 - box // 2

    def ncc(ox, oy):
        a, b = [], []
        for y in range(by, by + box, 2):
            a.extend(screen[y * width + bx:y * width + bx + box:2])
            b.extend(reference[(y + oy) * width + bx + ox:(y + oy) * width + bx + ox + box:2])
        ma, mb = sum(a) / len(a), sum(b) / len(b)
        num = sum((p - ma) * (q - mb) for p, q in zip(a, b))
        den = math.sqrt(sum((p - ma) ** 2 for p in a) * sum((q - mb) ** 2 for q in b))
        return num / den if den else 0.0

    best = max((ncc(ox, oy), ox, oy) for ox in range(-4, 5) for oy in range(-4, 5))
    print("%.3f %+d %+d" % best)


main()
