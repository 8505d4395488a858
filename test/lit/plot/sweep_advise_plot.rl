// `sweep --plot` and `advise --plot` draw their own rows as `plot` draws a file: sweep's
// x is its first param given several values, y its first report, a line per value of its
// second such param, titled by the scenario; a Pareto front puts its two reports on the
// axes; `advise` draws the goal's measure against the GPU count on log axes, one line per
// strategy where it is feasible, and `advise -o` writes the CSV that `plot` reads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/sweep.gp %ringline sweep %s --plot %t/sweep.svg | FileCheck %s --check-prefix=ROWS
// RUN: FileCheck %s --check-prefix=SWEEP < %t/sweep.gp
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/pareto.gp %ringline sweep %s --pareto time,-steps --plot %t/pareto.svg
// RUN: FileCheck %s --check-prefix=PARETO < %t/pareto.gp
// RUN: %ringline sweep %s --set bw=10GB/s --plot %t/one.svg --y steps --y time
// RUN: %python %S/Inputs/svg_summary.py %t/one.svg | FileCheck %s --check-prefix=ONE
// RUN: %ringline advise --model resnet50 --gpus 16,1024 --compute roofline -o %t/advise.csv --plot %t/advise.svg
// RUN: %python %S/Inputs/svg_summary.py %t/advise.svg | FileCheck %s --check-prefix=ADVISE
// RUN: %ringline plot %t/advise.csv --x gpus --y epoch --logx --logy -o %t/again.svg
// RUN: %python %S/Inputs/svg_summary.py %t/again.svg | FileCheck %s --check-prefix=ADVISE-LINES
// RUN: env RINGLINE_GNUPLOT=%S/Inputs/fake_gnuplot.py FAKE_GNUPLOT_SCRIPT=%t/memory.gp %ringline advise --model resnet50 --gpus 16,1024 --compute roofline --goal memory --plot %t/memory.svg > %t/memory.txt
// RUN: FileCheck %s --check-prefix=MEMORY < %t/memory.gp
// RUN: FileCheck %s --check-prefix=TABLE < %t/memory.txt
scenario ring {
  param p: Int in [1, 2, 4, 8]
  param bw: B/s = 10 GB/s in [10 GB/s, 100 GB/s]
  report time = if p == 1 then 0 s else 2 * (p - 1) * 1 GB / p / bw in ms
  report steps = 2 * (p - 1)
}

// The rows still go to stdout.
// ROWS:      p,bw[GB/s],time[ms],steps
// ROWS-NEXT: 1,10,0,0

// SWEEP:      set title 'ring'
// SWEEP-NEXT: set xlabel 'p'
// SWEEP-NEXT: set ylabel 'time [ms]'
// SWEEP:      $d0 << EOD
// SWEEP-NEXT: 1 0
// SWEEP-NEXT: 2 100
// SWEEP:      plot $d0 {{.*}} title 'bw=10 GB/s', \
// SWEEP-NEXT:   $d1 {{.*}} title 'bw=100 GB/s'

// The front: the least time, the most steps.
// PARETO:      set xlabel 'time [ms]'
// PARETO-NEXT: set ylabel 'steps'
// PARETO:      $d0 << EOD
// PARETO-NEXT: 0 0
// PARETO-NEXT: 10 2
// PARETO-NEXT: 15 6
// PARETO-NEXT: 17.5 14
// PARETO-NEXT: EOD
// PARETO-NEXT: plot $d0 {{.*}} title 'steps'

// ONE:      text: steps, time [ms]
// ONE:      series: 2
// ONE-NEXT: series 'steps' paths=1 points=4
// ONE-NEXT: series 'time' paths=1 points=4

// Eight strategies are feasible at 16 GPUs (data+filter/4 fits a V100's 16 GiB); `pipeline`
// breaks memory at 1024, so its line has one point. The three that break a constraint at
// both counts get no line.
// ADVISE:      text: epoch [s]
// ADVISE-NEXT: text: gpus
// ADVISE:      text: resnet50 on abci: 32 samples per GPU, sgd, roofline compute
// ADVISE-NEXT: series: 8
// ADVISE-NEXT: series 'data_overlap' paths=1 points=2
// ADVISE-NEXT: series 'data+spatial/4' paths=1 points=2
// ADVISE-NEXT: series 'data' paths=1 points=2
// ADVISE-NEXT: series 'data+pipeline/2' paths=1 points=2
// ADVISE-NEXT: series 'data+pipeline/4' paths=1 points=2
// ADVISE-NEXT: series 'data+filter/4' paths=1 points=2
// ADVISE-NEXT: series 'pipeline' paths=1 points=1
// ADVISE-NEXT: series 'pipeline_1f1b' paths=1 points=1
// ADVISE-LINES: series: 8
// ADVISE-LINES: series 'pipeline' paths=1 points=1

// --goal memory draws the memory per GPU, on a base-2 GPU axis; the table is unchanged.
// The least memory first: 1F1B's pipeline, feasible at 16 GPUs alone (resnet50's 174
// layers cannot use 1024).
// MEMORY:      set ylabel 'memory [B]'
// MEMORY:      set logscale x 2
// MEMORY-NEXT: set logscale y 10
// MEMORY-NEXT: $d0 << EOD
// MEMORY-NEXT: 16 {{[0-9.e+]+}}
// MEMORY-NEXT: EOD
// MEMORY-NEXT: $d1 << EOD
// MEMORY-NEXT: 16 {{[0-9.e+]+}}
// MEMORY-NEXT: 1024 {{[0-9.e+]+}}
// TABLE: resnet50 on abci: 32 samples per GPU, sgd, roofline compute; ranked by memory
