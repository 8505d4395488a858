# The alignment of a streamed table, for test/lit/driver: splits each line into cells at
# runs of two or more spaces and compares where each cell ends, in characters, with where
# its column's header ends (cells and headers are right-aligned). Prints one line per run
# of rows alike: `rows A-B: aligned`, or the columns whose cells miss their edge.
#   table_edges.py FILE
import re
import sys


def ends(line):
    return [m.end() for m in re.finditer(r"\S+(?: \S+)*", line)]


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        lines = f.read().splitlines()
    head = lines[0]
    names = [m.group(0) for m in re.finditer(r"\S+(?: \S+)*", head)]
    edges = ends(head)
    print("columns: " + ", ".join(names))
    runs = []  # [first row, last row, what]
    for n, line in enumerate(lines[1:], 1):
        got = ends(line)
        if len(got) != len(edges):
            what = "%d cells" % len(got)
        else:
            off = [names[i] for i in range(len(edges)) if got[i] != edges[i]]
            what = "aligned" if not off else "off: " + ", ".join(off)
        if runs and runs[-1][2] == what and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n, what])
    for first, last, what in runs:
        print("rows %d-%d: %s" % (first, last, what))


main()
