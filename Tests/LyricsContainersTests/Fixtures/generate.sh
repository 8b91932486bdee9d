#!/bin/sh
# Makes the binary fixtures from the text ones, with Python's own zlib (not lyricpip's code):
# song.krc is song.krc.txt as Kugou packs it: "krc1", then zlib data XORed with the key.
# song.apple.json wraps song.ttml the way Apple serves it.
# Not made here: song.qrc.hex and song.local.qrc are song.qrc.xml encrypted by the tests' own
# EncryptedQRCWriter (Python has no QQ DES); EncryptedQRCTests checks they decrypt back to it.
set -eu
cd "$(dirname "$0")"
python3 - <<'PY'
import json, zlib
key = bytes([0x40, 0x47, 0x61, 0x77, 0x5E, 0x32, 0x74, 0x47, 0x51, 0x36, 0x31, 0x2D, 0xCE, 0xD2, 0x6E, 0x69])
packed = zlib.compress(b"\xef\xbb\xbf" + open("song.krc.txt", "rb").read())
open("song.krc", "wb").write(b"krc1" + bytes(b ^ key[i % 16] for i, b in enumerate(packed)))
ttml = open("song.ttml", encoding="utf-8").read()
open("song.apple.json", "w").write(json.dumps(
    {"data": [{"id": "1", "type": "syllable-lyrics", "attributes": {"ttml": ttml}}]}))
PY
