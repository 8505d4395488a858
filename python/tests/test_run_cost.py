"""stdlib.run_cost (docs/run-cost.md): the checkpoint interval and goodput against Young's
and Daly's closed forms, the energy as power times time per phase over GPUs and nodes at
the PUE, the price of a run, and the defaults at Llama 3 405B's scale against the
interruptions and effective training time Meta published."""

import math

import pytest

import ringline as rl

CLOSED_FORMS = """
import stdlib.run_cost
scenario s {
  param c: Real = 5
  param m: Real = 3600
  param r: Real = 600
  param work: Real = 86400
  param tau: Real = 0
  let t = if tau > 0 then tau * 1 s else daly_interval(c * 1 s, m * 1 s)
  report young = young_interval(c * 1 s, m * 1 s) / 1 s
  report daly = daly_interval(c * 1 s, m * 1 s) / 1 s
  report elapsed = daly_elapsed(work * 1 s, t, c * 1 s, r * 1 s, m * 1 s) / 1 s
}
"""


def daly_closed(c, m):
    return math.sqrt(2 * c * m) * (1 + math.sqrt(c / (2 * m)) / 3 + c / (18 * m)) - c if c < 2 * m else m


def elapsed_closed(work, tau, c, r, m):
    return m * math.exp(r / m) * (math.exp((tau + c) / m) - 1) * work / tau


@pytest.mark.parametrize("c,m,r", [(5, 3600, 600), (0.02, 11131, 600), (60, 86400, 0), (300, 1800, 120),
                                   (5000, 2000, 60)])
def test_young_daly_and_goodput_are_the_closed_forms(c, m, r):
    sc = rl.compile_string(CLOSED_FORMS)["s"]
    got = sc.eval(c=c, m=m, r=r)
    assert got["young"] == pytest.approx(math.sqrt(2 * c * m), rel=1e-12)
    tau = daly_closed(c, m)
    assert got["daly"] == pytest.approx(tau, rel=1e-12)
    assert got["elapsed"] == pytest.approx(elapsed_closed(86400, tau, c, r, m), rel=1e-12)
    # The optimum beats intervals on either side of it.
    for other in (tau / 2, tau * 2):
        assert sc.eval(c=c, m=m, r=r, tau=other)["elapsed"] > got["elapsed"]
    # Without interruptions the goodput tends to the share of time out of checkpoints.
    free = sc.eval(c=c, m=1e12, r=r, tau=1000)
    assert 86400 / free["elapsed"] == pytest.approx(1000 / (1000 + c), rel=1e-6)


ENERGY = """
import stdlib.hardware
import stdlib.strategies
import stdlib.run_cost
let st = setup(dgx_h100_pod(2))
let plan = Plan { strategy = "test", gpus = 16, batch = 16, fwd = 1 s, bwd = 2 s, update = 0.5 s,
                  comms = [Comm { name = "a", time = 1 s, bytes = 10 GB }, Comm { name = "b", time = 0.5 s, bytes = 5 GB }],
                  comm = 1.5 s, exposed = 0.5 s, bubble = 1 s, iter = 5 s, dataset = 16, epoch = 5 s,
                  memory = Memory { weights = 0 B, grads = 0 B, optimizer = 0 B, activations = 0 B },
                  capacity = 80 GB, constraints = [], feasible = true }
scenario s {
  param flops: Real = 1e15
  param pue: Real = 1.2
  param owned: Bool = false
  let rc = run_cost(plan, st, 1000, 1 TB, flops * 1 FLOP, 989.4 TFLOP/s,
                    Run { pue = pue, price = Pricing { owned = owned } })
  report iter_energy = rc.iter_energy / 1 J
  report energy = rc.energy / 1 J
  report gpu_power = rc.gpu_power / 1 W
  report node_power = rc.node_power / 1 W
  report goodput = rc.goodput
  report elapsed = rc.elapsed / 1 s
  report cost = rc.cost / 1 USD
  report gpu_hours = rc.gpu_hours
}
"""


@pytest.mark.parametrize("flops,pue", [(1e15, 1.2), (3e15, 1.0), (0, 1.5)])
def test_energy_is_power_times_time_per_phase(flops, pue):
    got = rl.compile_string(ENERGY)["s"].eval(flops=flops, pue=pue)
    # H100 SXM5: 700 W limit, 70 W idle, busy floor 0.5, GEMM fraction 0.74 (stdlib.hardware).
    busy, idle_time = 3.5, 1.5
    u = flops / (busy * 989.4e12) if flops > 0 else 0.74
    busy_w = 70 + (700 - 70) * (0.5 + 0.5 * min(1, u / 0.74))
    per_gpu = busy_w * busy + 70 * idle_time + 4e-11 * 15e9
    other = 2300 * 5  # a DGX H100's other_power over the iteration
    assert got["gpu_power"] == pytest.approx(per_gpu / 5, rel=1e-12)
    assert got["node_power"] == pytest.approx(8 * per_gpu / 5 + 2300, rel=1e-12)
    assert got["iter_energy"] == pytest.approx((16 * per_gpu + 2 * other) * pue, rel=1e-12)
    assert got["energy"] == pytest.approx(got["iter_energy"] * 1000 / got["goodput"], rel=1e-12)
    assert got["goodput"] == pytest.approx(5000 / got["elapsed"], rel=1e-12)


def test_cost_in_the_cloud_and_owned():
    sc = rl.compile_string(ENERGY)["s"]
    cloud = sc.eval()
    assert cloud["cost"] == pytest.approx(cloud["gpu_hours"] * 2.5, rel=1e-12)
    owned = sc.eval(owned=True)
    written_off = 16 * 40000 * owned["elapsed"] / (35040 * 3600)
    assert owned["cost"] == pytest.approx(written_off + owned["energy"] * 0.1 / 3.6e6, rel=1e-12)


def test_llama3_405b_interruptions_and_goodput_are_the_published_ones():
    """Dubey et al. 2024 (section 3.3.4): 419 unexpected interruptions in 54 days on 16,384
    H100s, and more than 90% effective training time."""
    df = rl.advise("llama3_405b", cluster="dgx_h100_pod", gpus=[16384], global_batch=2048, dataset=15.6e12,
                   tp=8, pp=16, top=1)
    row = df.iloc[0]
    per_day = row["interruptions"] / row["days"]
    assert per_day == pytest.approx(419 / 54, rel=0.05)
    assert 0.90 < row["goodput"] < 0.95
    assert row["gpu_hours"] == pytest.approx(16384 * row["days"] * 24, rel=1e-9)
    assert row["cost"] == pytest.approx(row["gpu_hours"] * 2.5, rel=1e-9)
    assert set(df.attrs["units"].items()) >= {("energy", "J"), ("cost", "USD"), ("checkpoint_interval", "s")}


def test_goal_energy_and_cost_rank_by_them():
    kw = dict(cluster="dgx_h100_pod", gpus=[64], global_batch=256, dataset=1e11, top=5)
    for goal in ("energy", "cost"):
        df = rl.advise("llama3_8b", goal=goal, **kw)
        assert list(df[goal]) == sorted(df[goal])
    with pytest.raises(rl.SpecError, match="use time, memory, cost or energy"):
        rl.advise("llama3_8b", goal="watts", **kw)
    with pytest.raises(rl.SpecError, match="--run takes a `Run`"):
        rl.advise("llama3_8b", run="3", **kw)


def test_a_networks_strategies_carry_the_run_of_an_epoch():
    df = rl.advise("resnet50", cluster="abci", gpus=[16, 64], per_gpu=32, goal="energy")
    feasible = df[df.feasible]
    assert (feasible["cost"] - feasible["gpu_hours"] * 2.5).abs().max() < 1e-9
    assert ((feasible["goodput"] > 0.99) & (feasible["goodput"] <= 1)).all()
    for _, group in feasible.groupby("gpus"):
        assert list(group["energy"]) == sorted(group["energy"])
    # An epoch is shorter than the checkpoint interval: no checkpoint, so the GPU-hours are
    # the epoch's and a hair more for the chance of an interruption.
    assert ((feasible["gpu_hours"] / (feasible["gpus"] * feasible["epoch"] / 3600)).between(1, 1.001)).all()
