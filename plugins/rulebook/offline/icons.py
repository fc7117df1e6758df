"""The app icons (a die on the theme's brown), drawn with the standard library only.

Deterministic: the same code gives byte-identical PNGs, which are committed under
`assets/icons/` (drawing the 512 px icon takes about a second, too slow for every build).
Regenerate with `python -m rulebook.offline.icons`; a unit test checks the committed files.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "icons"
BROWN = (0x79, 0x55, 0x48)  # Material brown 500, the site's primary colour
DARK = (0x3E, 0x27, 0x23)
FACE = (0xFF, 0xF8, 0xF0)
ACCENT = (0xFF, 0x57, 0x22)  # Material deep orange, the site's accent
# name -> (size, maskable): maskable icons are full-bleed, the die inside the 80 % safe circle
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}

Shape = Callable[[float, float], float]  # signed distance in pixels, negative inside


def _rounded_rect(cx: float, cy: float, half: float, r: float) -> Shape:
    def d(x: float, y: float) -> float:
        qx, qy = abs(x - cx) - (half - r), abs(y - cy) - (half - r)
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - r

    return d


def _circle(cx: float, cy: float, r: float) -> Shape:
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def _cover(d: float) -> float:
    return min(1.0, max(0.0, 0.5 - d))


def draw(size: int, maskable: bool) -> list[bytearray]:
    """RGBA rows of the icon."""
    s = float(size)
    c = s / 2
    bg = _rounded_rect(c, c, c if maskable else c - 0.5, 0.0 if maskable else 0.2 * s)
    die_half = 0.25 * s if maskable else 0.3 * s
    die = _rounded_rect(c, c, die_half, 0.22 * die_half)
    step, pr = 0.5 * die_half, 0.16 * die_half
    pips = [
        (_circle(c + dx * step, c + dy * step, pr), DARK) for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1))
    ]
    pips.append((_circle(c, c, pr * 1.15), ACCENT))
    rows = []
    for j in range(size):
        row = bytearray()
        y = j + 0.5
        for i in range(size):
            x = i + 0.5
            a = _cover(bg(x, y))
            rgb = list(BROWN)
            if abs(x - c) <= die_half + 1 and abs(y - c) <= die_half + 1:
                k = _cover(die(x, y))
                rgb = [p + (f - p) * k for p, f in zip(rgb, FACE, strict=True)]
                for shape, colour in pips:
                    k = _cover(shape(x, y))
                    if k:
                        rgb = [p + (f - p) * k for p, f in zip(rgb, colour, strict=True)]
            row += bytes([round(rgb[0]), round(rgb[1]), round(rgb[2]), round(255 * a)])
        rows.append(row)
    return rows


def png(rows: list[bytearray]) -> bytes:
    h, w = len(rows), len(rows[0]) // 4
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def render(name: str) -> bytes:
    size, maskable = ICONS[name]
    return png(draw(size, maskable))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in ICONS:
        (OUT / name).write_bytes(render(name))
        print(OUT / name)


if __name__ == "__main__":
    main()
