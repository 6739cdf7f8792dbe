#!/usr/bin/env python3
"""Gives a JPEG the EXIF block a camera writes: an APP1 "Exif" segment right
after the start of image (in place of a JFIF APP0), little-endian, IFD0 with
the orientation, IFD1 with the embedded thumbnail (Compression 6, 72 dpi,
JPEGInterchangeFormat and its length) and the thumbnail's bytes after it.

Usage: exif-thumbnail.py PHOTO THUMBNAIL [ORIENTATION]
PHOTO is rewritten; THUMBNAIL is a small JPEG (a camera's is 160x120, made
from the same picture as it is stored); ORIENTATION is the EXIF tag (1).
"""
import struct
import sys


def exif_segment(thumbnail, orientation):
    def entry(tag, kind, count, value):
        # SHORT values sit left-justified in the 4-byte field.
        packed = struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
        return struct.pack("<HHI", tag, kind, count) + packed

    ifd0_at = 8
    ifd0 = [entry(0x0112, 3, 1, orientation)]
    ifd1_at = ifd0_at + 2 + 12 * len(ifd0) + 4
    ifd1_entries = 6
    rationals_at = ifd1_at + 2 + 12 * ifd1_entries + 4
    thumbnail_at = rationals_at + 16
    ifd1 = [
        entry(0x0103, 3, 1, 6),                 # Compression: JPEG
        entry(0x011A, 5, 1, rationals_at),      # XResolution
        entry(0x011B, 5, 1, rationals_at + 8),  # YResolution
        entry(0x0128, 3, 1, 2),                 # ResolutionUnit: inch
        entry(0x0201, 4, 1, thumbnail_at),      # JPEGInterchangeFormat
        entry(0x0202, 4, 1, len(thumbnail)),    # JPEGInterchangeFormatLength
    ]
    tiff = b"II" + struct.pack("<HI", 42, ifd0_at)
    tiff += struct.pack("<H", len(ifd0)) + b"".join(ifd0) + struct.pack("<I", ifd1_at)
    tiff += struct.pack("<H", len(ifd1)) + b"".join(ifd1) + struct.pack("<I", 0)
    tiff += struct.pack("<IIII", 72, 1, 72, 1) + thumbnail
    body = b"Exif\0\0" + tiff
    if len(body) + 2 > 0xFFFF:
        sys.exit("exif-thumbnail: the thumbnail (%d bytes) does not fit an APP1 segment" % len(thumbnail))
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    photo_path, thumbnail_path = sys.argv[1], sys.argv[2]
    orientation = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    photo = open(photo_path, "rb").read()
    thumbnail = open(thumbnail_path, "rb").read()
    if photo[:2] != b"\xff\xd8" or thumbnail[:2] != b"\xff\xd8":
        sys.exit("exif-thumbnail: %s or %s is not a JPEG" % (photo_path, thumbnail_path))
    rest = photo[2:]
    if rest[:2] == b"\xff\xe0":  # a JFIF APP0: cameras write none
        rest = rest[2 + struct.unpack(">H", rest[2:4])[0]:]
    with open(photo_path, "wb") as out:
        out.write(b"\xff\xd8" + exif_segment(thumbnail, orientation) + rest)


main()
