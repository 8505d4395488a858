// Imports: a file that cannot be read is [import_not_found] at the `import` and exits 2
// (for check and eval), with no follow-on errors for the names it would have bound;
// modules that import each other are [import_cycle], exit 1, and the message shows
// the chain.
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline check %S/Inputs/imports_missing.rl | FileCheck %s --check-prefix=MISSING
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline eval %S/Inputs/imports_missing_uses.rl | FileCheck %s --check-prefix=USES
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline check %s | FileCheck %s --check-prefix=HERE
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %S/Inputs/cycle_a.rl | FileCheck %s --check-prefix=CYCLE2
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %S/Inputs/cycle_c.rl | FileCheck %s --check-prefix=CYCLE3
// RUN: %python %S/../robust/Inputs/run_limited.py 1 20 %ringline check %S/Inputs/self_import.rl | FileCheck %s --check-prefix=SELF
import "Inputs/not_there.rl"
import stdlib.not_there_either
scenario s {
  report r = 1
}

// MISSING: imports_missing.rl:2:1: error: cannot read `{{.*}}no_such_file.rl`: No such file or directory [import_not_found]
// MISSING-NEXT: import "no_such_file.rl"
// MISSING-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~
// MISSING-NEXT: exit 2

// USES: imports_missing_uses.rl:2:1: error: cannot read `{{.*}}no_such_file.rl`: No such file or directory [import_not_found]
// USES: imports_missing_uses.rl:3:1: error: cannot read `{{.*}}no_such_either.rl`: No such file or directory [import_not_found]
// USES-NOT: error
// USES: exit 2

// HERE: fail_imports.rl:11:1: error: cannot read `{{.*}}Inputs/not_there.rl`: No such file or directory [import_not_found]
// HERE: fail_imports.rl:12:1: error: cannot read `{{.*}}stdlib/not_there_either.rl`: No such file or directory [import_not_found]
// HERE-NEXT: import stdlib.not_there_either
// HERE: exit 2

// CYCLE2: cycle_b.rl:2:1: error: import cycle: cycle_a.rl -> cycle_b.rl -> cycle_a.rl [import_cycle]
// CYCLE2-NEXT: import "cycle_a.rl"
// CYCLE2-NOT: error
// CYCLE2: exit 1

// CYCLE3: cycle_e.rl:2:1: error: import cycle: cycle_c.rl -> cycle_d.rl -> cycle_e.rl -> cycle_c.rl [import_cycle]
// CYCLE3-NOT: error
// CYCLE3: exit 1

// SELF: self_import.rl:2:1: error: import cycle: self_import.rl -> self_import.rl [import_cycle]
// SELF: exit 1

// A module name one edit from a module beside it gets a did-you-mean, dotted as written;
// a misspelt folder is matched too; a folder is no module, and its modules are named; a
// name close to a folder only is not offered it.
// RUN: rm -rf %t && mkdir -p %t && printf 'import stdlib.hardwre\nimport stdlib.models.resnt\nimport stdlib.modls.vgg\nimport stdlib.models\nimport stdlib.nope\nlet x = 1\n' > %t/typo.rl
// RUN: %python %S/../robust/Inputs/run_limited.py 2 20 %ringline check %t/typo.rl | FileCheck %s --check-prefix=TYPO
// TYPO: typo.rl:1:1: error: cannot read `{{.*}}hardwre.rl`: No such file or directory; did you mean `stdlib.hardware`? [import_not_found]
// TYPO: typo.rl:2:1: error: cannot read `{{.*}}resnt.rl`: No such file or directory; did you mean `stdlib.models.resnet`? [import_not_found]
// TYPO: typo.rl:3:1: error: cannot read `{{.*}}modls/vgg.rl`: No such file or directory; did you mean `stdlib.models.vgg`? [import_not_found]
// TYPO: typo.rl:4:1: error: cannot read `{{.*}}stdlib/models.rl`: No such file or directory; `stdlib.models` is a folder: import a module in it (`stdlib.models.alexnet`, `stdlib.models.all`, `stdlib.models.cosmoflow`, `stdlib.models.densenet`, ...) [import_not_found]
// TYPO: typo.rl:5:1: error: cannot read `{{.*}}stdlib/nope.rl`: No such file or directory [import_not_found]
