// examples/llama3_70b_run.rl, a spec that calls stdlib.run_cost, gives the run that
// `advise --dataset` gives for the same layout, in every format: the worked example of
// docs/run-cost.md (Llama 3 70B, 15T tokens, 2,048 H100s).
// RUN: %ringline eval %examples/llama3_70b_run.rl | FileCheck %s --check-prefix=EVAL
// EVAL: iter                = 1.84577 s
// EVAL: iterations          = 3.57628e+06
// EVAL: days                = 77.744
// EVAL: gpu_hours           = 3.82128e+06
// EVAL: energy              = 3841.2
// EVAL: cost                = 9.5532e+06 USD
// EVAL: interruptions       = 75.419
// EVAL: lost                = 17.89
// EVAL: checkpoint          = 0.987752 TB
// EVAL: checkpoint_interval = 15.7035 min
// EVAL: goodput             = 0.982712
// RUN: %ringline advise --model llama3_70b --cluster dgx_h100_pod --gpus 2048 --global-batch 512 --dataset 15e12 --top 1 --format csv | FileCheck %s --check-prefix=CSV
// CSV: exposed[s],days,gpu_hours,energy[J],cost[USD],interruptions,checkpoint_interval[s],goodput,tight,feasible
// CSV-NEXT: 2048,1,8,1,256,2,1,none,true,3,1.845765{{[0-9]*}},{{.*}},77.744{{[0-9]*}},382128{{[0-9.]*}},1382843{{[0-9.]*}},955320{{[0-9.]*}},75.419{{[0-9]*}},942.210{{[0-9]*}},0.982712{{[0-9]*}},false,true
// RUN: %ringline advise --model llama3_70b --cluster dgx_h100_pod --gpus 2048 --global-batch 512 --dataset 15e12 --top 1 --format json | FileCheck %s --check-prefix=JSON
// JSON: {"name":"days","unit":""},{"name":"gpu_hours","unit":""},{"name":"energy","unit":"J"},{"name":"cost","unit":"USD"},{"name":"interruptions","unit":""},{"name":"checkpoint_interval","unit":"s"},{"name":"goodput","unit":""}
// RUN: %ringline advise --model llama3_70b --cluster dgx_h100_pod --gpus 2048 --global-batch 512 --dataset 15e12 --top 1 | FileCheck %s --check-prefix=TABLE
// TABLE: days      GPU-h  energy [MWh]  cost [USD]  interruptions  checkpoint [min]  goodput  binding
// TABLE: 77.7  3.821e+06          3841   9.553e+06             75              15.7    98.3%  memory 57%
// TABLE: 15000000000000 tokens at 2048 GPUs: 3576279 iterations of the first layout, 77.7 days, 3.821e+06 GPU-hours, 3841 MWh, 9.553e+06 USD; 75 interruptions, a checkpoint every 942 s, goodput 98.3%
// Ranked by the run's energy and cost; without --dataset the run is one iteration.
// RUN: %ringline advise --model llama3_8b --cluster dgx_h100_pod --gpus 64 --global-batch 256 --goal energy --top 3 --format csv | FileCheck %s --check-prefix=ENERGY
// ENERGY: gpus,rank
// RUN: %ringline advise --model llama3_8b --cluster dgx_h100_pod --gpus 64 --global-batch 256 --goal energy --top 3 | FileCheck %s --check-prefix=TITLE
// TITLE: ranked by the energy of an iteration
