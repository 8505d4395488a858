// --emit=ast: operator precedence and associativity, postfix operators, units on literals
// (including `16 GiB / n`, which divides by the name n, and `4 s / min(a, b)`, where a
// unit word followed by `(` is a call), `if`, reductions, comprehensions.
// RUN: %ringline emit %s --emit=ast | FileCheck %s --strict-whitespace
let a = 1 + 2 * 3 ^ 2 ^ 2 - -4 % 3
let b = not x and y or z
let c = 16 GiB / 12.5 GB/s
let d = 16 GiB / n * 2
let e = 2 GiB * n / p^2
let f = 1.5e3 FLOP/s^2 + 4 B
let g = f(1, b = 2)[0].x
let h = if p == 1 then 0 s else 2 * (p - 1)
let i = sum x in [1, 2, 3]: x * x
let j = max l in links: l.bw
let k = [x * 2 for x in range(4)]
let l = { let y = 2; y + 1 }
let m = -2 ^ 2
let n = 4 s / min(a, b)
let o = 4 GB/s / h(x) + 60 s / min
// CHECK:      (let a (- (+ (int 1) (* (int 2) (^ (int 3) (^ (int 2) (int 2))))) (% (neg (int 4)) (int 3))))
// CHECK-NEXT: (let b (or (and (not x) y) z))
// CHECK-NEXT: (let c (/ (num 16 [GiB]) (num 12.5 [GB s^-1])))
// CHECK-NEXT: (let d (* (/ (num 16 [GiB]) n) (int 2)))
// CHECK-NEXT: (let e (/ (* (num 2 [GiB]) n) (^ p (int 2))))
// CHECK-NEXT: (let f (+ (num 1.5e3 [FLOP s^-2]) (num 4 [B])))
// CHECK-NEXT: (let g (. (index (call f (int 1) (b= (int 2))) (int 0)) x))
// CHECK-NEXT: (let h (if (== p (int 1)) (num 0 [s]) (* (int 2) (- p (int 1)))))
// CHECK-NEXT: (let i (sum x (list (int 1) (int 2) (int 3)) (* x x)))
// CHECK-NEXT: (let j (max l links (. l bw)))
// CHECK-NEXT: (let k (for x (call range (int 4)) (* x (int 2))))
// CHECK-NEXT: (let l (block (let y (int 2)) (+ y (int 1))))
// CHECK-NEXT: (let m (neg (^ (int 2) (int 2))))
// CHECK-NEXT: (let n (/ (num 4 [s]) (call min a b)))
// CHECK-NEXT: (let o (+ (/ (num 4 [GB s^-1]) (call h x)) (num 60 [s min^-1])))
// CHECK-EMPTY:
