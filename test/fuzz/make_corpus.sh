#!/usr/bin/env bash
# Rebuilds the committed seed corpora of the spec fuzz targets from every .rl file under
# examples/, stdlib/ and test/lit/, without its whole-line comments (RUN lines and
# expectations, noise to a fuzzer) and at most 12 KB (the two larger stdlib files are
# imported by the seeds anyway). libFuzzer's -merge=1, with each target in turn, keeps
# the fewest files that reach all the code (coverage features) that the whole set
# reaches in any target, each named by the SHA-1 of its contents. The kept files that
# import the layer library, the models or the strategies take seconds each under the
# sanitizers and go to corpus/networks/, the others to corpus/quick/: ctest's minute
# starts from quick/ alone, `make fuzz-long` from both (docs/robustness.md).
#   test/fuzz/make_corpus.sh [build-asan]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-asan}
all=$(mktemp -d) kept=$(mktemp -d)
trap 'rm -rf "$all" "$kept"' EXIT
find examples stdlib test/lit -name '*.rl' -print0 |
  while IFS= read -r -d '' f; do
    grep -v '^[[:space:]]*//' "$f" > "$all/seed" || true
    if [ "$(stat -c %s "$all/seed")" -le 12288 ]; then mv "$all/seed" "$all/$(sha1sum < "$all/seed" | cut -c1-40)"; fi
  done
rm -f "$all/seed"
for t in check eval parse; do
  "$build/bin/fuzz_$t" -merge=1 -max_len=32768 -timeout=60 -rss_limit_mb=4096 "$kept" "$all"
done
rm -rf test/fuzz/corpus/quick test/fuzz/corpus/networks  # not the readers' seeds (make_reader_seeds.py)
mkdir -p test/fuzz/corpus/quick test/fuzz/corpus/networks
for f in "$kept"/*; do
  if grep -qE '^import stdlib\.(layers|models|strategies|paradl)' "$f"; then tier=networks; else tier=quick; fi
  cp "$f" "test/fuzz/corpus/$tier/"
done
du -sb --apparent-size test/fuzz/corpus/*
