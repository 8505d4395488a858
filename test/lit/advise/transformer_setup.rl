// `advise` for a transformer takes the run's Setup as the network advise does: a spec's
// collective schedules (`--collectives`, all three or one allreduce), a device replacing the
// cluster's (`--device`), a whole `Setup` (`--setup`) and an `Optimizer` (`--optimizer`).
// A schedule three times slower than the ring slows the data-parallel layout's gradient
// reduction (ZeRO-0: an allreduce; ZeRO-1: a reduce-scatter and an allgather) and the
// tensor-parallel layout's allreduces; the H100 runs the A100 pod's layouts faster; SGD
// keeps no optimizer moments. Layouts are pinned, so each run is one layout, and its
// communication is not overlapped, so that a schedule's time shows in the iteration's.
// DEFINE: %{run} = --overlap-grads=false --overlap-tp=false --model gpt:layers=12,hidden=2048,heads=16 --cluster dgx_a100_pod --gpus 16 --global-batch 64 --pp 1 --micro-batch 4 --recompute full --sequence-parallel=false --top 1 --format csv
// DEFINE: %{dp} = %{run} --tp 1 --zero 1
// DEFINE: %{tp} = %{run} --tp 8 --zero 1
// RUN: %python %S/Inputs/compare_rows.py iter[s] '<' -- %ringline advise %s %{dp} -- %ringline advise %s %{dp} --collectives slow | FileCheck %s --check-prefix=DP
// RUN: %python %S/Inputs/compare_rows.py exposed[s] '<' -- %ringline advise %s %{dp} -- %ringline advise %s %{dp} --collectives slow | FileCheck %s --check-prefix=DPEXP
// RUN: %python %S/Inputs/compare_rows.py iter[s] '<' -- %ringline advise %s %{dp} --zero 0 -- %ringline advise %s %{dp} --zero 0 --collectives slow_allreduce | FileCheck %s --check-prefix=ONE
// RUN: %python %S/Inputs/compare_rows.py iter[s] '==' -- %ringline advise %s %{dp} -- %ringline advise %s %{dp} --collectives slow_allreduce | FileCheck %s --check-prefix=ZERO1
// RUN: %python %S/Inputs/compare_rows.py iter[s] '<' -- %ringline advise %s %{tp} -- %ringline advise %s %{tp} --collectives slow | FileCheck %s --check-prefix=TP
// RUN: %python %S/Inputs/compare_rows.py iter[s] '==' -- %ringline advise %s %{tp} --collectives slow -- %ringline advise %s %{tp} --setup slow_setup | FileCheck %s --check-prefix=SETUP
// RUN: %python %S/Inputs/compare_rows.py iter[s] '>' -- %ringline advise %s %{tp} -- %ringline advise %s %{tp} --device h100_sxm5 | FileCheck %s --check-prefix=DEVICE
// RUN: %python %S/Inputs/compare_rows.py optimizer[B] '>' -- %ringline advise %s %{tp} -- %ringline advise %s %{tp} --optimizer sgd | FileCheck %s --check-prefix=SGD
// RUN: %python %S/Inputs/compare_rows.py optimizer[B] '==' -- %ringline advise %s %{tp} --optimizer sgd -- %ringline advise %s %{tp} --setup sgd_setup | FileCheck %s --check-prefix=SETUPOPT
// RUN: %ringline advise %s %{tp} --device h100_sxm5 --collectives slow --optimizer sgd --format table | FileCheck %s --check-prefix=TITLE
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s %{tp} --collectives not_one | FileCheck %s --check-prefix=NOTCOLL
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s %{tp} --device slow | FileCheck %s --check-prefix=NOTDEV
// RUN: %python %S/../driver/Inputs/expect_exit.py 2 %ringline advise %s %{tp} --optimizer slow | FileCheck %s --check-prefix=NOTOPT
import stdlib.hardware
import stdlib.collectives
import stdlib.strategies
import stdlib.megatron

fn slow_allreduce(n: B, p: Int, l: Link) -> s = 3 * ring_allreduce(n, p, l)
fn slow_allgather(n: B, p: Int, l: Link) -> s = 3 * ring_allgather(n, p, l)
fn slow_reduce_scatter(n: B, p: Int, l: Link) -> s = 3 * ring_reduce_scatter(n, p, l)
let slow = Collectives { allreduce = slow_allreduce, allgather = slow_allgather, reduce_scatter = slow_reduce_scatter }
let slow_setup = llm_setup(dgx_a100_pod(1)) with { coll = slow }
let sgd_setup = llm_setup(dgx_a100_pod(1)) with { optimizer = sgd }
let not_one = 3

// DP: iter[s]: {{.*}} < {{.*}}
// DPEXP: exposed[s]: {{.*}} < {{.*}}
// ONE: iter[s]: {{.*}} < {{.*}}
// A lone allreduce schedule leaves ZeRO-1's reduce-scatter and allgather as they were.
// ZERO1: iter[s]: [[T:.*]] == [[T]]
// TP: iter[s]: {{.*}} < {{.*}}
// SETUP: iter[s]: [[T:.*]] == [[T]]
// DEVICE: iter[s]: {{.*}} > {{.*}}
// SGD: optimizer[B]: {{.*}} > {{.*}}
// SETUPOPT: optimizer[B]: [[O:.*]] == [[O]]
// TITLE: gpt:layers=12,hidden=2048,heads=16 on dgx_a100_pod: global batch 64, seq 2048, bf16, device h100_sxm5, collectives slow, sgd, fused attention, gradient reduction after backward, TP communication exposed;
// NOTCOLL: error: --collectives names `Collectives` or an allreduce schedule, `fn(B, Int, Link) -> s` (stdlib/collectives.rl); `not_one` is neither [bad_option]
// NOTDEV: error: `slow` is not a `Device` (see stdlib/hardware.rl) [bad_option]
// NOTOPT: error: --optimizer names an `Optimizer` (sgd, momentum, adam or the spec's own); `slow` is not one [bad_option]
