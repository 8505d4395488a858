"""examples/python/sweep_strategy.py runs and finds the fastest strategy."""

import os
import subprocess
import sys

from conftest import ROOT


def test_sweep_strategy_example(tmp_path):
    chart = tmp_path / "strategies.png"
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "python" / "sweep_strategy.py"), "--plot", str(chart)],
                         capture_output=True, text=True, check=True, env=dict(os.environ), cwd=tmp_path)
    assert "42 points; epoch in s, memory per GPU in GB" in out.stdout
    assert "fastest epoch: data_overlap on 1024 GPUs" in out.stdout
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert "no chart" in out.stdout
    else:
        assert chart.stat().st_size > 0
