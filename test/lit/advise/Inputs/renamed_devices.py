"""Every device of stdlib.hardware, renamed, must cost what the original costs: no library
function may decide anything by a device's name. For each `Device` let of
stdlib/hardware.rl this writes a spec with a renamed copy and compares, original against
copy, the CSV of a transformer's `advise`, a network's `advise` and `stats --device`.
Exits 1 naming the first device and command that differ.

usage: renamed_devices.py RINGLINE STDLIB_DIR WORK_DIR
"""
import os
import re
import subprocess
import sys


def devices(hardware: str) -> list[str]:
    """The lets of hardware.rl that are Devices: `Device { ... }`, or `x with { ... }` of one."""
    found: list[str] = []
    for name, base in re.findall(r"^let (\w+) = (Device \{|\w+ with \{)", hardware, re.M):
        if base.startswith("Device") or base.split()[0] in found:
            found.append(name)
    return found


def run(cmd: list[str]) -> str:
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return p.stdout


def main() -> None:
    ringline, stdlib, work = sys.argv[1:4]
    names = devices(open(os.path.join(stdlib, "hardware.rl")).read())
    if len(names) < 15:
        sys.exit(f"found only {len(names)} devices in stdlib/hardware.rl: {names}")
    os.makedirs(work, exist_ok=True)
    spec = os.path.join(work, "renamed.rl")
    with open(spec, "w") as f:
        f.write("import stdlib.hardware\nimport stdlib.models.resnet\n")
        for n in names:
            f.write(f'let renamed_{n} = {n} with {{ name = "renamed {n}" }}\n')
    # The searches pick their backend per variant (`--backend auto`, as the other searches
    # of test/lit/advise do): forced onto the JIT each of 102 runs compiles its variants.
    queries = {
        "advise (transformer)": ["advise", spec, "--backend", "auto",
                                 "--model", "gpt:layers=8,hidden=1024,heads=16,seq=1024",
                                 "--cluster", "dgx_a100_pod", "--gpus", "8", "--global-batch", "32",
                                 "--tp", "2", "--pp", "1", "--micro-batch", "4", "--top", "3", "--format", "csv",
                                 "--threads", "1"],
        "advise (network)": ["advise", spec, "--backend", "auto", "--model", "resnet50",
                             "--cluster", "abci", "--gpus", "4",
                             "--format", "csv"],
        "stats": ["stats", spec, "--model", "resnet50", "--batch", "8", "--format", "csv"],
    }
    for n in names:
        for what, q in queries.items():
            original = run([ringline, *q, "--device", n])
            renamed = run([ringline, *q, "--device", f"renamed_{n}"]).replace(f"renamed {n}", n)
            if original != renamed:
                sys.exit(f"{what} on `{n}` differs when the device is renamed:\n--- {n}\n{original}"
                         f"--- renamed_{n}\n{renamed}")
    print(f"{len(names)} devices, {len(queries)} commands each: renamed copies give the same output")


if __name__ == "__main__":
    main()
