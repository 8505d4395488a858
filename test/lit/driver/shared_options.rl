// Options declared beside the first subcommands (options.cpp) reach the subcommands
// defined in other files too: `stats --allow-path` lets a spec import a network from an
// allowed folder outside its tree (without it, [path_not_allowed]), `advise` takes
// `--allow-path` and `fit` takes `--threads`. They were registered before those
// subcommands existed (static initialisation order), so `stats` rejected `--allow-path`.
// RUN: rm -rf %t && mkdir -p %t/spec %t/lib
// RUN: %python -c "print('import stdlib.layers\nlet tiny = network(\"tiny\", [3, 32, 32], [conv2d(8, k = 3, p = 1), relu, flatten, dense(10)])')" > %t/lib/net.rl
// RUN: %python -c "print('import \"%/t/lib/net.rl\" as lib\nlet tiny = lib.tiny')" > %t/spec/use.rl
// RUN: %ringline stats --allow-path %t/lib %t/spec/use.rl | FileCheck %s --check-prefix=STATS
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline stats %t/spec/use.rl 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %ringline advise --allow-path %t/lib --model resnet50 --gpus 16 | FileCheck %s --check-prefix=ADVISE
// RUN: %ringline fit --threads 1 --show %stdlib/kernels/cpu.rlk | FileCheck %s --check-prefix=FIT

// STATS: tiny (batch 1)
// STATS: total                         82154  303104
// REFUSED: error: a spec reads only files in its own folder tree and the standard library; {{.*}} [path_not_allowed]
// REFUSED: exit 2
// ADVISE: resnet50 on abci
// ADVISE: 16     1  data_overlap
// FIT: bundle: {{.*}}cpu.rlk (14 models)
