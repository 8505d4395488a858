"""Writes damaged copies of a .rlk bundle for the [bad_bundle] tests:
truncated.rlk (cut inside the payload), flipped.rlk (one payload byte changed: the CRC
catches it), future.rlk (version 8), old.rlk (version 1), junk.rlk (not a bundle at all), header.rlk (cut
inside the header).
  python3 damage_bundle.py GOOD.rlk OUTDIR
"""
import os
import struct
import sys

good = open(sys.argv[1], "rb").read()
out = sys.argv[2]


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


write("truncated.rlk", good[: len(good) // 2])
flipped = bytearray(good)
flipped[len(good) - 100] ^= 0x40
write("flipped.rlk", bytes(flipped))
write("future.rlk", good[:4] + struct.pack("<I", 8) + good[8:])
write("old.rlk", good[:4] + struct.pack("<I", 1) + good[8:])
write("junk.rlk", b"hello, world\n")
write("header.rlk", good[:10])
