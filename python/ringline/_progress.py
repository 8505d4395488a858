"""A sweep's progress display: tqdm's bar when tqdm is installed, else a line on stderr.

The extension calls the sweep's callback with ``(done, total)`` points every 50 ms while
the sweep runs (on the thread that called ``sweep``, with the GIL); nothing shows before
the sweep has run for :data:`DELAY` seconds.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Callable, Optional, Union

ProgressArg = Union[bool, Callable[[int, int], Any]]

DELAY = 1.0  # seconds a sweep runs before its progress shows


def _human(n: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g}{unit}"
    return f"{n:.0f}"


def _eta(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f}s"
    if seconds < 5400:
        return f"{math.floor(seconds / 60):.0f}m{math.fmod(seconds, 60):02.0f}s"
    return f"{seconds / 3600:.1f}h"


class Progress:
    """What one sweep shows: `mode` is True (a bar or a line), False, or a callable."""

    def __init__(self, mode: ProgressArg, scenario: str):
        self.mode = mode
        self.scenario = scenario
        self.start = time.monotonic()
        self.bar: Any = None
        self.line_at = 0.0
        self.shown = False
        self.tty = bool(getattr(sys.stderr, "isatty", lambda: False)())

    @property
    def callback(self) -> Optional[Callable[[int, int], Any]]:
        """What the sweep calls, or None when nothing shows."""
        if callable(self.mode):
            return self.mode
        return self.tick if self.mode else None

    def tick(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.start < DELAY:
            return
        if self.bar is None and not self.shown:
            self.bar = _make_bar(total, self.scenario)
            self.shown = True
        if self.bar is not None:
            self.bar.update(done - self.bar.n)
            return
        # A plain line: redrawn twice a second on a terminal, else a line every 10 s.
        if now - self.line_at < (0.5 if self.tty else 10.0):
            return
        self.line_at = now
        secs = now - self.start
        rate = done / max(secs, 1e-9)
        eta = (total - done) / rate if rate > 0 else 0.0
        text = (f"swept {_human(done)} of {_human(total)} points ({100.0 * done / max(total, 1):.0f}%), "
                f"{_human(rate)} points/s, ETA {_eta(eta)}")
        if self.tty:
            sys.stderr.write(f"\r{text}\033[K")
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        """Ends the display (the bar closes; the terminal line is cleared)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        elif self.shown and self.tty and self.line_at:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _make_bar(total: int, scenario: str) -> Any:
    try:
        from tqdm.auto import tqdm  # type: ignore[import-not-found]
    except ImportError:
        return None
    return tqdm(total=total, desc=scenario, unit="pt", unit_scale=True, leave=False)
