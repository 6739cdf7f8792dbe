#!/usr/bin/env python3
"""The freedesktop thumbnail cache, read and written without GNOME or Trips.

Usage:
  thumbnail-cache.py place CACHE PHOTO SIZE R,G,B [--stale]
      writes a SIZE (normal, large, x-large, xx-large) thumbnail of PHOTO
      into CACHE (the thumbnails folder): a flat R,G,B picture with the
      spec's keys (Thumb::URI, Thumb::MTime; --stale: an MTime one second off).
  thumbnail-cache.py check CACHE PHOTO...
      checks that each PHOTO has a spec-valid thumbnail in some size folder:
      named by the MD5 of its URI, every chunk's CRC right, Thumb::URI and
      Thumb::MTime (and Thumb::Size) those of the file now, the pixels
      inflating to the IHDR's size; prints one line a photo and exits 1 if
      any is missing or invalid.
  thumbnail-cache.py keys FILE
      prints a PNG's tEXt keys, one KEY=VALUE a line.
The URI is Python's own escaping of the absolute path with the characters
RFC 2396's path segments allow (what GLib's g_filename_to_uri keeps).
"""
import hashlib
import os
import struct
import sys
import urllib.parse
import zlib

SIZES = {"normal": 128, "large": 256, "x-large": 512, "xx-large": 1024}


def uri(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path), safe="/!$&'()*+,:=@~")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise ValueError("bad CRC in " + kind.decode())
        yield kind, body
        pos += 12 + length


def keys_of(data):
    keys = {}
    for kind, body in chunks(data):
        if kind == b"tEXt":
            key, value = body.split(b"\0", 1)
            keys[key.decode("latin-1")] = value.decode("latin-1")
    return keys


def place(cache, photo, size, rgb, stale):
    side = SIZES[size]
    width, height = side, side * 3 // 4
    row = b"\0" + bytes(int(c) for c in rgb.split(",")) * width
    info = os.stat(photo)
    text = {"Thumb::URI": uri(photo), "Thumb::MTime": str(int(info.st_mtime) + (1 if stale else 0)), "Software": "thumbnail-cache.py"}
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += b"".join(chunk(b"tEXt", k.encode() + b"\0" + v.encode()) for k, v in text.items())
    png += chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")
    for folder in (cache, os.path.join(cache, size)):
        os.makedirs(folder, exist_ok=True)
        os.chmod(folder, 0o700)
    name = os.path.join(cache, size, hashlib.md5(uri(photo).encode()).hexdigest() + ".png")
    with open(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
        f.write(png)
    print(name)


def check(cache, photos):
    bad = 0
    for photo in photos:
        name = hashlib.md5(uri(photo).encode()).hexdigest() + ".png"
        found = [s for s in SIZES if os.path.exists(os.path.join(cache, s, name))]
        if not found:
            print("MISSING %s (%s)" % (photo, name))
            bad += 1
            continue
        path = os.path.join(cache, found[0], name)
        try:
            data = open(path, "rb").read()
            keys, idat, ihdr = keys_of(data), b"", None
            for kind, body in chunks(data):
                if kind == b"IHDR":
                    ihdr = struct.unpack(">IIBB", body[:10])
                if kind == b"IDAT":
                    idat += body
            width, height, depth, colour = ihdr
            channels = {2: 3, 6: 4}[colour]
            pixels = zlib.decompress(idat)
            info, mode = os.stat(photo), os.stat(path).st_mode & 0o777
            problems = []
            if len(pixels) != height * (1 + width * channels) or depth != 8:
                problems.append("pixels do not inflate to %d x %d" % (width, height))
            if max(width, height) > SIZES[found[0]]:
                problems.append("%d x %d is larger than %s" % (width, height, found[0]))
            if keys.get("Thumb::URI") != uri(photo):
                problems.append("Thumb::URI %r" % keys.get("Thumb::URI"))
            if keys.get("Thumb::MTime") != str(int(info.st_mtime)):
                problems.append("Thumb::MTime %r, the file's %d" % (keys.get("Thumb::MTime"), int(info.st_mtime)))
            if "Thumb::Size" in keys and keys["Thumb::Size"] != str(info.st_size):
                problems.append("Thumb::Size %r" % keys["Thumb::Size"])
            if mode != 0o600:
                problems.append("mode %o" % mode)
        except Exception as error:  # a damaged file is a finding, not a crash
            problems = [str(error)]
        if problems:
            bad += 1
        print("%s %s/%s %s: %s" % ("BAD" if problems else "ok", found[0], name, photo,
                                   "; ".join(problems) or "%d x %d, %s by %s" % (width, height, keys["Thumb::MTime"], keys.get("Software"))))
    return 1 if bad else 0


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "place":
        place(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], "--stale" in sys.argv[6:])
    elif command == "check":
        sys.exit(check(sys.argv[2], sys.argv[3:]))
    elif command == "keys":
        print("\n".join("%s=%s" % kv for kv in keys_of(open(sys.argv[2], "rb").read()).items()))
