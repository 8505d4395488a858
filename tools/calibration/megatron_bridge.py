"""Predict the published Megatron-Bridge training steps with `ringline advise`.

NVIDIA's Megatron-Bridge performance summary (github.com/NVIDIA-NeMo/Megatron-Bridge,
docs/performance-summary.md and performance-summary-archive.md) publishes, per release,
system and model, the layout (GPUs, global batch, micro-batch, sequence, TP, PP, CP, VP,
EP, FSDP), the precision and the measured tokens per second per GPU. This tool reads a CSV
of those rows (columns: release, system, model, gpus, precision, gbs, mbs, seq, fsdp, tp,
pp, cp, vp, ep, tokens_per_s_per_gpu, step_s_derived), pins each row's published layout and
precision in `ringline advise` with the command's defaults for everything else, and prints
each row's predicted and published step time and the error:

    python3 -m tools.calibration.megatron_bridge ROWS.csv [--ringline build/bin/ringline]
        [--system DGX-H100] [--markdown]

A row whose model or system Ringline does not describe yet is listed with the reason. A
cell pair with a second variant in parentheses (`FP8-CS (FP8-MX)`, `4.28 (4.44)`) is
compared twice, once per precision.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import shlex
import subprocess
import sys
from dataclasses import dataclass
from typing import Optional, Sequence

# The published model names and the catalogue's (stdlib.advise_llm's transformer_models).
# DeepSeek-V3's rows train its multi-token-prediction module where the summary says so
# ("w/ MTP"), the 61 layers alone otherwise; "(dropless)" is its routing without a capacity.
MODELS = {"LLAMA3_8B": "llama3_8b", "LLAMA3_70B": "llama3_70b", "LLAMA3.1_405B": "llama3_405b",
          "Qwen3_30B_a3B": "qwen3_30b_a3b", "Qwen3_235B_a22B": "qwen3_235b_a22b", "GPT OSS 120B": "gpt_oss_120b",
          "DeepSeekV3": "deepseek_v3_no_mtp", "DeepSeekV3 (w/ MTP)": "deepseek_v3"}


def model_of(name: str) -> Optional[str]:
    """The catalogue's model for a published name; token-dropping runs (`(tokendrop)`) are
    the same model with capacity-limited routing, which the command does not model, and
    dropless ones (`(dropless)`) the same model."""
    return MODELS.get(name.replace("(tokendrop)", "").replace("(dropless)", "").strip())
# The published systems and the clusters of stdlib.hardware.
CLUSTERS = {"DGX-H100": "dgx_h100_pod", "DGX-B200": "dgx_b200_pod"}


@dataclass
class Outcome:
    row: dict
    predicted: Optional[float] = None  # s per step
    layout: str = ""
    reason: str = ""                   # why there is no prediction
    variant: int = 0                   # which of the cell's variants (0, or 1: the one in parentheses)

    @property
    def published(self) -> float:
        """The step time of the variant: of a cell with a second one in parentheses (MXFP8
        beside FP8-CS, an alternative layout), the first or the second."""
        return float(self.row["step_s_derived"].replace(")", "").split("(")[self.variant])

    @property
    def precision(self) -> str:
        return precision(self.row["precision"], self.variant)

    @property
    def error(self) -> Optional[float]:
        return None if self.predicted is None else self.predicted / self.published - 1


def _count(text: str, default: int = 1) -> int:
    text = text.strip()
    return int(text) if text.isdigit() else default


def variants(row: dict) -> int:
    """How many variants a row's cells give: 2 where the precision and the step both have a
    second one in parentheses (`FP8-CS (FP8-MX)`), else 1 (the 25.09 rows' parenthesised
    steps name no precision of their own: only the first is compared)."""
    text = row["precision"].strip()
    return 2 if "(" in text and not text.startswith("(") and "(" in row["step_s_derived"] else 1


def precision(text: str, variant: int = 0) -> str:
    """The command's precision for a published one: `FP8-CS`, `FP8` and the 25.09 rows'
    footnoted FP8 are per-tensor FP8 (fp8); `MXFP8` and `FP8-MX` are Blackwell's 32-element
    block scaling (mxfp8); `NVFP4` is nvfp4; BF16 is bf16. `variant` 1 is the one in
    parentheses (`FP8-CS (FP8-MX)`)."""
    t = text.upper()
    if variant == 1 or (not t.startswith("(") and "(" in t):
        t = t.replace(")", "").split("(")[variant]
    t = t.strip()
    return ("bf16" if t.startswith("BF16") else "mxfp8" if "MX" in t else "nvfp4" if "NVFP4" in t
            else "fp8" if "FP8" in t else "")


def command(row: dict, ringline: str, variant: int = 0, extra: Sequence[str] = ()) -> list[str]:
    gpus, tp, pp, cp = (_count(row[k]) for k in ("gpus", "tp", "pp", "cp"))
    args = [ringline, "advise", "--model", model_of(row["model"]), "--cluster", CLUSTERS[row["system"]],
            "--gpus", str(gpus), "--global-batch", row["gbs"], "--seq", row["seq"], "--tp", str(tp), "--pp", str(pp),
            "--dp", str(gpus // (tp * pp * cp)), "--cp", str(cp), "--micro-batch", row["mbs"],
            "--interleave", str(_count(row["vp"])), "--precision", precision(row["precision"], variant),
            "--top", "1", "--format", "csv"]
    # FSDP shards weights, gradients and optimizer state (ZeRO-3); without it Megatron's
    # distributed optimizer shards the optimizer state (ZeRO-1).
    args += ["--zero", "3" if _count(row["fsdp"], 0) > 1 else "1"]
    if tp > 1:
        args += ["--sequence-parallel"]
    if _count(row["ep"]) > 1:
        args += ["--ep", str(_count(row["ep"]))]
    return args + list(extra)


def predict(row: dict, ringline: str, variant: int = 0, extra: Sequence[str] = ()) -> Outcome:
    if row["system"] not in CLUSTERS:
        return Outcome(row, reason=f"no cluster for {row['system']} yet", variant=variant)
    if not model_of(row["model"]):
        return Outcome(row, reason=f"{row['model']} is not described yet", variant=variant)
    if not precision(row["precision"], variant):
        return Outcome(row, reason=f"precision {row['precision']}", variant=variant)
    run = subprocess.run(command(row, ringline, variant, extra), capture_output=True, text=True)
    if run.returncode != 0:
        return Outcome(row, reason=run.stderr.strip().splitlines()[0] if run.stderr.strip() else "failed",
                       variant=variant)
    best = next(csv.DictReader(io.StringIO(run.stdout)))
    if best["feasible"] != "true":
        return Outcome(row, reason=f"no feasible layout: breaks `{best['constraint']}`", variant=variant)
    layout = f"t{best['t']} p{best['p']} d{best['d']} b{best['micro']} v{best['interleave']} " \
             f"{best['recompute']} zero{best['zero']}"
    return Outcome(row, predicted=float(best["iter[s]"]), layout=layout, variant=variant)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", help="the published rows (CSV)")
    ap.add_argument("--ringline", default="build/bin/ringline")
    ap.add_argument("--system", default="", help="only this system's rows (DGX-H100)")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    ap.add_argument("--advise-args", default="",
                    help="more `ringline advise` options for every row, `--dispatcher deepep --overlap-a2a`")
    a = ap.parse_args(argv)
    with open(a.rows, newline="") as f:
        rows = [r for r in csv.DictReader(f) if not a.system or r["system"] == a.system]
    extra = shlex.split(a.advise_args)
    outcomes = [predict(r, a.ringline, v, extra) for r in rows for v in range(variants(r))]
    sep = " | " if a.markdown else "  "
    if a.markdown:
        print("| release | model | GPUs | precision | published s | predicted s | error | layout |")
        print("|---|---|---|---|---|---|---|---|")
    for o in outcomes:
        r = o.row
        cells = [r["release"], r["model"], r["gpus"], o.precision or r["precision"],
                 f"{o.published:.2f}",
                 f"{o.predicted:.2f}" if o.predicted is not None else "-",
                 f"{100 * o.error:+.1f}%" if o.error is not None else o.reason, o.layout]
        print(("| " if a.markdown else "") + sep.join(cells) + (" |" if a.markdown else ""))
    errors = [abs(o.error) for o in outcomes if o.error is not None]
    if errors:
        print(f"\n{len(errors)} of {len(outcomes)} rows predicted: mean |error| {100 * sum(errors) / len(errors):.1f}%, "
              f"largest {100 * max(errors):.1f}%", file=sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
