// advise takes a spec's Setups, collectives and networks built by functions, and its
// errors point at the option's text: --setup gives every field but the cluster and device
// (here 2-byte elements, Adam, 100,000 samples an epoch), --collectives a `Collectives` or
// one allreduce schedule, --dataset the samples per epoch (a transformer's tokens), and
// --model a function whose parameters have defaults or an expression calling one.
// The transformer search names `--backend auto`: forced onto the JIT it compiles every
// variant (test/lit/advise/transformers.rl).
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --format csv | FileCheck %s --check-prefix=PLAIN
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --setup half | FileCheck %s --check-prefix=SETUP
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --setup half --format csv | FileCheck %s --check-prefix=SETUPCSV
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --collectives tree_allreduce --format csv | FileCheck %s --check-prefix=TREE
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --collectives trees --format csv | FileCheck %s --check-prefix=TREE
// RUN: %ringline advise %s --model resnet50 --gpus 64 --compute roofline --dataset 128000 --format csv | FileCheck %s --check-prefix=DATASET
// RUN: %ringline advise %s --model tiny --gpus 8 --compute roofline --format csv | FileCheck %s --check-prefix=FN
// RUN: %ringline advise %s --model 'tiny(64)' --gpus 8 --compute roofline --format csv | FileCheck %s --check-prefix=CALL
// RUN: %ringline advise --backend auto --model gpt2_small --cluster dgx_a100_pod --gpus 8 --global-batch 512 --top 1 --dataset 1e10 | FileCheck %s --check-prefix=GPT2
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --setup trees | FileCheck %s --check-prefix=NOTSETUP
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --setup hlaf | FileCheck %s --check-prefix=TYPO
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --collectives half | FileCheck %s --check-prefix=NOTCOLL
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model half --gpus 64 | FileCheck %s --check-prefix=NOTNET
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model resnet50 --gpus 64 --dataset 0.5 | FileCheck %s --check-prefix=HALFSAMPLE
// RUN: %ringline advise --model resnet50 --cluster dgx_h100_pod --gpus 64 --compute roofline --precision bf16 --format csv | FileCheck %s --check-prefix=BF16
// RUN: %ringline advise --model resnet50 --cluster dgx_h100_pod --gpus 64 --compute roofline --precision fp32 --format csv | FileCheck %s --check-prefix=FP32
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model resnet50 --precision fp9 | FileCheck %s --check-prefix=FP9
// RUN: not %ringline advise --model resnet50 --cluster abci --gpus 16 --precision fp8 2>&1 | FileCheck %s --check-prefix=NOFP8
import stdlib.hardware
import stdlib.layers
import stdlib.strategies
import stdlib.collectives
let half = setup(abci(1)) with { elem = 2 B, dataset = 100000, optimizer = adam }
let trees = Collectives { allreduce = tree_allreduce }
fn tiny(width: Int = 16) -> Network =
  network("tiny", [3, 32, 32], [conv2d(width, 3, p = 1), relu, flatten, dense(10)])

// data at 64 GPUs: 1,281,167 samples an epoch in ceil(1281167 / 2048) = 626 iterations.
// PLAIN: 64,64,{{[0-9]}},data,0.08639294717958006,54.081984934417115,4324770112,
// The setup's optimizer shows in the title; an epoch of 100,000 samples is 49 iterations.
// SETUP:    resnet50 on abci: 32 samples per GPU, half's optimizer, roofline compute; ranked by time
// SETUPCSV: 64,64,{{[0-9]}},data,0.06842870276886061,3.35300643567417,2366841312,
// A tree allreduce changes data parallelism's time, not its memory.
// TREE: 64,64,{{[0-9]}},data,0.11138383853958006,69.72628292577711,4324770112,
// 128,000 samples: 63 iterations (62.5 rounded up).
// DATASET: 64,64,{{[0-9]}},data,0.08639294717958006,5.4427556723135435,4324770112,
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
// --precision sets the element size, master weights and the math's peak together
// (stdlib.strategies' with_precision): bf16 on H100s runs data parallelism 3.6 times
// faster than fp32, with the same bytes per parameter and half the activation memory.
// BF16: 64,64,{{[0-9]}},data,0.005439709139677727,3.405257921438257,2264613184,
// FP32: 64,64,{{[0-9]}},data,0.019430962218752908,12.16378234893932,4324770112,
// FP9: ringline: error: unknown --precision `fp9`; use fp32, tf32, fp16, bf16, amp or fp8 [bad_option]
// FP9: exit 2
// NOFP8: error: V100-SXM2-16GB has no FP8 tensor cores (its peak_fp8 is 0); use bf16 or amp [user_error]
