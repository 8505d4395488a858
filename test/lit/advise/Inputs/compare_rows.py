"""Runs two commands that print CSV and compares one column of their first rows:
`compare_rows.py COLUMN OP -- A... -- B...` with OP one of <, >, ==. Prints
`COLUMN: a OP b` and exits 0 when it holds, 1 (with both outputs) when it does not.
"""
import csv
import io
import subprocess
import sys


def first_row(cmd: list[str]) -> dict[str, str]:
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    if not rows:
        sys.exit(f"no rows: {' '.join(cmd)}\n{p.stdout}")
    return rows[0]


def main() -> None:
    column, op = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    if op not in ("<", ">", "==") or rest.count("--") != 2 or rest[0] != "--":
        sys.exit(__doc__)
    cut = rest.index("--", 1)
    a, b = first_row(rest[1:cut]), first_row(rest[cut + 1:])
    x, y = float(a[column]), float(b[column])
    holds = x < y if op == "<" else x > y if op == ">" else x == y
    print(f"{column}: {x:.6g} {op} {y:.6g}" + ("" if holds else " does not hold"))
    sys.exit(0 if holds else 1)


if __name__ == "__main__":
    main()
