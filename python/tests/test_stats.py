"""Per-layer stats against `ringline stats --format csv`."""

import csv
import io

import pytest

import ringline as rl
from conftest import run_command


def command_rows(*args):
    rows = list(csv.reader(io.StringIO(run_command("stats", *args, "--format", "csv").stdout)))
    return [h.partition("[")[0] for h in rows[0]], rows[1:]


def test_stats_is_the_commands():
    df = rl.stats(model="resnet50", batch=64, device="v100_sxm2_16gb")
    names, rows = command_rows("--model", "resnet50", "--batch", "64", "--device", "v100_sxm2_16gb")
    layers, total = rows[:-1], rows[-1]
    assert len(df) == len(layers) == 174
    for k, name in enumerate(names):
        cells = [r[k] for r in layers]
        column = list(df[name])
        if name in ("kind", "output", "model"):
            assert column == cells, name
        elif name in ("fwd_time", "bwd_time"):
            assert column == [float(c) for c in cells], name
        else:
            assert column == [int(c) for c in cells], name
            assert df[name].dtype == "int64"
    assert df.attrs["units"] == {"fwd_flops": "FLOP", "bwd_flops": "FLOP", "act_bytes": "B", "fwd_time": "s",
                                 "bwd_time": "s", "traffic": "B"}
    assert df.attrs["model"] == "resnet50" and df.attrs["batch"] == 64 and df.attrs["device"]
    assert df.attrs["total"]["params"] == int(total[3]) == 25557032
    assert df.attrs["total"]["fwd_time"] == float(total[8])
    assert df.attrs["peak"] > 0 and df.attrs["membw"] > 0
    assert (df["traffic"] > 0).all()


def test_stats_without_a_device_and_from_a_file(tmp_path):
    df = rl.stats("vgg16", batch=2)
    assert "fwd_time" not in df and "device" not in df.attrs
    assert df.attrs["total"]["params"] == 138357544
    f = tmp_path / "net.rl"
    f.write_text('import stdlib.layers\nlet tiny = network("tiny", [3, 8, 8], [conv2d(4, k = 3), flatten, dense(10)])\n')
    own = rl.stats(file=f)
    assert list(own["kind"]) == ["conv2d", "flatten", "dense"] and own.attrs["model"] == "tiny"


def test_stats_errors_suggest():
    with pytest.raises(rl.SpecError) as e:
        rl.stats(model="resnet5")
    error, note = e.value.diagnostics
    assert (error.severity, note.severity) == ("error", "note")
    assert error.message == "no network `resnet5` in stdlib/models; did you mean `resnet50`?"
    assert error.message in run_command("stats", "--model", "resnet5", check=False).stderr
    assert note.message.startswith("the standard library's models: lenet5, alexnet, vgg11")
    with pytest.raises(rl.SpecError, match="did you mean `v100_sxm2_16gb`"):
        rl.stats(model="resnet50", device="v100_sxm2_16g")
    # Counts as the command takes them: 0 and negatives are SpecErrors, not TypeErrors.
    for kwargs in ({"batch": 0}, {"batch": -3}, {"element_bytes": 0}):
        name, value = next(iter(kwargs.items()))
        with pytest.raises(rl.SpecError, match=rf"`{name}` takes a count of 1 or more; got {value} \[bad_option\]"):
            rl.stats(model="resnet50", **kwargs)
