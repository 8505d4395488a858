#!/bin/sh
# The five sweeps of barrachina.rl, one CSV per axis, and one chart per axis and device:
# compute and communication time per iteration against the axis, a line each for
# ResNet-50 and VGG16.
#   examples/barrachina/charts.sh [--no-charts] RINGLINE OUTDIR
# --no-charts writes the CSVs only. The charts need `ringline plot` (gnuplot).
set -eu
here=$(dirname "$0")
. "$here/../chart_args.sh"
spec=$here/barrachina.rl

"$ringline" sweep "$spec" --set batch=1..512*2 -o "$out/batch.csv"
"$ringline" sweep "$spec" --set flops_x=0.25..64*2 -o "$out/flops.csv"
"$ringline" sweep "$spec" --set membw_x=0.25..64*2 -o "$out/membw.csv"
"$ringline" sweep "$spec" --set link=1.25GB/s..160GB/s*2 -o "$out/link.csv"
"$ringline" sweep "$spec" --set nodes=1..1024*2 -o "$out/nodes.csv"
[ "$charts" = yes ] || exit 0

# axis CSV column, x column, title
for axis in "batch batch samples per node" "flops peak node FLOP/s" "membw membw node memory bandwidth" \
            "link link network link bandwidth" "nodes nodes cluster size"; do
  set -- $axis
  csv=$1 x=$2
  shift 2
  for gpu in v100_roofline epyc_cpu; do
    "$ringline" plot "$out/$csv.csv" --x "$x" --y compute --y comm --series net --where "gpu=$gpu" \
      --logx --logy --title "Data-parallel training on $gpu: $*" -o "$out/$csv-$gpu.svg"
  done
done
