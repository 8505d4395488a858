"""What the tools share: the repository's paths and its ringline binary, running a tools
module in another process (under the interpreter that has torch), setting up a process the
way the kernel profile measures, the host's CPU, and the CSV files the tools read and write
(`# key: value` headers, profile rows, `ringline fit --held-out` rows).

Standard library only, and torch only where a function is handed it: every tool imports
this module, also those that run without torch.
"""
import contextlib
import importlib
import json
import math
import os
import shlex
import subprocess
import sys
import tempfile

# ---- paths -------------------------------------------------------------------------------

PACKAGE = __package__  # "tools": modules run as `python3 -m tools.PACKAGE.MODULE`
TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
STDLIB = os.path.join(ROOT, "stdlib")
# The ringline binary of the default build (`make build`).
RINGLINE = os.path.join(ROOT, "build", "bin", "ringline")
# The interpreter that has PyTorch: Debian's /usr/bin/python3 (python3-torch,
# python3-torchvision); RINGLINE_TORCH_PYTHON overrides it (a venv).
TORCH_PYTHON = os.environ.get("RINGLINE_TORCH_PYTHON", "/usr/bin/python3")


# ---- running tools modules -----------------------------------------------------------------

def module_env(env=None):
    """`env` (default: this process's environment) with the repository root first on
    PYTHONPATH, so that `python -m tools.…` finds the package from any working directory."""
    env = dict(os.environ if env is None else env)
    rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != ROOT]
    env["PYTHONPATH"] = os.pathsep.join([ROOT] + rest)
    return env


def module_command(python, module, *args):
    """argv running the tools module `module` (its full name, `tools.validation.bench_ddp`)
    under `python`; start it with env=module_env()."""
    return [python, "-m", module] + [str(a) for a in args]


def command_line(module, argv):
    """How a run was started, for the `# command:` lines of the files it writes."""
    return " ".join(["python3", "-m", module] + [shlex.quote(a) for a in argv])


def command_args(text, module):
    """The arguments of a command_line() text; of another, such as the `tools/validate.py
    ARGS` that data/validation/'s run records, the words after the first."""
    words = shlex.split(text)
    return words[words.index(module) + 1:] if module in words else words[1:]


def importable(name):
    try:
        importlib.import_module(name)
        return True
    except ImportError:
        return False


def rerun_with_torch_python(module, needs="torch"):
    """Runs `module` again with this process's arguments under TORCH_PYTHON (replacing this
    process) when that is another interpreter and it can import `needs`; otherwise returns."""
    py = TORCH_PYTHON
    if not os.path.exists(py) or os.path.realpath(sys.executable) == os.path.realpath(py):
        return
    if subprocess.run([py, "-c", f"import {needs}"], capture_output=True).returncode != 0:
        return
    os.execve(py, module_command(py, module, *sys.argv[1:]), module_env())


def importable_or_rerun(module, needs="torch"):
    """Whether `needs` imports in this interpreter. When it does not, `module` is run again
    under TORCH_PYTHON if that one can import it (replacing this process); False if not."""
    if importable(needs):
        return True
    rerun_with_torch_python(module, needs)
    return False


def import_torch(module):
    """torch; without it, `module` is run again under TORCH_PYTHON, or exits with an error."""
    if importable_or_rerun(module, "torch"):
        import torch
        return torch
    sys.exit(f"{module.rsplit('.', 1)[-1]}.py: error: cannot import torch with {sys.executable} (nor with "
             f"{TORCH_PYTHON}); install python3-torch or set RINGLINE_TORCH_PYTHON")


@contextlib.contextmanager
def weights_uninitialised(torch):
    """Within it torch.nn.init's initialisers leave their tensors as they are: a model built
    for its shapes alone skips the random initialisation (seconds for VGG)."""
    saved = {n: getattr(torch.nn.init, n) for n in dir(torch.nn.init)
             if n.endswith("_") and not n.startswith("_")}
    for n in saved:
        setattr(torch.nn.init, n, lambda t, *a, **k: t)
    try:
        yield
    finally:
        for n, fn in saved.items():
            setattr(torch.nn.init, n, fn)


# ---- ringline ------------------------------------------------------------------------------

class RinglineError(RuntimeError):
    """`ringline` exited with an error; .stderr is what it wrote there."""

    def __init__(self, what, stderr):
        super().__init__(f"{what} failed:\n{stderr}")
        self.stderr = stderr


def eval_reports(ringline, spec, env=None):
    """{report name: value} of the first row of `ringline eval SPEC --format json`. Raises
    RinglineError when ringline fails, OSError when it cannot be run."""
    res = subprocess.run([ringline, "eval", spec, "--format", "json"], capture_output=True, text=True, env=env)
    if res.returncode != 0:
        raise RinglineError(f"ringline eval {spec}", res.stderr)
    doc = json.loads(res.stdout)
    return dict(zip([c["name"] for c in doc["columns"]], doc["rows"][0]))


def eval_text(ringline, text, env=None):
    """eval_reports() of a spec given as text (a one-scenario probe written to a temporary file)."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "probe.rl")
        with open(path, "w") as fh:
            fh.write(text)
        return eval_reports(ringline, path, env)


# ---- the process and the host --------------------------------------------------------------

def keep_freed_memory():
    """glibc returns big blocks to the OS on free (mmap for > 128 KiB, trimming the heap),
    so every call that allocates an output would pay for page faults, often more than
    the kernel itself on this VM (a 32 MiB relu: 0.2 s instead of 12 ms). Serve every
    allocation from the heap and never trim it: after the warm-up calls, outputs reuse
    memory that is already mapped, as PyTorch's caching allocator does on a GPU."""
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4
        never = 2 ** 31 - 1  # mallopt takes a C int: a larger Python int would wrap (to 0!)
        return libc.mallopt(M_MMAP_MAX, 0) == 1 and libc.mallopt(M_TRIM_THRESHOLD, never) == 1
    except (OSError, AttributeError):
        return False


def cpu_info():
    """The first CPU of /proc/cpuinfo: model name, MHz, and the identity a bundle records
    (docs/kernel-models.md, "Which CPU a bundle describes"): family, model and the widest
    vector ISA (avx512 when the flags have avx512f, else avx2, avx or sse)."""
    info = {"name": "unknown CPU", "mhz": 0.0, "family": "", "model": "", "isa": ""}
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                key, _, val = line.partition(":")
                key, val = key.strip(), val.strip()
                if not key and info["family"]:
                    break  # the end of the first processor's block
                if key == "model name" and info["name"] == "unknown CPU":
                    info["name"] = val
                elif key == "cpu MHz" and not info["mhz"]:
                    info["mhz"] = float(val)
                elif key == "cpu family" and not info["family"]:
                    info["family"] = val
                elif key == "model" and not info["model"]:
                    info["model"] = val
                elif key == "flags" and not info["isa"]:
                    flags = set(val.split())
                    info["isa"] = next((i for f, i in (("avx512f", "avx512"), ("avx2", "avx2"), ("avx", "avx"))
                                        if f in flags), "sse")
    except OSError:
        pass
    return info


# ---- numbers -------------------------------------------------------------------------------

def quantile(sorted_xs, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    pos = q * (len(sorted_xs) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)


def parse_bytes(text):
    """A byte count with an optional suffix: 4096, 64K, 64KiB, 1M, 1.5MiB."""
    t = text.strip()
    for suf, k in (("KiB", 1024), ("MiB", 1024 ** 2), ("K", 1024), ("M", 1024 ** 2)):
        if t.endswith(suf):
            return int(float(t[:-len(suf)]) * k)
    return int(t)


# ---- CSV files -----------------------------------------------------------------------------

def header_item(line):
    """(key, value) of a `# key: value` line. The key ends at the first `: ` (a key may hold
    a colon, `compute lenet5:16 p=2`), or at the first `:` when no `: ` follows it."""
    key, sep, value = line[1:].partition(": ")
    if not sep:
        key, _, value = line[1:].partition(":")
    return key.strip(), value.strip()


def read_header(path):
    """The `# key: value` lines at the top of a file, as a dict."""
    out = {}
    with open(path) as fh:
        for line in fh:
            if not line.startswith("#"):
                break
            key, value = header_item(line)
            out[key] = value
    return out


def write_header(fh, items):
    """`# key: value` lines, one per (key, value) of `items`."""
    for key, value in items:
        fh.write(f"# {key}: {value}\n")


def read_profile(path):
    """(header, columns, rows) of a profile CSV (docs/kernel-models.md, "Profile CSV"): its
    `# key: value` lines as a dict, its column header row ("" when it has none), and the
    data rows, each split into its cells."""
    header, columns, rows = {}, "", []
    with open(path) as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("#"):
                key, value = header_item(line)
                header[key] = value
            elif line.startswith("kind,"):
                columns = line
            elif line.strip():
                rows.append(line.split(","))
    return header, columns, rows


HELD_OUT_COLUMNS = "kind,features,median_s,predicted_s,rel_err"


def held_out_rows(path, prog):
    """(kind, features, rel_err) of each row `ringline fit --held-out` wrote to `path`,
    features as written (space-separated); another file exits with an error naming `prog`."""
    out = []
    with open(path) as fh:
        if fh.readline().strip() != HELD_OUT_COLUMNS:
            sys.exit(f"{prog}: error: {path}: not the rows of `ringline fit --held-out`")
        for n, line in enumerate(fh, start=2):
            parts = line.strip().split(",")
            if len(parts) != 5:
                sys.exit(f"{prog}: error: {path}:{n}: expected 5 columns, got {len(parts)}")
            out.append((parts[0], parts[1], float(parts[4])))
    return out
