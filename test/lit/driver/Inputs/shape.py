# The shape of a sweep's output, for test/lit/driver: reads a CSV or JSON result file,
# checks that every row has one cell per column (and, for JSON, the exact top-level
# shape), and prints the columns and the row count for FileCheck.
#   shape.py csv|json FILE
import csv
import json
import sys


def fail(msg):
    print("shape error: " + msg)
    sys.exit(1)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, newline="") as f:
        if kind == "csv":
            rows = list(csv.reader(f))
            if not rows:
                fail("empty file")
            header, data = rows[0], rows[1:]
            names = header
        else:
            doc = json.load(f)
            if not isinstance(doc, dict) or sorted(doc) != ["columns", "rows", "scenario"]:
                fail("top level must be {scenario, columns, rows}, got %r" % (sorted(doc),))
            if not isinstance(doc["scenario"], str):
                fail("scenario must be a string")
            for c in doc["columns"]:
                if sorted(c) != ["name", "unit"]:
                    fail("a column must be {name, unit}, got %r" % (c,))
            names = [c["name"] + ("[" + c["unit"] + "]" if c["unit"] else "") for c in doc["columns"]]
            data = doc["rows"]
            print("scenario: " + doc["scenario"])
    for i, r in enumerate(data):
        if len(r) != len(names):
            fail("row %d has %d cells for %d columns" % (i + 1, len(r), len(names)))
    print("columns: " + ",".join(names))
    print("width: %d" % len(names))
    print("rows: %d" % len(data))
    # Distinct values per column, in first-seen order: sweeps print every axis value.
    for j, n in enumerate(names):
        seen = []
        for r in data:
            v = json.dumps(r[j]) if kind == "json" else r[j]
            if v not in seen:
                seen.append(v)
        print("%s: %s" % (n, " ".join(seen) if len(seen) <= 12 else "%d values" % len(seen)))


main()
