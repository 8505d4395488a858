"""rl.advise: the command's rows (advise --format csv) exactly, and its errors."""

import csv
import io
import os
import subprocess

import pytest

import ringline as rl


def command_csv(*args):
    out = subprocess.run([os.environ.get("RINGLINE_BIN", "build/bin/ringline"), "advise", *args, "--format", "csv"],
                         check=True, capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def test_rows_are_the_commands():
    df = rl.advise("resnet50", gpus=[16, 1024], compute="roofline")
    rows = command_csv("--model", "resnet50", "--gpus", "16,1024", "--compute", "roofline")
    assert len(df) == len(rows) > 10
    for i, row in enumerate(rows):
        assert df["strategy"][i] == row["strategy"]
        assert df["rank"][i] == int(row["rank"])
        assert df["used"][i] == int(row["used"])
        assert df["iter"][i] == float(row["iter[s]"])  # shortest round trip: exact
        assert df["memory"][i] == float(row["memory[B]"])
        assert bool(df["feasible"][i]) == (row["feasible"] == "true")
    assert df.attrs["units"]["iter"] == "s"
    assert df.attrs["title"] == "resnet50 on abci: 32 samples per GPU, sgd, roofline compute"
    assert df.attrs["limits"]["data_overlap"] == 1024
    assert df.attrs["baseline"] == "one GPU"
    # resnet50's 174 layers give a pipeline 174 stages at most: it cannot use 1024 GPUs.
    pipe = df[(df.strategy == "pipeline") & (df.gpus == 1024)].iloc[0]
    assert pipe["used"] == 174 and not pipe["feasible"]


def test_setup_collectives_dataset(tmp_path):
    spec = tmp_path / "mine.rl"
    spec.write_text("import stdlib.hardware\nimport stdlib.strategies\n"
                    "let half = setup(abci(1)) with { elem = 2 B, dataset = 100000, optimizer = adam }\n")
    kw = dict(gpus=[64], compute="roofline", file=spec)
    for extra in ({"setup": "half"}, {"collectives": "tree_allreduce"}, {"dataset": 128000}, {"precision": "amp"}):
        df = rl.advise("resnet50", **kw, **extra)
        args = ["--model", "resnet50", "--gpus", "64", "--compute", "roofline", str(spec)]
        for k, v in extra.items():
            args += [f"--{k}", str(v)]
        rows = command_csv(*args)
        assert [float(r["epoch[s]"]) for r in rows] == list(df["epoch"])
    df = rl.advise("resnet50", **kw, dataset=128000)
    data = df[df.strategy == "data"].iloc[0]
    assert data["epoch"] == pytest.approx(63 * data["iter"], rel=1e-12)  # ceil(128000 / 2048)


def test_baseline_that_fits():
    df = rl.advise("resnet50", gpus=[1, 32, 64], batch=4096, compute="roofline")
    assert df.attrs["baseline"] == "data_overlap at 32 GPUs (one GPU does not hold the samples)"
    base = df[(df.gpus == 32) & (df.strategy == "data_overlap")].iloc[0]
    assert base["efficiency"] == pytest.approx(1.0, rel=1e-12)


def test_goal_and_strong_scaling():
    df = rl.advise("resnet50", gpus=[16], batch=512, goal="memory", compute="roofline")
    feasible = df[df.feasible]
    assert list(feasible["rank"]) == list(range(1, len(feasible) + 1))
    assert feasible["memory"].is_monotonic_increasing
    assert "global batch 512" in df.attrs["title"]


def test_errors_are_spec_errors():
    with pytest.raises(rl.SpecError, match=r"--cluster:1:1: error: unknown name `abcj`; did you mean `abci`\?"):
        rl.advise("resnet50", cluster="abcj", gpus=[16])
    with pytest.raises(rl.SpecError, match=r"unknown --goal `speed`; use time, memory or cost \[bad_option\]"):
        rl.advise("resnet50", goal="speed")
    with pytest.raises(rl.SpecError, match=r"give --batch \(global\) or --per-gpu, not both \[bad_usage\]") as e:
        rl.advise("resnet50", batch=64, per_gpu=8)
    assert e.value.diagnostics[0].kind == "bad_usage"
    with pytest.raises(rl.SpecError, match=r"--gpus takes GPU counts from 1 to 10\^6; got 0"):
        rl.advise("resnet50", gpus=[0])
    # A count given must be one: 0 is not the default, as None is.
    for kwargs in ({"per_gpu": 0}, {"batch": -5}, {"dataset": 0}):
        name, value = next(iter(kwargs.items()))
        with pytest.raises(rl.SpecError, match=rf"`{name}` takes a count of 1 or more; got {value} \[bad_option\]"):
            rl.advise("resnet50", gpus=[16], **kwargs)
    with pytest.raises(rl.SpecError, match=r"no device `h100_sxm` \(did you mean `h100_sxm5`\?\); the devices are"):
        rl.advise("resnet50", gpus=[16], device="h100_sxm")
