"""Animated replays: board images in order -> one GIF that fits an upload limit.

Frames are the renderers' own PNGs (public views only, so a replay never shows a hand).
Long games are shrunk and thinned until the file fits: frames are scaled down first, then
every other middle frame is dropped (the first and the last always stay).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

#: Discord's smallest upload limit is 10 MiB; stay clearly under it.
DEFAULT_LIMIT = 8 * 1024 * 1024
FRAME_MS = 900
LAST_FRAME_MS = 4000
WIDTHS = (720, 560, 420)


def _shrink(image: Image.Image, width: int) -> Image.Image:
    """Scale smoothly, then map back onto the frame's own palette (fast, no re-quantising)."""
    if image.width <= width:
        return image if image.mode == "P" else image.quantize(colors=255)
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.BILINEAR)
    if image.mode == "P":
        return small.quantize(palette=image, dither=Image.Dither.NONE)
    return small.quantize(colors=255)


def _encode(frames: list[Image.Image]) -> bytes:
    buf = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, disposal=1, optimize=False)
    return buf.getvalue()


def _thin(indices: list[int]) -> list[int]:
    """Every other frame, keeping the first and the last."""
    if len(indices) <= 2:
        return indices
    return [indices[0], *indices[1:-1][1::2], indices[-1]]


def animate(pngs: Sequence[bytes], limit: int = DEFAULT_LIMIT) -> tuple[bytes, int]:
    """(GIF bytes, frames used). Raises ValueError when even a tiny version does not fit."""
    if not pngs:
        raise ValueError("no frames to animate")
    images = []
    for data in pngs:
        image = Image.open(io.BytesIO(data))
        image.load()
        images.append(image)
    shrunk: dict[tuple[int, int], Image.Image] = {}
    indices = list(range(len(images)))
    while True:
        for width in WIDTHS:
            frames = [shrunk.setdefault((i, width), _shrink(images[i], width)) for i in indices]
            gif = _encode(frames)
            if len(gif) <= limit:
                return gif, len(indices)
            # Size goes with the area: if even the smallest width cannot fit, thin out now.
            if len(gif) * (WIDTHS[-1] / width) ** 2 > limit * 1.25:
                break
        if len(indices) <= 2:
            raise ValueError(f"even two small frames exceed {limit} bytes")
        indices = _thin(indices)
