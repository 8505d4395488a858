#!/bin/sh
# `cmake --install` of a build tree into a temporary prefix, then another project
# (consumer/) configured with find_package(ringline) against it, built and run:
#   test/install/check.sh BUILD_DIR WORK_DIR
set -eu
build=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$here/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
# The installed command finds its stdlib beside it.
"$work/prefix/bin/ringline" advise --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --top 1 \
  --format csv | head -1 | cut -d, -f1-3
env -u RINGLINE_STDLIB "$work/consumer/consumer"
