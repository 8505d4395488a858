// advise takes a spec's Setups, collectives and networks built by functions, and its
// errors point at the option's text: --setup gives every field but the cluster and device
// (here 2-byte elements, Adam, 100,000 samples an epoch), --collectives a `Collectives` or
// one allreduce schedule, --dataset the samples per epoch (a transformer's tokens), and
// --model a function whose parameters have defaults or an expression calling one.
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --format csv | FileCheck %s --check-prefix=PLAIN
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --setup half | FileCheck %s --check-prefix=SETUP
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --setup half --format csv | FileCheck %s --check-prefix=SETUPCSV
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --collectives tree_allreduce --format csv | FileCheck %s --check-prefix=TREE
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --collectives trees --format csv | FileCheck %s --check-prefix=TREE
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --dataset 128000 --format csv | FileCheck %s --check-prefix=DATASET
// RUN: %ringline advise %s --model tiny --gpus 8 --compute roofline --format csv | FileCheck %s --check-prefix=FN
// RUN: %ringline advise %s --model 'tiny(64)' --gpus 8 --compute roofline --format csv | FileCheck %s --check-prefix=CALL
// RUN: %ringline advise --model gpt2_small --cluster dgx_a100_pod --gpus 8 --global-batch 512 --top 1 --dataset 1e10 | FileCheck %s --check-prefix=GPT2
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --setup trees | FileCheck %s --check-prefix=NOTSETUP
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --setup hlaf | FileCheck %s --check-prefix=TYPO
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --collectives half | FileCheck %s --check-prefix=NOTCOLL
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model half --gpus 64 | FileCheck %s --check-prefix=NOTNET
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --dataset 0.5 | FileCheck %s --check-prefix=HALFSAMPLE
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.collectives
let half = setup(abci(1)) with { elem = 2 B, dataset = 100000, optimizer = adam }
let trees = Collectives { allreduce = tree_allreduce }
fn tiny(width: Int = 16) -> Network =
  network("tiny", [3, 32, 32], [conv2d(width, 3, p = 1), relu, flatten, dense(10)])

// data at 64 GPUs: 1,281,167 samples an epoch in ceil(1281167 / 2048) = 626 iterations.
// PLAIN: 64,64,{{[0-9]}},data,0.08255939237958006,51.68217962961712,4324770112,
// The setup's optimizer shows in the title; an epoch of 100,000 samples is 49 iterations.
// SETUP:    resnet50 on abci: 32 samples per GPU, half's optimizer, roofline compute; ranked by time
// SETUPCSV: 64,64,{{[0-9]}},data,0.06651192536886061,3.2590843430741696,2366841312,
// A tree allreduce changes data parallelism's time, not its memory.
// TREE: 64,64,{{[0-9]}},data,0.09502733805958005,59.48711362529711,4324770112,
// 128,000 samples: 63 iterations (62.5 rounded up).
// DATASET: 64,64,{{[0-9]}},data,0.08255939237958006,5.2012417199135434,4324770112,
// FN:   8,8,1,data
// CALL: 8,8,1,data
// GPT2: gpt2_small on dgx_a100_pod: global batch 512, seq 1024, bf16
// GPT2: 10000000000 tokens at 8 GPUs: 19074 iterations of the first layout,
// NOTSETUP: ringline: error: --setup names a `Setup` {{.*}}; `trees` is not one [bad_option]
// NOTSETUP: exit 2
// TYPO: --setup:1:1: error: unknown name `hlaf`; did you mean `half`? [unknown_name]
// TYPO: exit 2
// NOTCOLL: ringline: error: --collectives names `Collectives` or an allreduce schedule{{.*}}; `half` is neither [bad_option]
// NOTCOLL: exit 2
// NOTNET: ringline: error: `half` is not a `Network` [bad_option]
// NOTNET: exit 2
// HALFSAMPLE: ringline: error: --dataset takes a whole count of 1 or more; got 0.5 [bad_option]
// HALFSAMPLE: exit 2
