#!/usr/bin/env python3
"""Fails when a diagnostic kind in kinds.def is exercised by no test.

A kind counts as exercised when its tag appears as `[tag]` in a test file under test/
(a CHECK line or an expected-error comment), Carbon's coverage_test.cpp idea."""
import pathlib
import re
import sys

kinds_def, test_dir = sys.argv[1], pathlib.Path(sys.argv[2])
tags = re.findall(r"^RL_DIAG\((\w+),", pathlib.Path(kinds_def).read_text(), re.M)
text = ""
for p in test_dir.rglob("*"):
    if p.is_file() and p.suffix in {".rl", ".test", ".cpp", ".py"} and p.name != pathlib.Path(__file__).name:
        text += p.read_text(errors="replace")
missing = [t for t in tags if f"[{t}]" not in text]
for t in missing:
    print(f"diagnostic kind `{t}` is exercised by no test (no `[{t}]` under test/)")
print(f"{len(tags) - len(missing)} passed, {len(missing)} failed")
sys.exit(1 if missing else 0)
