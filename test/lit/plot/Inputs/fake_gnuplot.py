#!/usr/bin/env python3
"""Stands in for gnuplot in the plot tests (as RINGLINE_GNUPLOT): copies the script it is
given (`gnuplot -d SCRIPT`) to $FAKE_GNUPLOT_SCRIPT, then writes a minimal SVG chart to the
script's `set output` path; with $FAKE_GNUPLOT_EXIT it fails instead, as gnuplot does:
a message on stderr and that exit status, and the output left empty."""
import os
import re
import shutil
import sys

script = sys.argv[-1]
if os.environ.get("FAKE_GNUPLOT_SCRIPT"):
    shutil.copyfile(script, os.environ["FAKE_GNUPLOT_SCRIPT"])
status = int(os.environ.get("FAKE_GNUPLOT_EXIT", "0"))
if status:
    sys.stderr.write(f'"{script}" line 3: unexpected or unrecognized token\n')
    sys.exit(status)
text = open(script).read()
out = re.search(r"^set output '((?:[^']|'')*)'$", text, re.M).group(1).replace("''", "'")
with open(out, "w") as f:
    f.write("<svg xmlns='http://www.w3.org/2000/svg'></svg>\n")
