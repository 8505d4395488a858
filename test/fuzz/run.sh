#!/usr/bin/env bash
# Runs one fuzz target for SECONDS from the seed corpora SEEDS (folders, read and never
# written): new inputs go to WORK/corpus, crashes, timeouts and out-of-memory inputs to
# WORK/artifacts/. Exit status 0 when nothing was found. Used by ctest (a minute each)
# and `make fuzz-long`; docs/robustness.md.
#   run.sh FUZZER SECONDS WORK SEEDS... [libFuzzer options...]
set -euo pipefail
fuzzer=$1 seconds=$2 work=$3
shift 3
mkdir -p "$work/corpus" "$work/artifacts"
# -timeout (wall-clock; FUZZ_TIMEOUT seconds, 120 by default, 900 in `make fuzz-long`):
# under the sanitizers an input importing every stdlib model takes 9 s of CPU, but a
# niced fuzzer on a loaded machine gets a fraction of a core (one such input took 309 s
# of wall time), and a timeout must mean a hang. -rss_limit_mb:
# ASan's quarantine and the JIT fit in 4 GiB; -max_len: the largest seed is 17 KB (a trace).
exec "$fuzzer" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-120}" -rss_limit_mb=4096 -max_len=32768 \
  -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$@"
