"""Compiling, scenarios, params, eval and the settings' texts."""

import inspect
import os
import subprocess
import sys

import numpy as np
import pytest

import ringline as rl
from ringline import _settings
from conftest import EXAMPLE, ROOT


def test_compile_lists_scenarios_and_params(spec, scenario):
    assert spec.scenarios == ["abci_resnet50"]
    assert list(spec) == ["abci_resnet50"] and "abci_resnet50" in spec and len(spec) == 1
    assert spec.source == str(EXAMPLE)
    names = [p.name for p in scenario.params]
    assert names == ["nodes", "batch", "inter", "overlap"]
    nodes, batch, inter, overlap = scenario.params
    assert (nodes.kind, nodes.unit, nodes.default, nodes.values) == ("Int", "", 4, (1, 2, 4, 8, 16, 32, 64))
    assert (batch.default, batch.values) == (64, (32, 64, 128))
    assert (inter.kind, inter.unit, inter.default, inter.values) == ("Real", "GB/s", 12.5, (12.5,))
    assert (overlap.kind, overlap.unit, overlap.default) == ("Real", "", 0.5)
    assert scenario.param("inter") is inter
    with pytest.raises(KeyError):
        scenario.param("bacth")
    assert scenario.reports == ["iter_time", "throughput", "efficiency", "comm_time"]
    assert scenario.columns == names + scenario.reports
    assert scenario.units["iter_time"] == "ms" and scenario.units["throughput"] == "1/s"
    assert "abci_resnet50" in repr(spec) and "iter_time" in repr(scenario) and "GB/s" in repr(inter)


def test_compile_string_and_names():
    spec = rl.compile_string("let k = 3\nlet _hidden = 1\nscenario s { param n: Int = 2  report sq = n * n * k }\n",
                             "mine.rl")
    assert spec.names == ["k"]
    assert spec.source == "mine.rl"
    assert list(spec["s"].sweep(n=range(1, 5))["sq"]) == [3, 12, 27, 48]
    assert spec.diagnostics == []


def test_compile_string_reads_files_it_is_allowed(tmp_path, monkeypatch):
    (tmp_path / "consts.rl").write_text("let k = 5\n")
    monkeypatch.chdir(tmp_path)
    text = 'import "consts.rl"\nscenario s { report r = k }\n'
    with pytest.raises(rl.SpecError) as e:
        rl.compile_string(text)
    assert e.value.diagnostics[0].kind == "path_not_allowed"
    assert rl.compile_string(text, allow_paths=["."])["s"].eval()["r"] == 5


def test_eval_matches_the_command(scenario):
    r = scenario.eval(nodes=16, inter="1.25 GB/s")
    # `ringline eval examples/abci_allreduce.rl --set inter=1.25GB/s --set nodes=16 --format csv`
    assert r["iter_time"] == 54.67071464000001
    assert r["throughput"] == 74921.28147531381
    assert r["nodes"] == 16 and isinstance(r["nodes"], int)
    assert r["inter"] == 1.25
    assert r.feasible is True
    assert r.units["iter_time"] == "ms" and r.units["inter"] == "GB/s" and r.units["nodes"] == ""
    assert r.params == ["nodes", "batch", "inter", "overlap"]
    assert r.reports == ["iter_time", "throughput", "efficiency", "comm_time"]
    assert list(r) == r.params + r.reports and len(r) == 8
    assert r.to_dict()["comm_time"] == r["comm_time"]
    assert "iter_time  = 54.6707 ms" in repr(r)
    # A number is in the param's unit; both backends agree to the last bit.
    for backend in ("interp", "jit"):
        assert scenario.eval({"nodes": 16}, inter=1.25, backend=backend).to_dict() == r.to_dict()
    assert scenario.eval(nodes=np.int64(16), inter=np.float64(1.25)).to_dict() == r.to_dict()
    assert scenario.eval(nodes=[16], inter=range(1, 2))["inter"] == 1.0


def test_eval_infeasible_and_defaults(scenario):
    assert not scenario.eval(batch=512).feasible
    d = scenario.eval()
    assert d["nodes"] == 4 and d["batch"] == 64 and d.feasible


def test_eval_in_other_units(scenario):
    r = scenario.eval(nodes=16, units={"iter_time": "s", "inter": "Gbit/s"})
    assert r.units["iter_time"] == "s"
    assert r["iter_time"] == scenario.eval(nodes=16)["iter_time"] / 1000
    assert r["inter"] == 100.0


def test_eval_takes_one_value(scenario):
    with pytest.raises(rl.SpecError) as e:
        scenario.eval(nodes=[1, 2])
    assert "`eval` takes one value per param; `nodes` gives 2 (use `sweep`)" in str(e.value)
    assert e.value.diagnostics[0].kind == "bad_usage"


def test_setting_texts():
    t = _settings.setting_text
    assert t("n", range(1, 65)) == "1..64+1"
    assert t("n", range(2, 20, 6)) == "2..14+6"
    assert t("n", range(5, 0, -2)) == "5,3,1"
    assert t("n", [1, 2, 4]) == "1,2,4"
    assert t("x", np.array([0.1, 1e-20, 3.0])) == "0.1,1e-20,3.0"
    assert t("x", 0.1 + 0.2) == "0.30000000000000004"
    assert t("bw", 1.25, "Real", "GB/s") == "1.25 GB/s"
    assert t("bw", range(1, 4), "Real", "GB/s") == "1 GB/s..3 GB/s+1 GB/s"
    assert t("r", 7, "Real", "1/s") == "7 s^-1"
    assert t("r", 7, "Real", "1/ms^2") == "7 ms^-2"
    assert t("n", 16.0, "Int") == "16"
    assert t("f", True) == "true" and t("f", np.bool_(False)) == "false"
    assert t("gpu", ["v100_sxm2_16gb", "a100_sxm4_80gb"]) == "v100_sxm2_16gb,a100_sxm4_80gb"
    assert t("inter", "1.25 GB/s") == "1.25 GB/s"
    for bad in (float("nan"), [], range(0), [[1, 2]], object()):
        with pytest.raises(rl.SpecError):
            t("x", bad)


def test_numbers_round_trip_exactly():
    spec = rl.compile_string("scenario s {\n  param x: Real = 1\n  param r: 1/s = 5 / 1 s\n  report y = x\n"
                             "  report z = r\n}\n")
    xs = np.array([0.1, 1 / 3, 2.0 ** -1074, 1.7976931348623157e308, -2.5e-300, 123456789.123456789])
    t = spec["s"].sweep(x=xs, r=[7.25, 1e-9])
    assert np.array_equal(t["y"], np.repeat(xs, 2))
    assert list(t["r"][:2]) == [7.25, 1e-9] and t.units["r"] == "1/s"


def test_static_params_take_names_and_return_them():
    spec = rl.compile_string(
        "import stdlib.hardware\n"
        "scenario what_if {\n"
        "  param gpu: Device = v100_sxm2_16gb in [v100_sxm2_16gb, a100_sxm4_80gb, h100_sxm5]\n"
        "  param fast: Bool = false\n"
        "  report peak = gpu.peak_fp16 in TFLOP/s\n"
        "  report big = gpu.memory > 20 GB\n"
        "}\n")
    sc = spec["what_if"]
    gpu = sc.param("gpu")
    assert gpu.kind == "label" and gpu.default == "v100_sxm2_16gb"
    assert gpu.labels == ("v100_sxm2_16gb", "a100_sxm4_80gb", "h100_sxm5") == gpu.values
    assert sc.param("fast").kind == "Bool" and sc.param("fast").default is False
    r = sc.eval(gpu="a100_sxm4_80gb")
    assert r["gpu"] == "a100_sxm4_80gb" and r["big"] is True and r["peak"] == 312.0
    t = sc.sweep(fast=[True, False])
    assert list(t["gpu"]) == ["v100_sxm2_16gb"] * 2 + ["a100_sxm4_80gb"] * 2 + ["h100_sxm5"] * 2
    assert t.kinds["gpu"] == "Label" and t.labels["gpu"] == list(gpu.labels)
    assert list(t.codes("gpu")) == [0, 0, 1, 1, 2, 2]
    assert t["big"].dtype == np.bool_ and list(t["big"]) == [False, False, True, True, True, True]
    assert t["fast"].dtype == np.bool_ and list(t["fast"]) == [True, False] * 3
    df = t.to_pandas()
    assert str(df["gpu"].dtype) == "category"
    assert list(df["gpu"].cat.categories) == list(gpu.labels)
    assert df["gpu"].iloc[2] == "a100_sxm4_80gb"


def test_from_si():
    assert rl.from_si(0.05467071464000001, "ms") == 54.67071464000001
    assert rl.from_si(1.25e9, "GB/s") == 1.25
    assert rl.from_si(3.0, "") == 3.0
    with pytest.raises(rl.SpecError) as e:
        rl.from_si(1.0, "Gb/s")
    assert e.value.diagnostics[0].kind == "unknown_unit"
    assert "write `Gbit` for bits or `GB` for bytes" in str(e.value)


def test_package_stdlib_from_any_folder(tmp_path):
    # The package's own copy of stdlib/ serves `import stdlib.hardware` wherever Python runs.
    spec_file = tmp_path / "mine.rl"
    spec_file.write_text("import stdlib.hardware\nscenario s { report m = v100_sxm2_16gb.memory in GB }\n")
    env = dict(os.environ)
    env.pop("RINGLINE_STDLIB", None)
    code = "import ringline as rl; print(rl.compile('mine.rl')['s'].eval()['m'])"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True)
    expected = rl.compile(spec_file, stdlib=ROOT / "stdlib")["s"].eval()["m"]
    assert float(out.stdout) == expected > 0


def test_every_public_function_has_a_docstring():
    public = [getattr(rl, n) for n in rl.__all__]
    for obj in public:
        assert inspect.getdoc(obj), obj
        if inspect.isclass(obj):
            for name, member in vars(obj).items():
                if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property)):
                    assert inspect.getdoc(member), f"{obj.__name__}.{name}"
    doc = inspect.getdoc(rl.compile)
    assert "Args:" in doc and "Raises:" in doc and "Example" in doc
    assert str(inspect.signature(rl.compile)).startswith("(path: 'PathLike', *, stdlib")
    assert (ROOT / "python" / "ringline" / "py.typed").exists()
    assert (ROOT / "python" / "ringline" / "_ringline.pyi").exists()


def test_a_param_over_strings_takes_plain_strings():
    spec = rl.compile_string('scenario s {\n  param algo: String = "ring" in ["ring", "tree"]\n  param n: Int = 2\n'
                             '  report k = if algo == "ring" then 2 * n else n\n}\n')
    sc = spec["s"]
    assert sc.param("algo").kind == "label" and sc.param("algo").values == ("ring", "tree")
    assert sc.eval(algo="tree")["k"] == 2 and sc.eval(algo='"tree"')["k"] == 2
    t = sc.sweep(algo=["tree", "ring"], n=[3])
    assert list(t["algo"]) == ["tree", "ring"] and list(t["k"]) == [3, 6]


def test_a_misspelt_value_name_keeps_its_suggestion():
    spec = rl.compile_string("import stdlib.hardware\nscenario s {\n  param gpu: Device = v100_sxm2_16gb\n"
                             "  report m = gpu.memory in GB\n}\n")
    with pytest.raises(rl.SpecError) as e:
        spec["s"].eval(gpu="v100_sxm2_16g")
    assert e.value.diagnostics[0].kind == "unknown_name"
    assert "did you mean `v100_sxm2_16gb`" in str(e.value)
