#!/usr/bin/env python3
"""splice.py VALUES.bin ORDER.bin OUT.bin : values + threat terms from the first file, ordering (make/block) from the second (format 2)."""
import struct, sys
CODES, TH, H = 1001, 14, 28
def fnv(b):
    h = 0xcbf29ce484222325
    for x in b:
        h ^= x; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h
a = open(sys.argv[1], 'rb').read(); o = open(sys.argv[2], 'rb').read()
assert a[:8] == b'SENTERNJ' and struct.unpack('<H', a[8:10])[0] == 2 and struct.unpack('<H', o[8:10])[0] == 2
per = (3 * CODES + TH) * 4
pa, po = a[H:], o[H:]
out = bytearray()
for k in range(8):
    sa, so = pa[k*per:(k+1)*per], po[k*per:(k+1)*per]
    out += sa[:CODES*4] + so[CODES*4:3*CODES*4] + sa[3*CODES*4:]
head = bytearray(a[:H])
head[20:28] = struct.pack('<Q', fnv(bytes(out)))
open(sys.argv[3], 'wb').write(bytes(head) + bytes(out))
