// `ringline advise` for a transformer: every layout of GPT-3 175B on 1,024 of Selene's
// A100s at a global batch of 1,536 (stdlib.advise_llm's layout_search, swept), the layouts
// each constraint rules out, pinned layouts that cannot run naming what they break, a
// spec's transformer and cluster, `--model gpt:...` and its mistakes, CSV and JSON.
// A search forced onto the JIT compiles each of its variants, hundreds of modules (eight
// minutes for this file in the JIT suite, $RINGLINE_BACKEND=jit): the searches name
// `--backend auto`, which picks per variant; pinned layouts run on the suite's backend.
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --cluster selene --gpus 1024 --global-batch 1536 --top 10 --threads 1 | FileCheck %s --check-prefix=TOP
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --top 25 --format csv | FileCheck %s --check-prefix=PUBLISHED
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --top 2 --format json | FileCheck %s --check-prefix=JSON
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --dp 4 --micro-batch 5 --interleave 1 --recompute full --sequence-parallel=false --zero 2 | FileCheck %s --check-prefix=PINNED
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --dp 4 --top 1 --format csv | FileCheck %s --check-prefix=TPD
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt:layers=24,hidden=2560,heads=20 --gpus 64 --global-batch 512 --tp 8 --top 1 --format csv | FileCheck %s --check-prefix=HEADS
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --interleave 4 --top 1 --format csv | FileCheck %s --check-prefix=LAYERS
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --micro-batch 5 --top 1 --format csv | FileCheck %s --check-prefix=BATCH
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --micro-batch 8 --interleave 2 --top 1 --format csv | FileCheck %s --check-prefix=MICRO
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --zero 2 --top 1 --format csv | FileCheck %s --check-prefix=ZERO
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 1 --recompute none --zero 0 --top 1 --format csv | FileCheck %s --check-prefix=MEMORY
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --sequence-parallel --recompute selective --top 3 --format csv | FileCheck %s --check-prefix=SP
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto %s --model small --cluster mine --gpus 32 --global-batch 512 --top 2 --goal memory | FileCheck %s --check-prefix=SPEC
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --cluster dgx_h100_pod --gpus 1024 --global-batch 1536 --tp 4 --pp 8 --dp 32 --micro-batch 2 --interleave 6 --recompute selective --sequence-parallel --zero 1 --top 1 --format csv | FileCheck %s --check-prefix=BF16
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --cluster dgx_h100_pod --gpus 1024 --global-batch 1536 --tp 4 --pp 8 --dp 32 --micro-batch 2 --interleave 6 --recompute selective --sequence-parallel --zero 1 --top 1 --format csv --precision fp8 | FileCheck %s --check-prefix=FP8
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --dp 8 --micro-batch 1 --interleave 3 --recompute selective --sequence-parallel --zero 1 --top 1 --format csv | FileCheck %s --check-prefix=NOOVERLAP
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --dp 8 --micro-batch 1 --interleave 3 --recompute selective --sequence-parallel --zero 1 --top 1 --format csv --overlap-tp | FileCheck %s --check-prefix=OVERLAPTP
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --model gpt3_175b --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --dp 8 --micro-batch 1 --interleave 3 --recompute selective --sequence-parallel=false --zero 1 --top 1 --format csv --overlap-tp | FileCheck %s --check-prefix=NOSP
// RUN: not %ringline advise --model gpt3_175b --cluster selene --gpus 1024 --global-batch 1536 --tp 8 --pp 16 --top 1 --precision fp8 2>&1 | FileCheck %s --check-prefix=NOFP8
// RUN: %ringline advise --flash-attention=false --overlap-grads=false --overlap-tp=false --backend auto --model gpt:layers=96,hidden=12288,heads=96,seq=2048,vocab=51200,ffn=49152 --gpus 1024 --global-batch 1536 --top 1 --format csv | FileCheck %s --check-prefix=DIMS
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt:layers=96,hiden=12288,heads=96 --gpus 1024 --global-batch 1536 | FileCheck %s --check-prefix=BADKEY
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt:layers=96,hidden=12288,heads=x --gpus 1024 --global-batch 1536 | FileCheck %s --check-prefix=BADVALUE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt:layers=96,hidden=12288 --gpus 1024 --global-batch 1536 | FileCheck %s --check-prefix=MISSINGKEY
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt:layers=96,hidden=12288,heads=97 --gpus 1024 --global-batch 1536 | FileCheck %s --check-prefix=DIVIDE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_17b --gpus 1024 --global-batch 1536 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s --model notone --gpus 64 --global-batch 512 | FileCheck %s --check-prefix=NOTONE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1024 | FileCheck %s --check-prefix=NOBATCH
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --global-batch 1536 | FileCheck %s --check-prefix=NOGPUS
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1020 --global-batch 1536 | FileCheck %s --check-prefix=NODES
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1024 --global-batch 1536 --zero 4 | FileCheck %s --check-prefix=ZERO4
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1024 --global-batch 1536 --recompute some | FileCheck %s --check-prefix=RECOMPUTE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model gpt3_175b --gpus 1024 --global-batch 1536 --batch 64 | FileCheck %s --check-prefix=CNNOPT
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise --model resnet50 --gpus 16 --global-batch 64 | FileCheck %s --check-prefix=NETWORK
import stdlib.hardware
import stdlib.megatron
let small = gpt_config("small", 24, 2304, 24)
fn mine(nodes: Int) -> Cluster = selene(nodes) with { name = "mine" }
let notone = 3

// The ten fastest: t 4 and p 8 with selective recomputation, sequence parallelism and
// ZeRO-1 (docs/transformers.md, "Searching layouts", explains why not t 8 p 16); then a
// line per constraint with the layouts it rules out.
// TOP:      gpt3_175b on selene: global batch 1536, seq 2048, bf16, unfused attention, gradient reduction after backward, TP communication exposed; ranked by iteration time
// TOP-NEXT: gpus  rank   t    p    d   b   v  recompute   sp  zero  iter [s]  throughput [TFLOP/s]     MFU  mem/GPU [GB]  weights [GB]  grads [GB]  optim [GB]  activ [GB]  bubble   comm  binding
// TOP-NEXT: 1024     1   4    8   32   1   6  selective  yes     1      18.9                 176.6   56.1%          61.2          11.2        22.5         2.1        23.5    2.2%  11.1%  memory 71%
// TOP-NEXT: 1024     2   4    8   32
// TOP:      1024    10   4    8   32
// TOP-NEXT: 1024 GPUs: 632 of 26880 layouts feasible, searched in {{[0-9.]+}} s; layouts each constraint rules out (a layout may break several):
// TOP-NEXT:   t*p*d = GPUs                  0
// TOP-NEXT:   seq % c = 0                   0
// TOP-NEXT:   experts % e = 0, e divides t d c / etp  0
// TOP-NEXT:   heads % t = 0                 0
// TOP-NEXT:   layers % (p*v) = 0            12480
// TOP-NEXT:   batch % (d*b) = 0             6528
// TOP-NEXT:   micro-batches % p = 0         12432
// TOP-NEXT:   zero <= 3                     0
// TOP-NEXT:   zero <= 1 with pipelining     11520
// TOP-NEXT:   zb_h1, dualpipe: v = 1, p even  0
// TOP-NEXT:   memory                        20287
// TOP-NEXT:   same as another layout        6300
// TOP-NOT:  {{.}}

// The published layout (t 8, p 16, d 8) first appears 25th, 6.6% slower than the best.
// PUBLISHED:      gpus,rank,t,p,d,micro,interleave,recompute,sequence_parallel,zero,iter[s],flops_per_gpu[FLOP/s],mfu,memory[B],weights[B],grads[B],optimizer[B],activations[B],other[B],capacity[B],bubble[s],exposed[s],days,gpu_hours,energy[J],cost[USD],interruptions,checkpoint_interval[s],goodput,tight,feasible,constraint,broken
// PUBLISHED-NEXT: 1024,1,4,8,32,1,6,selective,true,1,18.89
// PUBLISHED-NOT:  {{^1024,[0-9]+,8,16,}}
// PUBLISHED:      1024,25,8,16,8,1,3,none,true,1,20.13{{[0-9]+}},{{.*}},true,"",""
// PUBLISHED-NOT:  {{.}}

// JSON: {"columns":[{"name":"gpus","unit":""},{"name":"rank","unit":""},{"name":"t","unit":""},
// JSON-SAME: {"name":"iter","unit":"s"}
// JSON-SAME: {"name":"memory","unit":"B"}
// JSON-SAME: {"name":"tight","unit":""},{"name":"feasible","unit":""},{"name":"constraint","unit":""},{"name":"broken","unit":""}],"rows":[
// JSON-NEXT: [1024,1,4,8,32,1,6,"selective",true,1,18.89{{[0-9]+}},{{.*}},true,"",""],
// JSON-NEXT: [1024,2,
// JSON-NEXT: ],"searches":[{"gpus":1024,"layouts":26880,"feasible":632,"dropped":{"t*p*d = GPUs":0,"seq % c = 0":0,"experts % e = 0, e divides t d c / etp":0,"heads % t = 0":0,"layers % (p*v) = 0":12480,"batch % (d*b) = 0":6528,"micro-batches % p = 0":12432,"zero <= 3":0,"zero <= 1 with pipelining":11520,"zb_h1, dualpipe: v = 1, p even":0,"memory":20287,"same as another layout":6300}}]}

// A pinned layout that cannot run is a row, unranked, naming every constraint it breaks.
// PINNED:      1024     -   8   16    4   5   1  full        no     2  {{.*}}  breaks `t*p*d = GPUs`, `batch % (d*b) = 0`, `zero <= 1 with pipelining`
// PINNED-NEXT: 1024 GPUs: 0 of 1 layouts feasible
// PINNED-NEXT:   t*p*d = GPUs                  1
// PINNED-NEXT:   seq % c = 0                   0
// PINNED-NEXT:   experts % e = 0, e divides t d c / etp  0
// PINNED-NEXT:   heads % t = 0                 0
// PINNED-NEXT:   layers % (p*v) = 0            0
// PINNED-NEXT:   batch % (d*b) = 0             1

// Each constraint once, as CSV gives it (`feasible`, the first broken, all broken).
// TPD:    1024,0,8,16,4,{{.*}},false,t*p*d = GPUs,t*p*d = GPUs
// HEADS:  64,0,8,1,8,{{.*}},false,heads % t = 0,heads % t = 0
// LAYERS: 1024,0,8,16,8,1,4,{{.*}},false,layers % (p*v) = 0,layers % (p*v) = 0
// BATCH:  1024,0,8,16,8,5,{{.*}},false,batch % (d*b) = 0,batch % (d*b) = 0
// MICRO:  1024,0,8,16,8,8,2,{{.*}},false,micro-batches % p = 0,micro-batches % p = 0
// ZERO:   1024,0,8,16,8,{{.*}},2,{{.*}},false,zero <= 1 with pipelining,zero <= 1 with pipelining
// MEMORY: 1024,0,8,1,128,{{.*}},false,memory,memory

// Pins leave the rest searched.
// SP:      1024,1,8,16,8,{{[0-9]+}},{{[0-9]+}},selective,true,
// SP-NEXT: 1024,2,8,16,8,{{[0-9]+}},{{[0-9]+}},selective,true,
// SP-NEXT: 1024,3,8,16,8,{{[0-9]+}},{{[0-9]+}},selective,true,

// The spec's transformer on the spec's cluster, least memory first.
// SPEC:      small on mine: global batch 512, seq 2048, bf16, unfused attention, gradient reduction after backward, TP communication exposed; ranked by memory per GPU
// SPEC:      32     1
// SPEC-NEXT: 32     2
// SPEC:      32 GPUs: {{[0-9]+}} of {{[0-9]+}} layouts feasible

// GPT-3 by its dimensions is the same search.
// DIMS:      gpus,rank
// DIMS-NEXT: 1024,1,4,8,32,1,6,selective,true,1,18.89

// BADKEY:     ringline: error: unknown key `hiden` in --model gpt:... (did you mean `hidden`?); the keys are layers, hidden, heads, seq, vocab, ffn, kv_heads [bad_option]
// BADKEY:     exit 2
// BADVALUE:   ringline: error: --model gpt: `heads` takes a whole number from 1 to 10^9; got `x` [bad_option]
// MISSINGKEY: ringline: error: --model gpt: needs `heads` {{.*}} [bad_option]
// DIVIDE:     ringline: error: --model gpt: hidden (12288) is not a multiple of heads (97) [bad_option]
// UNKNOWN:    ringline: error: no transformer `gpt3_17b` (did you mean `gpt3_175b`?); the transformers are gpt2_small, gpt2_medium, gpt2_large, gpt2_xl, gpt3_175b, megatron_1_7b, {{.*}} [bad_option]
// NOTONE:     ringline: error: `notone` is not a `Transformer` (stdlib.megatron) [bad_option]
// NOBATCH:    ringline: error: give the global batch, in sequences per iteration, with --global-batch [bad_usage]
// NOGPUS:     ringline: error: give a transformer's GPU count with --gpus (`--gpus 1024`) [bad_usage]
// NODES:      ringline: error: --gpus 1020 is not a whole number of selene's nodes of 8 GPUs [bad_option]
// ZERO4:      ringline: error: --zero takes a ZeRO stage from 0 to 3; got 4 [bad_option]
// RECOMPUTE:  ringline: error: unknown --recompute `some`; use none, selective or full [bad_option]
// CNNOPT:     ringline: error: --batch is for a network's strategies; `gpt3_175b` is a transformer {{.*}} [bad_usage]
// NETWORK:    ringline: error: no transformer `resnet50`; {{.*}} [bad_option]
// NETWORK:    exit 2

// FP8 GEMMs (H100: 1,978.9 TFLOP/s dense against 989.4 at 16 bits) on the fastest bf16
// layout of H100s: 1.42 times faster (the linear layers' GEMMs only, with their casts and
// transposes; the attention core and the output layer stay 16-bit), in the same memory
// (weights, activations and the rest stay 16-bit); MFU is against the 16-bit peak, as FP8
// results are reported.
// BF16: 1024,1,4,8,32,2,6,selective,true,1,7.49341{{[0-9]*}},{{[0-9.e+]+}},0.4460{{[0-9]*}},85215845888,
// FP8:  1024,1,4,8,32,2,6,selective,true,1,5.27264{{[0-9]*}},{{[0-9.e+]+}},0.6338{{[0-9]*}},85215845888,
// NOFP8: error: A100-SXM4-80GB has no FP8 tensor cores (its peak_fp8 is 0); use bf16 [user_error]

// --overlap-tp hides sequence parallelism's allgathers and reduce-scatters behind the GEMMs
// beside them (Megatron-Core's --tp-comm-overlap), down to one of t chunks each: 20.70 s
// becomes 18.66 s on t 8 p 16. Without sequence parallelism there is nothing to overlap.
// NOOVERLAP: 1024,1,8,16,8,1,3,selective,true,1,20.70004{{[0-9]*}},
// OVERLAPTP: 1024,1,8,16,8,1,3,selective,true,1,18.66050{{[0-9]*}},
// NOSP:      1024,1,8,16,8,1,3,selective,false,1,22.06117{{[0-9]*}},
