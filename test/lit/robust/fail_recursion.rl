// Compile-time evaluation that would not end, or would overflow the stack, stops with a
// diagnostic and exit 1: recursion with no static base case ([recursion_limit]), a
// function whose body is a long chain called 150 deep (nesting past the evaluator's depth
// cap, [recursion_limit]), exponential recursion and nested loops over long lists
// ([eval_limit]). The budgets stop each within about 2 CPU seconds on the 2-core dev
// machine; the limits allow 15, as CI's machine has run these 2.8 times slower.
// RUN: %python -c "print('fn down(n: Int) -> Int = down(n + 1)\nscenario s { report r = down(0) }')" > %t.down.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline eval %t.down.rl | FileCheck %s --check-prefix=DOWN
// DOWN: down.rl:1:26: error: calls nested more than 200 deep; is `down` recursive without a static base case? [recursion_limit]
// DOWN: down.rl:2:25: note: in this call of `down` [called_from]
// DOWN-NOT: error
// DOWN: exit 1

// RUN: %python -c "print('fn f(n: Int) -> Int = if n == 0 then 0 else f(n - 1)' + ' + 1' * 19000 + '\nlet y = f(150)')" > %t.deep.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline check %t.deep.rl | FileCheck %s --check-prefix=DEEP
// DEEP: deep.rl:1:45: error: evaluation nested more than 100000 deep, through function calls or `let`s defined by other `let`s; shorten the chain [recursion_limit]
// DEEP: deep.rl:2:9: note: in this call of `f` [called_from]
// DEEP-NOT: error
// DEEP: exit 1

// A chain of 100,000 top-level `let`s, each defined by the next, is as deep.
// RUN: %python -c "print(''.join('let x%%d = x%%d + 1\n' %% (i, i + 1) for i in range(100000)) + 'let x100000 = 0')" > %t.lets.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline check %t.lets.rl | FileCheck %s --check-prefix=LETS
// LETS: error: evaluation nested more than 100000 deep{{.*}}[recursion_limit]
// LETS-NOT: error
// LETS: exit 1

// RUN: %python -c "print('fn fib(n: Int) -> Int = if n < 2 then n else fib(n - 1) + fib(n - 2)\nscenario s { report r = fib(40) }')" > %t.fib.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline eval %t.fib.rl | FileCheck %s --check-prefix=FIB
// FIB: fib.rl:1:{{[0-9]+}}: error: compile-time evaluation passed 20000000 steps here; a recursion that branches (`f(n - 1) + f(n - 2)`) or loops over long lists cost too much [eval_limit]
// FIB: fib.rl:2:25: note: in this call of `fib` [called_from]
// FIB-NOT: error
// FIB: exit 1

// The same recursion with a small argument is fine.
// RUN: %python -c "print('fn fib(n: Int) -> Int = if n < 2 then n else fib(n - 1) + fib(n - 2)\nscenario s { report r = fib(20) }')" > %t.fib_ok.rl
// RUN: %python %S/Inputs/run_limited.py 0 15 %ringline eval %t.fib_ok.rl | FileCheck %s --check-prefix=FIB_OK
// FIB_OK: r = 6765
// FIB_OK: exit 0

// RUN: %python -c "print('let s = sum i in range(1000000): sum j in range(1000000): i * j')" > %t.loops.rl
// RUN: %python %S/Inputs/run_limited.py 1 15 %ringline check %t.loops.rl | FileCheck %s --check-prefix=LOOPS
// LOOPS: loops.rl:1:{{[0-9]+}}: error: compile-time evaluation passed 20000000 steps here{{.*}}[eval_limit]
// LOOPS: exit 1

// The inputs are large; the coverage script reads every .rl file under test/.
// RUN: rm -f %t.lets.rl %t.deep.rl
