"""Summarises a gnuplot SVG for FileCheck: parses it (a malformed file fails), then prints
`svg WIDTHxHEIGHT`, each text with a letter in it (title, axis labels, legend), and per
plotted series (gnuplot's `<g id="gnuplot_plot_N">` groups) its legend title, its number
of <path> elements and of point markers (<use>, less the legend's sample)."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == NS + "svg", root.tag
print(f"svg {root.get('width')}x{root.get('height')}")
for t in root.iter(NS + "text"):
    text = "".join(t.itertext()).strip()
    if any(c.isalpha() for c in text):
        print(f"text: {text}")
groups = [g for g in root.iter(NS + "g") if (g.get("id") or "").startswith("gnuplot_plot_")]
print(f"series: {len(groups)}")
for g in groups:
    title = " ".join("".join(t.itertext()).strip() for t in g.iter(NS + "text"))
    paths = len(list(g.iter(NS + "path")))
    marks = len(list(g.iter(NS + "use")))
    print(f"series '{title}' paths={paths} points={max(0, marks - 1)}")
