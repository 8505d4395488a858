# Sourced by the studies' charts.sh: reads their arguments, `[--no-charts] RINGLINE OUTDIR`,
# into $charts (yes or no), $ringline and $out, and makes OUTDIR.
charts=yes
if [ "${1:-}" = --no-charts ]; then charts=no; shift; fi
ringline=${1:?usage: charts.sh [--no-charts] RINGLINE OUTDIR}
out=${2:?usage: charts.sh [--no-charts] RINGLINE OUTDIR}
mkdir -p "$out"
