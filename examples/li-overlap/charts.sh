#!/bin/sh
# The three sweeps of li_overlap.rl as CSVs (node count, bucket size, straggler spread) and
# their charts: efficiency against the node count, blocking against overlapped, per
# network; the exposed communication against the bucket size; efficiency against the node
# count per straggler spread.
#   examples/li-overlap/charts.sh [--no-charts] RINGLINE OUTDIR
# --no-charts writes the CSVs only. The charts need `ringline plot` (gnuplot).
set -eu
here=$(dirname "$0")
. "$here/../chart_args.sh"
spec=$here/li_overlap.rl

"$ringline" sweep "$spec" --set nodes=1..256*2 -o "$out/nodes.csv"
"$ringline" sweep "$spec" --set nodes=64 --set bucket_mb=0,1,2,5,10,25,50,100,200,600 -o "$out/buckets.csv"
"$ringline" sweep "$spec" --set nodes=1..256*2 --set cv=0,0.02,0.05,0.1,0.2 -o "$out/stragglers.csv"
[ "$charts" = yes ] || exit 0

for job in resnet50_v100 vgg16_v100; do
  "$ringline" plot "$out/nodes.csv" --x gpus --y efficiency --series mode --where "job=$job" --logx \
    --title "$job on ABCI: blocking against overlapped allreduce" -o "$out/nodes-$job.svg"
  "$ringline" plot "$out/stragglers.csv" --x gpus --y efficiency --series cv --where "job=$job" \
    --where mode=overlap --logx --title "$job on ABCI, overlapped: straggler spread" -o "$out/stragglers-$job.svg"
done
# Bucket 0 (one per layer) has no place on a log axis; plot says so and leaves it out.
"$ringline" plot "$out/buckets.csv" --x bucket_mb --y exposed --series job --where mode=overlap --logx --logy \
  --title "Exposed allreduce against the bucket cap, 256 GPUs" -o "$out/buckets.svg"
