// `check`, `eval` and `sweep` agree about a file: an error in a top-level `let` the
// scenario does not use fails all three (exit 1), a file with errors and no scenario
// shows its errors (exit 1, not a usage error), and a spec reached through a symlink loop
// says so.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'let a = a\nscenario s { report r = 1 }\n' > %t/unused.rl
// RUN: printf 'let x = 1 s + 1 B\n' > %t/noscen.rl
// RUN: ln -s loop2.rl %t/loop1.rl && ln -s loop1.rl %t/loop2.rl
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline check %t/unused.rl 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline eval %t/unused.rl 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline sweep %t/unused.rl 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: %python %S/Inputs/expect_exit.py 1 %ringline eval %t/noscen.rl 2>&1 | FileCheck %s --check-prefix=NOSCEN
// RUN: %python %S/Inputs/expect_exit.py 2 %ringline eval %t/loop1.rl 2>&1 | FileCheck %s --check-prefix=LOOP
// A chain of 10^5 top-level lets, each the one before plus 1, passes both.
// RUN: %python -c "print('let a0 = 1'); [print('let a%%d = a%%d + 1' %% (i, i - 1)) for i in range(1, 100000)]; print('scenario s { report r = a99999 }')" > %t/chain.rl
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline check %t/chain.rl 2>&1 | FileCheck %s --check-prefix=CHAINOK
// RUN: %python %S/Inputs/expect_exit.py 0 %ringline eval %t/chain.rl 2>&1 | FileCheck %s --check-prefix=CHAIN
// UNUSED: unused.rl:1:5: error: `a` is defined in terms of itself [cyclic_definition]
// NOSCEN: noscen.rl:1:13: error: left side is `s` but right side is `B`; cannot add them [unit_mismatch]
// CHAINOK: exit 0
// CHAIN: r = 100000
// LOOP: ringline: error: cannot open `{{.*}}loop1.rl`: Too many levels of symbolic links [file_error]
