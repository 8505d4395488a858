"""Shared fixtures: the repository's paths, the example spec and the `ringline` command.

ctest runs these with PYTHONPATH at the built package (build/python) and $RINGLINE_BIN at
the command; by hand: PYTHONPATH=build/python /usr/bin/python3 -m pytest python/tests.
"""

import os
import subprocess
from pathlib import Path

import pytest

import ringline as rl

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "abci_allreduce.rl"


def ringline_bin() -> str:
    return os.environ.get("RINGLINE_BIN") or str(ROOT / "build" / "bin" / "ringline")


def run_command(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`ringline ARGS...` with its output as text."""
    return subprocess.run([ringline_bin(), *args], capture_output=True, text=True, check=check)


@pytest.fixture(scope="session")
def spec() -> rl.Spec:
    return rl.compile(EXAMPLE)


@pytest.fixture(scope="session")
def scenario(spec: rl.Spec) -> rl.Scenario:
    return spec["abci_resnet50"]
