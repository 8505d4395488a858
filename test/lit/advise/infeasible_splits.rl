// A search in which no layout can run shows its least broken rows, every one infeasible
// and naming what it breaks, for the constraints of context and expert parallelism too
// (rows once came back `feasible=true` with no constraint: the search decoded its
// `broken` mask with a list that lacked them). The names are the plan's own.
// RUN: %ringline advise --backend auto --model gpt2_small --cluster dgx_a100_pod --gpus 8 --global-batch 64 --cp 2 --seq 1001 --top 4 --format csv | FileCheck %s --check-prefix=CP
// RUN: %ringline advise --backend auto --model mixtral_8x7b --cluster dgx_h100_pod --gpus 64 --global-batch 256 --ep 3 --top 4 --format csv | FileCheck %s --check-prefix=EP
// RUN: %ringline advise --backend auto --model gpt2_small --cluster dgx_a100_pod --gpus 8 --global-batch 64 --ep 2 --top 4 --format csv | FileCheck %s --check-prefix=DENSE
// RUN: %ringline advise --backend auto --model gpt2_small --cluster dgx_a100_pod --gpus 8 --global-batch 64 --cp 2 --seq 1001 --top 2 | FileCheck %s --check-prefix=TABLE

// CP:      gpus,rank,t,p,d,micro,
// CP-COUNT-4: {{^8,0,.*,false,seq % c = 0,seq % c = 0$}}
// CP-NOT:  {{.}}
// EP:      gpus,rank,t,p,d,e,micro,
// EP-COUNT-4: {{^64,0,.*,3,.*,false,"experts % e = 0, e divides t d c / etp","experts % e = 0, e divides t d c / etp"$}}
// EP-NOT:  {{.}}
// DENSE:   gpus,rank,t,p,d,micro,
// DENSE-COUNT-4: {{^8,0,.*,false,"experts % e = 0, e divides t d c / etp","experts % e = 0, e divides t d c / etp"$}}
// DENSE-NOT: {{.}}
// TABLE:      8     -   {{.*}}  breaks `seq % c = 0`
// TABLE-NEXT: 8     -   {{.*}}  breaks `seq % c = 0`
// TABLE-NEXT: 8 GPUs: 0 of 15360 layouts feasible
// TABLE:      seq % c = 0                   15360
