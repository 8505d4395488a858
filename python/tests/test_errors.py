"""Every mistake is a SpecError with the command's text and its diagnostics in parts."""

import pytest

import ringline as rl
from conftest import EXAMPLE, run_command


def test_spec_error_is_a_value_error():
    assert issubclass(rl.SpecError, ValueError)


def test_a_bad_spec_reads_as_the_command_prints_it(tmp_path):
    bad = tmp_path / "bad.rl"
    bad.write_text("let x = 1 s + 1 B\nlet y = 2 * x\nlet z = [1, 2][true]\n")
    with pytest.raises(rl.SpecError) as e:
        rl.compile(bad)
    assert str(e.value) == run_command("eval", str(bad), check=False).stderr.rstrip("\n")
    first, second = e.value.diagnostics
    assert (first.file, first.line, first.column, first.severity, first.kind) == (str(bad), 1, 13, "error",
                                                                                  "unit_mismatch")
    assert first.message == "left side is `s` but right side is `B`; cannot add them"
    assert first.text.splitlines()[1:] == ["let x = 1 s + 1 B", "            ^"]
    assert (second.line, second.kind) == (3, "type_mismatch")
    assert "type_mismatch" in repr(second) and str(second) == second.text.rstrip("\n")
    unknown = tmp_path / "unknown.rl"
    unknown.write_text("scenario s { report r = 3 Gb }\n")
    with pytest.raises(rl.SpecError) as e:
        rl.compile(unknown)
    assert str(e.value) == run_command("check", str(unknown), check=False).stderr.rstrip("\n")
    assert [(d.line, d.column, d.kind) for d in e.value.diagnostics] == [(1, 27, "unknown_unit")]


def test_bad_text_names_its_buffer():
    with pytest.raises(rl.SpecError) as e:
        rl.compile_string("let x = 1 s + y\n", "mine.rl")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.column, d.kind) == ("mine.rl", 1, 15, "unknown_name")
    assert str(e.value).startswith("mine.rl:1:15: error: unknown name `y`")


def test_a_missing_file():
    with pytest.raises(rl.SpecError) as e:
        rl.compile("no/such.rl")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.severity, d.message) == ("", 0, "error", "cannot open `no/such.rl`: no such file")
    assert str(e.value).startswith("ringline: error: cannot open `no/such.rl`: no such file")


def test_unknown_scenario_suggests(spec):
    with pytest.raises(rl.SpecError) as e:
        spec["abci_resnet5"]
    assert "no scenario `abci_resnet5`; did you mean `abci_resnet50`?" in str(e.value)
    with pytest.raises(rl.SpecError, match="this spec has: abci_resnet50"):
        spec["zzz"]


def test_unknown_param_suggests_as_the_command(scenario):
    with pytest.raises(rl.SpecError) as e:
        scenario.eval(bacth=64)
    expected = run_command("eval", str(EXAMPLE), "--set", "bacth=64", check=False).stderr.rstrip("\n")
    assert str(e.value) == expected
    assert e.value.diagnostics[0].kind == "unknown_param"
    assert "did you mean `batch`?" in e.value.diagnostics[0].message
    with pytest.raises(rl.SpecError, match="did you mean `batch`"):
        scenario.sweep(bacth=[1, 2])


def test_bad_units(scenario):
    with pytest.raises(rl.SpecError) as e:
        scenario.eval(inter="1.25 Gb/s")
    assert str(e.value) == run_command("eval", str(EXAMPLE), "--set", "inter=1.25 Gb/s", check=False).stderr.rstrip()
    assert e.value.diagnostics[0].kind == "unknown_unit"
    with pytest.raises(rl.SpecError) as e:
        scenario.eval(inter="3 s")
    assert e.value.diagnostics[0].kind == "unit_mismatch"
    assert "param `inter` must be in `B/s`, got `s`" in str(e.value)
    with pytest.raises(rl.SpecError) as e:
        scenario.sweep(nodes=[1, 2], units={"iter_time": "GB"})
    assert e.value.diagnostics[0].kind == "unit_mismatch"


def test_bad_values(scenario):
    with pytest.raises(rl.SpecError, match="finite"):
        scenario.eval(inter=float("inf"))
    with pytest.raises(rl.SpecError) as e:
        scenario.eval(nodes="v100")
    assert e.value.diagnostics[0].kind == "unknown_name"
    with pytest.raises(rl.SpecError):
        scenario.eval(nodes=2.5)
    with pytest.raises(rl.SpecError, match="takes numbers, strings"):
        scenario.sweep(nodes=[object()])


def test_bad_options(scenario):
    with pytest.raises(rl.SpecError, match="not a report of scenario `abci_resnet50`"):
        scenario.sweep(nodes=[1, 2], best="iter")
    with pytest.raises(rl.SpecError, match="`top` and `top_by` go together"):
        scenario.sweep(top=3)
    with pytest.raises(rl.SpecError, match="give at most one of `best`, `top`, `pareto` and `histogram`"):
        scenario.sweep(best="iter_time", top=2, top_by="iter_time")
    with pytest.raises(rl.SpecError, match="backend must be"):
        scenario.sweep(backend="gpu")
    with pytest.raises(rl.SpecError, match="backend must be"):
        scenario.eval(backend="gpu")
    with pytest.raises(rl.SpecError, match="at least 1"):
        scenario.sweep(top=0, top_by="iter_time")


def test_a_report_that_is_not_finite():
    spec = rl.compile_string("scenario s {\n  param x: Real = 1 in [1, 0]\n  report r = 1 / x\n}\n", "nf.rl")
    for backend in ("interp", "jit"):
        with pytest.raises(rl.SpecError) as e:
            spec["s"].sweep(backend=backend)
        d = e.value.diagnostics[0]
        assert (d.kind, d.line, d.column) == ("non_finite", 3, 16)
        assert d.message == "report `r` is inf at x=0: division by zero here"
    with pytest.raises(rl.SpecError, match="non_finite"):
        spec["s"].eval(x=0)
    # The spec stays usable after an error.
    assert spec["s"].eval()["r"] == 1.0


def test_eval_takes_one_value_per_param(scenario):
    # As `ringline eval --set nodes=1..4`: an error, not the range's first value.
    with pytest.raises(rl.SpecError, match=r"`eval` takes one value per param; `nodes` gives 4 \(use `sweep`\) \[bad_option\]"):
        scenario.eval(nodes="1..4")
    with pytest.raises(rl.SpecError, match=r"`nodes` gives 2"):
        scenario.eval({"nodes": "1,2"})
    assert scenario.eval(nodes="16")["nodes"] == 16


def test_compile_checks_every_scenario_at_once(tmp_path):
    """`rl.compile` and `rl.compile_string` check every scenario as `ringline check` does: a
    unit mistake in a report is a SpecError at the compile, not at the first eval."""
    text = "scenario s { report x = 1 s + 1 B }\n"
    with pytest.raises(rl.SpecError) as e:
        rl.compile_string(text)
    assert [(d.line, d.kind) for d in e.value.diagnostics] == [(1, "unit_mismatch")]
    bad = tmp_path / "bad.rl"
    bad.write_text("scenario ok { report y = 2 s }\n" + text)
    with pytest.raises(rl.SpecError) as e:
        rl.compile(bad)
    assert [(d.line, d.kind) for d in e.value.diagnostics] == [(2, "unit_mismatch")]
