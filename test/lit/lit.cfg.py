# lit configuration for Ringline: every *.rl under test/lit is a test. RUN lines call
# %ringline, FileCheck and not; %stdlib and %examples point into the source tree.
import os
import subprocess
import lit.formats

site = lit_config.params.get("site")
if site:
    lit_config.load_config(config, site)

config.name = "ringline"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".rl", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

config.substitutions.append(("%ringline", config.ringline))
config.substitutions.append(("%examples", os.path.join(config.source_root, "examples")))
config.substitutions.append(("%stdlib", os.path.join(config.source_root, "stdlib")))
config.substitutions.append(("%python", config.python))
# The helper scripts are the modules of the source tree's `tools` package: RUN lines call
# them as `%python -m tools.PACKAGE.MODULE` (docs/architecture.md, "Tools").
config.environment["PYTHONPATH"] = config.source_root
# `--param backend=jit|interp` runs every eval and sweep that names no --backend on that
# backend ($RINGLINE_BACKEND, the default of --backend); ctest runs the suite once each.
# A test whose every command names its backend, or none that matters, runs once: it says
# `UNSUPPORTED: backend-interp`.
if lit_config.params.get("backend"):
    config.environment["RINGLINE_BACKEND"] = lit_config.params["backend"]
    config.available_features.add("backend-" + lit_config.params["backend"])
# Tests that compare with PyTorch itself say `REQUIRES: torch` or `torchvision`: without the
# package (`make test` installs Debian's) they show as UNSUPPORTED, never as a pass.
for module in ("torch", "torchvision"):
    try:
        if subprocess.run([config.python, "-c", "import " + module], capture_output=True, timeout=120).returncode == 0:
            config.available_features.add(module)
    except (OSError, subprocess.TimeoutExpired):
        pass
# An address-space limit (run_limited.py --memory) means what it says only without a
# sanitizer, whose shadow memory reserves terabytes.
if getattr(config, "time_scale", "1") == "1":
    config.available_features.add("memory-limit")
# CPU-time limits of robust/Inputs/run_limited.py scale with the build (sanitizers: slower).
config.environment["RL_TIME_SCALE"] = getattr(config, "time_scale", "1")
config.environment["PATH"] = os.pathsep.join([config.llvm_tools, config.environment.get("PATH", "")])
