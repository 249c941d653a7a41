"""Reading the renderers' PNGs back in the per-game tests: decode, and compare colours."""

from __future__ import annotations

import io

from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    """The picture as RGB, after checking that the bytes are a PNG."""
    assert png[:8] == PNG_MAGIC
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 14) -> bool:
    """Whether two colours match within ``tolerance`` per channel (anti-aliasing, palette)."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))
