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
    with pytest.raises(rl.SpecError, match=r"unknown --goal `speed`; use time, memory, cost or energy \[bad_option\]"):
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


def test_transformer_rows_are_the_commands(tmp_path):
    # Every column of the command's CSV, cell for cell: the library writes both.
    spec = tmp_path / "slow.rl"
    spec.write_text("import stdlib.hardware\nimport stdlib.collectives\nimport stdlib.megatron\n"
                    "fn slow_ring(m: B, n: Int, l: Link) -> s = 3 * ring_allreduce(m, n, l)\n")
    kw = dict(cluster="dgx_a100_pod", gpus=[16, 32], global_batch=64, top=5, file=spec)
    args = ["--model", "megatron_1_7b", "--cluster", "dgx_a100_pod", "--gpus", "16,32", "--global-batch", "64",
            "--top", "5", str(spec)]
    for extra in ({}, {"flash_attention": True, "overlap_grads": True}, {"collectives": "slow_ring", "zero": 1},
                  {"tp": 2, "recompute": "selective", "sequence_parallel": True}):
        df = rl.advise("megatron_1_7b", **kw, **extra)
        cmd = list(args)
        for k, v in extra.items():
            cmd += ["--" + k.replace("_", "-")] + ([] if v is True else [str(v)])
        rows = command_csv(*cmd)
        assert len(rows) == len(df) == 10, extra
        header = [h.partition("[")[0] for h in rows[0].keys()]
        assert header == list(df.columns)
        for i, row in enumerate(rows):
            for (name, cell), column in zip(row.items(), df.columns):
                got = df[column][i]
                if cell in ("true", "false"):
                    assert bool(got) == (cell == "true"), (extra, column)
                elif isinstance(got, str):
                    assert got == cell, (extra, column)
                else:
                    assert got == float(cell), (extra, column)  # shortest round trip: exact
    assert df.attrs["units"]["iter"] == "s" and df.attrs["units"]["memory"] == "B"
    assert df.attrs["title"].startswith("megatron_1_7b on dgx_a100_pod: global batch 64")
    assert [s["gpus"] for s in df.attrs["searches"]] == [16, 32]
    assert (df.t == 2).all() and (df.recompute == "selective").all() and df.sequence_parallel.all()


def test_transformer_arguments():
    base = dict(cluster="dgx_a100_pod", global_batch=64)
    with pytest.raises(rl.SpecError, match=r"give a transformer's GPU counts with `gpus=`"):
        rl.advise("megatron_1_7b", **base)
    with pytest.raises(rl.SpecError, match=r"`per_gpu` is for a network's strategies; `megatron_1_7b` is a transformer"):
        rl.advise("megatron_1_7b", gpus=[8], per_gpu=4, **base)
    # Types are checked: a string is not a list of counts, a float not a count.
    with pytest.raises(TypeError, match=r"`gpus` takes a list of ints; got str '16'"):
        rl.advise("megatron_1_7b", gpus="16", **base)
    with pytest.raises(TypeError, match=r"`gpus` takes an int; got float 16.7"):
        rl.advise("megatron_1_7b", gpus=[16.7], **base)
    with pytest.raises(TypeError, match=r"`tp` takes an int; got str '2'"):
        rl.advise("megatron_1_7b", gpus=[8], tp="2", **base)
    with pytest.raises(rl.SpecError, match=r"`global_batch` takes a count of 1 or more; got 0"):
        rl.advise("megatron_1_7b", gpus=[8], cluster="dgx_a100_pod", global_batch=0)
    # A layout argument makes a name a transformer's: the search's own error for a network.
    with pytest.raises(rl.SpecError, match=r"resnet50"):
        rl.advise("resnet50", gpus=[8], **base)


def test_transformer_defaults_are_todays():
    kw = dict(cluster="dgx_a100_pod", gpus=[16], global_batch=64, top=1, tp=2, pp=1)
    on = rl.advise("megatron_1_7b", **kw)
    off = rl.advise("megatron_1_7b", **kw, flash_attention=False, overlap_grads=False, overlap_tp=False)
    assert "fused attention, gradient reduction overlapped, TP communication overlapped" in on.attrs["title"]
    assert "unfused attention, gradient reduction after backward, TP communication exposed" in off.attrs["title"]
    assert on["iter"][0] < off["iter"][0]
    # fp32 has no fused kernel: unfused by default, an error when asked for.
    assert "unfused attention" in rl.advise("megatron_1_7b", **kw, precision="fp32").attrs["title"]
    with pytest.raises(rl.SpecError, match=r"`flash_attention` runs in fp16, bf16 or fp8"):
        rl.advise("megatron_1_7b", **kw, precision="fp32", flash_attention=True)


def test_transformer_from_hf(tmp_path):
    from conftest import ROOT
    hf = ROOT / "test" / "lit" / "models" / "Inputs" / "hf"
    t = rl.transformer_from_hf(hf / "qwen3_30b_a3b.json")
    assert (t["layers"], t["head_size"], t["expert_ffn"], t["experts"], t["top_k"]) == (48, 128, 768, 128, 8)
    assert t["seq"] == 4096 and t["qk_norm"] is True and t["tied"] is False
    # The same model the command's --model path/config.json searches.
    kw = dict(cluster="dgx_h100_pod", gpus=[16], global_batch=64, top=2, tp=1, pp=1, precision="fp8")
    df = rl.advise(str(hf / "qwen3_30b_a3b.json"), **kw)
    rows = command_csv("--model", str(hf / "qwen3_30b_a3b.json"), "--cluster", "dgx_h100_pod", "--gpus", "16",
                       "--global-batch", "64", "--top", "2", "--tp", "1", "--pp", "1", "--precision", "fp8")
    assert [float(r["iter[s]"]) for r in rows] == list(df["iter"])
    # DeepSeek-V3's config.json: latent attention, the shared expert, the dense first layers,
    # the prediction module and the router's groups, as stdlib.hf reads them.
    d = rl.transformer_from_hf(hf / "deepseek_v3.json")
    assert (d["q_lora"], d["kv_lora"], d["qk_nope"], d["qk_rope"], d["v_head"]) == (1536, 512, 128, 64, 128)
    assert (d["experts"], d["top_k"], d["shared_experts"], d["dense_layers"], d["mtp_layers"]) == (256, 8, 1, 3, 1)
    assert (d["expert_groups"], d["group_top"], d["ffn"], d["expert_ffn"]) == (8, 4, 18432, 2048)
    with pytest.raises(rl.SpecError, match=r"`moe_layer_freq` other than 1"):
        rl.transformer_from_hf(hf / "deepseek_moe_freq.json")
    with pytest.raises(TypeError, match=r"`seq` takes an int"):
        rl.transformer_from_hf(hf / "llama3_8b.json", seq="8192")


def test_mixture_dispatch_and_memory_reserve():
    """A mixture's dispatch options and the memory reserve give the command's rows."""
    kw = dict(cluster="dgx_h100_pod", gpus=[16], global_batch=64, top=1, tp=1, pp=1, ep=16, precision="bf16",
              recompute="full", micro_batch=1, zero=1)
    args = ["--model", "qwen3_30b_a3b", "--cluster", "dgx_h100_pod", "--gpus", "16", "--global-batch", "64",
            "--top", "1", "--tp", "1", "--pp", "1", "--ep", "16", "--precision", "bf16", "--recompute", "full",
            "--micro-batch", "1", "--zero", "1"]
    base = rl.advise("qwen3_30b_a3b", **kw)
    for extra, cli in ((dict(dispatcher="alltoall"), ["--dispatcher", "alltoall"]),
                       (dict(overlap_a2a=True), ["--overlap-a2a"]),
                       (dict(imbalance=1.25), ["--imbalance", "1.25"])):
        df = rl.advise("qwen3_30b_a3b", **kw, **extra)
        row = command_csv(*args, *cli)[0]
        assert df["iter"][0] == pytest.approx(float(row["iter[s]"]), rel=1e-12)
        # Every copy across the network (the all-to-all dispatcher, against DeepEP's default)
        # and a busier GPU are slower; the all-to-alls behind compute, faster.
        assert (df["iter"][0] > base["iter"][0]) == ("overlap_a2a" not in extra)
    assert not bool(base["tight"][0])
    # A reserve above what the layout leaves free rules it out.
    share = base["memory"][0] / base["capacity"][0]
    held = rl.advise("qwen3_30b_a3b", **kw, memory_reserve=1 - share + 0.01)
    assert not bool(held["feasible"][0]) and held["constraint"][0] == "memory"
    with pytest.raises(rl.SpecError, match=r"--imbalance takes the busiest GPU's routed tokens"):
        rl.advise("qwen3_30b_a3b", **kw, imbalance=0.5)
    with pytest.raises(TypeError, match=r"`dispatcher` takes a str"):
        rl.advise("qwen3_30b_a3b", **kw, dispatcher=1)


def test_pipeline_schedules():
    """`schedule=` searches the pipeline schedules; the rows name theirs, as the command's."""
    kw = dict(cluster="dgx_h100_pod", gpus=[1024], global_batch=8192, top=3, tp=1, pp=16, ep=64, micro_batch=1,
              recompute="full", zero=1, sequence_parallel=False, interleave=1, precision="fp8")
    df = rl.advise("deepseek_v3", **kw, schedule="1f1b,zb_h1,dualpipe")
    assert list(df["schedule"]) == ["dualpipe", "zb_h1", "1f1b"]
    assert list(df["iter"]) == sorted(df["iter"])
    assert "schedule" not in rl.advise("deepseek_v3", **kw).columns
    with pytest.raises(rl.SpecError, match=r"--schedule takes schedules"):
        rl.advise("deepseek_v3", **kw, schedule="dual pipe")
