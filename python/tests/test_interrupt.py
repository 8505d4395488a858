"""Ctrl-C during a sweep: SIGINT from a timer thread stops it cleanly."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import ringline as rl

# 10^10 points: minutes on any machine, so only Ctrl-C ends it.
HUGE = {"nodes": "1..100000+1", "batch": "1..100000+1"}


def interrupt_once_running():
    """A progress callback, and a timer thread that sends SIGINT once the sweep has rows."""
    started = threading.Event()
    sent = []

    def progress(done, total):
        if done > 0:
            started.set()

    def fire():
        if started.wait(60):
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=fire, daemon=True).start()
    return progress, sent


@pytest.mark.parametrize("best", ["iter_time", None])
def test_ctrl_c_raises_keyboard_interrupt(scenario, best):
    progress, sent = interrupt_once_running()
    with pytest.raises(KeyboardInterrupt):
        scenario.sweep(best=best, progress=progress, threads=1, backend="jit", **HUGE)
    assert sent and time.monotonic() - sent[0] < 5
    assert scenario.eval(nodes=16)["nodes"] == 16  # the spec is still usable


def test_ctrl_c_keeps_the_rows_done(scenario):
    progress, sent = interrupt_once_running()
    t = scenario.sweep(keep_partial=True, progress=progress, backend="jit", **HUGE)
    assert sent and t.interrupted
    assert 0 < len(t) <= t.points < t.total == 10**10
    # The rows are the sweep's first ones, in order (points that fail the `require` dropped).
    head = scenario.sweep(nodes=1, batch=HUGE["batch"], backend="jit")
    n = min(len(head), len(t))
    assert t.points >= 100000 or n == len(t)
    assert np.array_equal(t["batch"][:n], head["batch"][:n])
    assert np.array_equal(t["iter_time"][:n], head["iter_time"][:n])


def test_ctrl_c_keeps_the_best_so_far(scenario):
    progress, sent = interrupt_once_running()
    r = scenario.sweep(best="-throughput", keep_partial=True, progress=progress, threads=1, backend="jit", **HUGE)
    assert sent and isinstance(r, rl.Record) and r["throughput"] > 0


def test_ctrl_c_stops_advise():
    # A layout search of many GPU counts (about a second each on one thread): SIGINT ends
    # it within a chunk or a GPU count, as KeyboardInterrupt.
    sent = []

    def fire():
        time.sleep(1.0)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=fire, daemon=True).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        rl.advise("qwen3_235b_a22b", cluster="dgx_h100_pod", gpus=[512 * k for k in range(1, 33)],
                  global_batch=8192, precision="fp8", threads=1, top=1)
    assert sent and time.monotonic() - sent[0] < 5
    assert time.monotonic() - start < 20
