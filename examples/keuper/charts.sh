#!/bin/sh
# Weak and strong scaling and the efficiency-limit table of keuper.rl as CSVs, and a chart
# per workload: efficiency (weak) and speedup (strong) against the node count, a line per
# interconnect.
#   examples/keuper/charts.sh [--no-charts] RINGLINE OUTDIR
# --no-charts writes the CSVs only. The charts need `ringline plot` (gnuplot).
set -eu
here=$(dirname "$0")
. "$here/../chart_args.sh"
spec=$here/keuper.rl

"$ringline" sweep "$spec" --scenario weak -o "$out/weak.csv"
"$ringline" sweep "$spec" --scenario strong -o "$out/strong.csv"
"$ringline" sweep "$spec" --scenario limits -o "$out/limits.csv"
"$ringline" sweep "$spec" --scenario compute_check -o "$out/compute.csv"
[ "$charts" = yes ] || exit 0

for work in alexnet_b256 googlenet_b32 resnet50_b32; do
  "$ringline" plot "$out/weak.csv" --x nodes --y efficiency --series net --where "work=$work" --logx \
    --title "Weak scaling, $work per K80" -o "$out/weak-$work.svg"
  "$ringline" plot "$out/strong.csv" --x nodes --y speedup --series net --where "work=$work" --logx --logy \
    --title "Strong scaling, one $work batch over the K80s" -o "$out/strong-$work.svg"
done
