"""Sweeps spread over an MPI job from Python (`comm=MPI.COMM_WORLD`, docs/mpi.md): under
`mpirun -n 3`, rank 0's full table, best row and top rows are one process's, the other
ranks get an empty table and None; `comm` that is not a communicator is refused. Skips
without mpirun or mpi4py (Debian's python3-mpi4py)."""

import os
import pickle
import shutil
import subprocess
import sys

import pytest

import ringline as rl
from conftest import ROOT

mpi4py = pytest.importorskip("mpi4py")
SPEC = ROOT / "test" / "mpi" / "uneven.rl"

SCRIPT = r'''
import pickle, sys
from mpi4py import MPI
import ringline as rl

sc = rl.compile(sys.argv[1])["s"]
comm = MPI.COMM_WORLD if sys.argv[3] == "mpi" else None
table = sc.sweep(comm=comm, threads=1, progress=False, n=[1, 40])
best = sc.sweep(comm=comm, threads=1, best="-q", progress=False)
top = sc.sweep(comm=comm, threads=1, top=7, top_by="r", progress=False)
mine = {"table": {k: table[k].tolist() for k in table}, "rows": len(table),
        "best": best.to_dict() if best is not None else None,
        "top": {k: top[k].tolist() for k in top}}
with open(f"{sys.argv[2]}.{MPI.COMM_WORLD.rank}", "wb") as f:
    pickle.dump(mine, f)
'''


def results(tmp_path, launcher, mode):
    script = tmp_path / "sweep.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    base = tmp_path / mode
    p = subprocess.run(launcher + [sys.executable, str(script), str(SPEC), str(base), mode], capture_output=True,
                       text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    out = {}
    for rank in range(3):
        path = base.parent / f"{base.name}.{rank}"
        if path.exists():
            out[rank] = pickle.loads(path.read_bytes())
    return out


@pytest.mark.skipif(shutil.which("mpirun") is None, reason="no mpirun (openmpi-bin)")
def test_sweep_over_three_processes_is_one_process(tmp_path):
    one = results(tmp_path, [], "one")[0]
    spread = results(tmp_path, ["mpirun", "--allow-run-as-root", "-n", "3", "-x", "PYTHONPATH"], "mpi")
    assert one["rows"] > 100_000 and len(one["top"]["r"]) == 7
    assert spread[0] == one
    for rank in (1, 2):
        assert spread[rank]["rows"] == 0 and spread[rank]["best"] is None


def test_comm_must_be_a_communicator():
    sc = rl.compile(SPEC)["s"]
    with pytest.raises(rl.SpecError, match="mpi4py communicator"):
        sc.sweep(comm=42, n=1, a=1)


def test_the_private_sweep_refuses_a_number_for_comm():
    # An integer is not dereferenced as a communicator handle: a TypeError, not a crash.
    pytest.importorskip("mpi4py.MPI")
    low = rl.compile(SPEC)["s"]._lower(None, {"n": 1, "a": 1}, False, None)
    with pytest.raises(TypeError, match="must be an mpi4py communicator"):
        low.sweep("auto", 1, False, "", 0, "", False, None, 12345)
