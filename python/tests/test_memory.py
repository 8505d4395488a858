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
