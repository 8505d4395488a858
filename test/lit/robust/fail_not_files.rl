// Files that are not regular files: a spec, an import or a kernel bundle that names a
// device, a FIFO or a directory is refused before it is opened (exit 2 with a message, or
// a diagnostic at the import), never read until memory runs out or blocked on.
// RUN: rm -rf %t && mkdir -p %t && mkfifo %t/fifo && mkfifo %t/fifo.rl && ln -s /dev/zero %t/devzero.rl
// RUN: printf 'import "devzero.rl"\nscenario s { report r = 1 }\n' > %t/zero.rl
// RUN: printf 'import "fifo.rl"\nscenario s { report r = 1 }\n' > %t/fifo_import.rl
// RUN: printf 'let b = mlp_bundle("/dev/zero")\nscenario s { report r = mlp_has(b, "gemm_fwd") }\n' > %t/bundle.rl
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check --allow-path /dev %t/zero.rl 2>&1 | FileCheck %s --check-prefix=ZERO
// Without --allow-path, /dev is outside the spec's tree: refused before it is looked at.
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/zero.rl 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/fifo_import.rl 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: %python %S/Inputs/run_limited.py 1 20 %ringline check --allow-path /dev %t/bundle.rl 2>&1 | FileCheck %s --check-prefix=BUNDLE
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check /dev/zero 2>&1 | FileCheck %s --check-prefix=DEVZERO
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline eval /dev/urandom 2>&1 | FileCheck %s --check-prefix=URANDOM
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/fifo 2>&1 | FileCheck %s --check-prefix=SPECFIFO
// OUTSIDE: zero.rl:1:1: error: a spec reads only files in its own folder tree and the standard library; `{{.*}}devzero.rl` is outside them (to import it, allow its folder with `--allow-path DIR`) [path_not_allowed]
// ZERO: zero.rl:1:1: error: cannot read `{{.*}}devzero.rl`: not a regular file (a device, FIFO or socket) [import_not_found]
// FIFO: fifo_import.rl:1:1: error: cannot read `{{.*}}fifo.rl`: not a regular file (a device, FIFO or socket) [import_not_found]
// BUNDLE: bundle.rl:1:20: error: cannot read `/dev/zero`: not a regular file (a device, FIFO or socket) [bad_bundle]
// DEVZERO: ringline: error: cannot read `/dev/zero`: not a regular file (a device, FIFO or socket) [file_error]
// URANDOM: ringline: error: cannot read `/dev/urandom`: not a regular file (a device, FIFO or socket) [file_error]
// SPECFIFO: ringline: error: cannot read `{{.*}}fifo`: not a regular file (a device, FIFO or socket) [file_error]
// Nor outside the tree by `..`, nor a bundle, whether or not the file exists.
// RUN: printf 'import "../../../../../../../etc/passwd"\nscenario s { report r = 1 }\n' > %t/up.rl
// RUN: printf 'let b = mlp_bundle("/etc/no-such.rlk")\nscenario s { report r = mlp_has(b, "gemm_fwd") }\n' > %t/nobundle.rl
// RUN: %python %S/Inputs/run_limited.py 2 20 %ringline check %t/up.rl 2>&1 | FileCheck %s --check-prefix=UP
// RUN: %python %S/Inputs/run_limited.py 1 20 %ringline check %t/nobundle.rl 2>&1 | FileCheck %s --check-prefix=NOBUNDLE
// UP: up.rl:1:1: error: a spec reads only files in its own folder tree and the standard library; `{{.*}}etc/passwd` is outside them (to import it, allow its folder with `--allow-path DIR`) [path_not_allowed]
// UP-NOT: root:
// NOBUNDLE: nobundle.rl:1:20: error: a spec reads only files in its own folder tree and the standard library; `/etc/no-such.rlk` is outside them (to load it, allow its folder with `--allow-path DIR`) [path_not_allowed]
