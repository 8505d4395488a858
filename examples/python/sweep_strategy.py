"""Sweep parallelization strategies for ResNet-50 on ABCI from Python, into pandas.

The scenario evaluates one strategy of stdlib.strategies (through stdlib.advise's
`plan_for`, as `ringline advise` does) at one GPU count; the sweep takes every strategy
and GPU count, the DataFrame pivots epoch time by strategy, and with matplotlib installed
a chart of the feasible ones is drawn (docs/python.md).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/sweep_strategy.py [--plot strategies.png]
"""

import argparse

import ringline as rl

SPEC = """
import stdlib.hardware
import stdlib.strategies
import stdlib.advise
import stdlib.models.resnet

scenario strategies {
  param strategy: String = "data" in ["data", "data_overlap", "filter", "channel", "spatial", "pipeline"]
  param gpus: Int = 16 in [16, 32, 64, 128, 256, 512, 1024]
  let s = setup(cluster_for(abci, gpus)) with { compute = roofline_source }
  let plan = plan_for(Choice { name = strategy, kind = strategy }, resnet50, s, gpus, 32 * gpus)
  report iter = plan.iter in ms
  report epoch = plan.epoch in s
  report memory = mem_total(plan) in GB
  report fits = plan.feasible
}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plot", default="strategies.png", help="the chart's file (PNG, SVG, PDF: by its extension)")
    args = ap.parse_args()

    sc = rl.compile_string(SPEC, "strategies.rl")["strategies"]
    # Every strategy and GPU count the scenario declares; `strategy=["data", "pipeline"]`
    # would take two of them.
    t = sc.sweep()
    df = t.to_pandas()
    units = df.attrs["units"]
    print(f"{len(df)} points; epoch in {units['epoch']}, memory per GPU in {units['memory']}")
    epochs = df[df["fits"]].pivot(index="gpus", columns="strategy", values="epoch")
    print(epochs.round(2).to_string())
    best = sc.sweep(best="epoch")
    print(f"fastest epoch: {best['strategy']} on {best['gpus']} GPUs, {best['epoch']:.2f} {best.units['epoch']}")

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no chart")
        return
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for strategy, col in epochs.items():
        col = col.dropna()
        if len(col):
            ax.plot(col.index, col.values, marker="o", label=strategy)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("GPUs")
    ax.set_ylabel(f"epoch [{units['epoch']}]")
    ax.set_title("ResNet-50 on ABCI, 32 samples per GPU (feasible plans)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot)
    print(f"chart: {args.plot}")


if __name__ == "__main__":
    main()
