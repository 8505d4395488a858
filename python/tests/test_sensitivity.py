"""Derivatives from Python (docs/sensitivity.md): `eval(sensitivity=True)` and
`sweep(sensitivity=[...])` give what `ringline eval --sensitivity` and `sweep --sensitivity`
give, on a ring allreduce whose derivatives are known by hand."""
import math

import pytest

import ringline as rl

SPEC = """
record Link { bw: B/s, lat: s }
scenario ring {
  param n: Int = 8
  param size: B = 100 MB
  param link: Link = Link { bw = 25 GB/s, lat = 5 us }
  let t = 2 * (n - 1) / n * size / link.bw + 2 * (n - 1) * link.lat
  report time = t in ms
  report steps = 2 * (n - 1)
}
"""


def test_eval_sensitivity_matches_hand_derivatives():
    sc = rl.compile_string(SPEC).scenario("ring")
    r = sc.eval(sensitivity=True)
    assert r["time"] == pytest.approx(7.07)
    assert list(r.reports) == ["time", "steps"]  # no derivative columns among the reports
    s = r.sensitivity["time"]
    assert list(s) == ["size", "link.bw", "link.lat"]
    assert s["size"]["derivative"] == pytest.approx(1.75 / 25e9, rel=1e-15)
    assert s["size"]["unit"] == "s/B"
    assert s["link.bw"]["derivative"] == pytest.approx(-1.75 * 100e6 / 25e9 ** 2, rel=1e-15)
    assert s["link.lat"]["elasticity"] == pytest.approx(14 * 5e-6 / 7.07e-3, rel=1e-14)
    assert "steps" not in r.sensitivity  # an Int report has no derivative
    assert sc.eval().sensitivity is None


def test_sweep_sensitivity_columns_on_both_backends():
    sc = rl.compile_string(SPEC).scenario("ring")
    tables = [sc.sweep(size=["1 MB", "100 MB"], sensitivity=["link.bw"], backend=b, progress=False)
              for b in ("jit", "interp")]
    for t in tables:
        assert list(t.columns)[-1] == "d_time_d_link.bw"
        assert t["d_time_d_link.bw"][1] == pytest.approx(-2.8e-13, rel=1e-15)
    assert list(tables[0]["d_time_d_link.bw"]) == list(tables[1]["d_time_d_link.bw"])


def test_unknown_input_is_a_spec_error():
    sc = rl.compile_string(SPEC).scenario("ring")
    with pytest.raises(rl.SpecError) as e:
        sc.sweep(sensitivity="link.bx", progress=False)
    assert e.value.diagnostics[0].kind == "bad_option"
    assert "did you mean `link.bw`" in str(e.value)
    assert not math.isnan(sc.eval()["time"])


def test_eval_samples_spreads():
    sc = rl.compile_string(SPEC).scenario("ring")
    r = sc.eval(samples=20000, seed=3, vary={"link.bw": "uniform(20 GB/s, 30 GB/s)"})
    u = r.uncertainty["time"]
    # time = 1.75 size / bw + 14 lat with bw ~ U(20, 30) GB/s: the median at bw = 25 GB/s.
    assert u["p50"] == pytest.approx(1.75 * 100e6 / 25e9 + 14 * 5e-6, rel=2e-3)
    assert u["p5"] < u["p50"] < u["p95"] and u["unit"] == "s" and u["feasible"] == 20000
    assert r.uncertainty == sc.eval(samples=20000, seed=3, vary={"link.bw": "uniform(20 GB/s, 30 GB/s)"},
                                    backend="interp").uncertainty
    with pytest.raises(rl.SpecError):
        sc.eval(vary={"link.bw": "uniform(20 GB/s, 30 GB/s)"})
