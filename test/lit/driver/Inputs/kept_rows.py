# The rows a sweep keeps, from the same sweep's --keep-infeasible CSV: the rows whose
# `feasible` (the last column) is true, without that column, as the sweep writes them.
#   kept_rows.py FILE
import sys

with open(sys.argv[1], newline="") as f:
    lines = f.read().splitlines()
header = lines[0].rsplit(",", 1)
assert header[1] == "feasible", header
print(header[0])
for line in lines[1:]:
    row, feasible = line.rsplit(",", 1)
    if feasible == "true":
        print(row)
