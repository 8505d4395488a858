// `-o` never lies and never damages: a device node, a FIFO or the spec itself is refused
// (exit 2, nothing written); the temporary file is created fresh beside the target, so a
// planted `OUT.tmp` symlink is not followed; a write that fails (here a file-size limit)
// is exit 2 with a message and leaves no output and no temporary behind.
// RUN: rm -rf %t && mkdir -p %t && mkfifo %t/fifo && cp %s %t/spec.rl
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s -o /dev/null | FileCheck %s --check-prefix=DEV
// RUN: test -c /dev/null
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %s -o %t/fifo | FileCheck %s --check-prefix=FIFO
// RUN: test -p %t/fifo
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline sweep %t/spec.rl -o %t/spec.rl | FileCheck %s --check-prefix=INPUT
// RUN: cmp %s %t/spec.rl
// RUN: echo keep > %t/victim.txt && ln -s %t/victim.txt %t/out.csv.tmp
// RUN: %ringline sweep %s -o %t/out.csv
// RUN: FileCheck %s --check-prefix=VICTIM < %t/victim.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/out.csv
// RUN: %python %S/Inputs/fsize_limited.py 2000 %ringline sweep %s --set n=1..100000+1 -o %t/big.csv | FileCheck %s --check-prefix=FULL
// RUN: not ls %t/big.csv %t/big.csv.*
scenario s {
  param n: Int in 1 .. 10 step +1
  report r = n * 2
}
// DEV: ringline: error: will not write `/dev/null`: it is not a regular file (write to stdout and redirect instead) [file_error]
// DEV: exit 2
// FIFO: ringline: error: will not write `{{.*}}fifo`: it is not a regular file
// INPUT: ringline: error: will not write `{{.*}}spec.rl`: it is an input of this run [file_error]
// VICTIM: keep
// OUT: n,r
// OUT-NEXT: 1,2
// FULL: ringline: error: cannot write `{{.*}}big.csv`: the write failed (disk full or a size limit?) [file_error]
// FULL: exit 2
