// Files that are not regular files: a spec, an import or a kernel bundle that names a
// device, a FIFO or a directory is refused before it is opened (exit 2 with a message, or
// a diagnostic at the import), never read until memory runs out or blocked on.
// RUN: rm -rf %t && mkdir -p %t && mkfifo %t/fifo
// RUN: printf 'import "/dev/zero"\nscenario s { report r = 1 }\n' > %t/zero.rl
// RUN: printf 'import "fifo"\nscenario s { report r = 1 }\n' > %t/fifo_import.rl
// RUN: printf 'let b = mlp_bundle("/dev/zero")\nscenario s { report r = mlp_has(b, "gemm_fwd") }\n' > %t/bundle.rl
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/zero.rl 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/fifo_import.rl 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: %python %S/Inputs/run_limited.py 1 20 %ringline check %t/bundle.rl 2>&1 | FileCheck %s --check-prefix=BUNDLE
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check /dev/zero 2>&1 | FileCheck %s --check-prefix=DEVZERO
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline eval /dev/urandom 2>&1 | FileCheck %s --check-prefix=URANDOM
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/fifo 2>&1 | FileCheck %s --check-prefix=SPECFIFO
// ZERO: zero.rl:1:1: error: cannot read `/dev/zero`: not a regular file (a device, FIFO or socket) [import_not_found]
// FIFO: fifo_import.rl:1:1: error: cannot read `{{.*}}fifo`: not a regular file (a device, FIFO or socket) [import_not_found]
// BUNDLE: bundle.rl:1:20: error: cannot read `/dev/zero`: not a regular file (a device, FIFO or socket) [bad_bundle]
// DEVZERO: ringline: error: cannot read `/dev/zero`: not a regular file (a device, FIFO or socket)
// URANDOM: ringline: error: cannot read `/dev/urandom`: not a regular file (a device, FIFO or socket)
// SPECFIFO: ringline: error: cannot read `{{.*}}fifo`: not a regular file (a device, FIFO or socket)
