// Calls: calling a non-function ([not_callable]), wrong arguments ([bad_call]), calls
// nested past the cap ([recursion_limit]) and compile-time evaluation past its step
// budget ([eval_limit]); an error inside a function notes the call ([called_from]).
// RUN: %ringline check --verify-diagnostics --split-input-file %s

let n = 3
// expected-error@+1 {{`Int` is not a function [not_callable]}}
let x = n(1)

// -----
// expected-error@+1 {{`String` is not a function [not_callable]}}
let x = "ring"(2)

// -----
fn f(a: Int, b: Int = 2) -> Int = a + b
// expected-error@+1 {{`f` takes 2 arguments, got 3 [bad_call]}}
let x = f(1, 2, 3)

// -----
fn f(a: Int, b: Int = 2) -> Int = a + b
// expected-error@+1 {{`f` has no parameter `c` [bad_call]}}
let x = f(1, c = 3)

// -----
fn f(a: Int, b: Int = 2) -> Int = a + b
// expected-error@+1 {{parameter `a` of `f` is given twice [bad_call]}}
let x = f(1, a = 3)

// -----
// Positional arguments come first: after `b = 2`, the 1 would bind to `a` by its place.
fn f(a: Int, b: Int = 2) -> Int = a + b
// expected-error@+1 {{a positional argument after a named one in a call of `f` [bad_call]}}
let x = f(b = 2, 1)

// -----
fn f(a: Int, b: Int = 2) -> Int = a + b
// expected-error@+1 {{missing argument `a` of `f` [bad_call]}}
let x = f(b = 1)

// -----
// expected-error@+1 {{built-in functions take no named arguments [bad_call]}}
let x = max(a = 1, b = 2)

// -----
// expected-error@+1 {{`max` takes one list or two or more numbers, got one `Int` [bad_call]}}
let x = max(3)

// -----
// expected-error@+1 {{`min` takes one list or two or more numbers, got nothing [bad_call]}}
let x = min()

// -----
// expected-error@+1 {{`sqrt` takes 1 argument, got 2 [bad_call]}}
let x = sqrt(1, 2)

// -----
// expected-error@+1 {{`roofline` takes 4 arguments, got 2 [bad_call]}}
let x = roofline(1 FLOP, 1 B)

// -----
// expected-error@+1 {{`len` takes one list [bad_call]}}
let x = len(3)

// -----
// expected-error@+1 {{`range` takes one or two `Int`s [bad_call]}}
let x = range(1, 2, 3)

// -----
// A recursion with no static base case: the call that started it is noted.
fn down(n: Int) -> Int = down(n + 1)
// expected-error@-1 {{calls nested more than 200 deep; is `down` recursive without a static base case? [recursion_limit]}}
// expected-note@+1 {{in this call of `down` [called_from]}}
let x = down(0)

// -----
// A static base case ends the recursion: 150 calls deep is fine.
fn count(n: Int) -> Int = if n == 0 then 0 else count(n - 1) + 1
let ok = count(150)
// expected-error@-2 {{calls nested more than 200 deep; is `count` recursive without a static base case? [recursion_limit]}}
// expected-note@+1 {{in this call of `count` [called_from]}}
let too_deep = count(250)

// -----
// Branching recursion is exponential at compile time; it stops at the step budget
// instead of running for minutes.
fn fib(n: Int) -> Int = if n < 2 then n else fib(n - 1) + fib(n - 2)
// expected-error@-1 {{loops over long lists cost too much [eval_limit]}}
// expected-note@+1 {{in this call of `fib` [called_from]}}
let x = fib(40)

// -----
// Nested loops over long lists too.
// expected-error@+1 {{loops over long lists cost too much [eval_limit]}}
let x = sum i in range(100000): sum j in range(100000): i * j

// -----
fn f(x: Int) -> Int = x + true
// expected-error@-1 {{`+` needs numbers, got `Int` and `Bool` [type_mismatch]}}
// expected-note@+1 {{in this call of `f` [called_from]}}
let y = f(1)

// -----
// A function's body is checked where it is called, with the arguments' values.
fn g(x: Int) -> Int = 10 / x
// expected-error@-1 {{division by zero in `div` of constants [domain_error]}}
// expected-note@+1 {{in this call of `g` [called_from]}}
let y = g(0)
