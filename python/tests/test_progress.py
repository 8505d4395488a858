"""The progress display: a callable, tqdm's bar when tqdm is installed, else a line on stderr."""

import sys
import types

import pytest

import ringline as rl
from conftest import EXAMPLE
from ringline import _progress

# 4 x 10^8 points: about a second, several ticks.
LONG = {"nodes": "1..40000+1", "batch": "1..10000+1", "best": "iter_time", "threads": 1, "backend": "jit"}


def test_a_callable_sees_the_points(scenario):
    seen = []
    scenario.sweep(progress=lambda done, total: seen.append((done, total)), **LONG)
    assert seen and all(total == 4 * 10**8 for _, total in seen)
    dones = [d for d, _ in seen]
    assert dones == sorted(dones) and dones[-1] <= 4 * 10**8


def test_an_error_in_the_callable_stops_the_sweep(scenario):
    def fail(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        scenario.sweep(progress=fail, **LONG)


def test_a_plain_line_without_tqdm(scenario, monkeypatch, capsys):
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import fails
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    scenario.sweep(**LONG)
    err = capsys.readouterr().err
    assert "swept " in err and " of 400M points (" in err and "points/s, ETA" in err


def test_tqdm_when_installed(scenario, monkeypatch):
    bars = []

    class FakeBar:
        def __init__(self, total, desc, unit, unit_scale, leave):
            self.total, self.desc, self.n, self.closed = total, desc, 0, False
            bars.append(self)

        def update(self, k):
            self.n += k

        def close(self):
            self.closed = True

    fake = types.ModuleType("tqdm.auto")
    fake.tqdm = FakeBar
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", fake)
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    scenario.sweep(**LONG)
    assert len(bars) == 1 and bars[0].closed
    assert bars[0].total == 4 * 10**8 and bars[0].desc == "abci_resnet50" and 0 < bars[0].n <= 4 * 10**8


def test_nothing_shows_for_a_short_sweep(scenario, capsys):
    scenario.sweep(nodes=range(1, 65))
    assert capsys.readouterr().err == ""


def test_a_callback_cannot_use_the_spec_it_sweeps(scenario):
    # It would wait for the sweep that waits for it: a SpecError saying so, not a hang.
    def tick(done, total):
        scenario.eval()

    with pytest.raises(rl.SpecError, match="a sweep's progress callback cannot use the Spec it sweeps"):
        scenario.sweep(nodes=range(1, 5_000_001), batch=[32, 64, 128, 256], best="iter_time", progress=tick, threads=1)
    # The Spec is usable after it, and another Spec may be used from a callback.
    other = rl.compile(EXAMPLE)["abci_resnet50"]
    seen = []
    scenario.sweep(nodes=range(1, 5_000_001), best="iter_time", progress=lambda d, t: seen.append(other.eval()["nodes"]),
                   threads=1)
    assert scenario.eval()["iter_time"] > 0
