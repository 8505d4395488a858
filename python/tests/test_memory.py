"""A best= reduction stays flat in memory however many points it sweeps."""

import resource

import ringline as rl


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def test_best_of_ten_million_points_stays_flat(scenario):
    # The same sweep, small, first: the JIT, the threads and their arenas are then in place.
    scenario.sweep(nodes=range(1, 1001), batch=range(1, 101), best="iter_time", backend="jit")
    before = maxrss_mb()
    best = scenario.sweep(nodes=range(1, 10001), batch=range(1, 1001), best="iter_time", backend="jit")
    grown = maxrss_mb() - before
    assert isinstance(best, rl.Record)
    assert grown < 4, f"maxrss grew by {grown:.1f} MB over a 10^7-point best= sweep"


def test_running_out_of_memory_is_an_error_not_an_abort(tmp_path):
    """A full table past the process's memory (a 2.5 GB address space, 2×10^8 rows) raises
    SpecError `eval_limit`, on one thread and on two, and the interpreter goes on."""
    import os
    import subprocess
    import sys
    spec = tmp_path / "big.rl"
    spec.write_text("scenario s {\n  param x: Int = 1\n  param y: Int = 1\n  report r = x * 1.0 + y * 1e-9\n}\n")
    script = f"""
import resource
resource.setrlimit(resource.RLIMIT_AS, (2500 << 20, 2500 << 20))
import ringline as rl
sc = rl.compile({str(spec)!r}).scenario("s")
for threads in (1, 2):
    try:
        sc.sweep(x=range(1, 100001), y=range(1, 2001), threads=threads)
        print("no error")
    except rl.SpecError as e:
        print(threads, e.diagnostics[0].kind, "out of memory" in str(e))
print("survived")
"""
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, timeout=300)
    assert p.stdout.split("\n")[:3] == ["1 eval_limit True", "2 eval_limit True", "survived"], p.stdout + p.stderr
