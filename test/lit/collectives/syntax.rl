// `schedule` syntax: phases with a step or a block, `repeat`, `send .. over`, `reduce ..
// at`, `let` and `if`/`else if` steps, calls as steps; the step words stay ordinary names
// elsewhere (a function named `repeat`, a variable named `reduce`); the AST printer.
// RUN: %ringline emit %s --emit=ast | FileCheck %s --check-prefix=AST
// RUN: %ringline eval %s | FileCheck %s --check-prefix=EVAL
record Link { bw: B/s, lat: s = 0 s }
fn repeat(k: Int) -> Int = 2 * k
schedule one(n: B, l: Link) { send n over l }
schedule s(n: B, p: Int, l: Link, g: s/B = 1 ns/B) {
  let reduce = n / p
  phase a: repeat repeat(p) { send reduce over l; reduce reduce at g }
  phase b { one(n, l) }
  if p > 8 then { send n over l } else if p > 2 then { one(n, l); one(n, l) }
}
// A line ending in a bare number does not take the next step's word for a unit.
schedule lines(n: B, p: Int, l: Link) {
  let k = p - 1
  repeat k { send n / 2 over l }
  let m = p * 2
  send n / m over l
  let r = 3
  reduce n at r * 1 ns/B
  let q = 1
  phase last: send n / q over l
}
// AST: (fn repeat (k : Int) -> Int (* (int 2) k))
// AST: (schedule one (n : [B] l : Link) -> [s] (steps (send n over l)))
// AST: (schedule s (n : [B] p : Int l : Link g : [s B^-1] = (num 1 [ns B^-1])) -> [s] (steps (let reduce (/ n p)) (phase a (steps (repeat (call repeat p) (steps (send reduce over l) (reduce reduce at g))))) (phase b (steps (call one n l))) (if (> p (int 8)) (steps (send n over l)) (steps (if (> p (int 2)) (steps (call one n l) (call one n l)) (steps))))))

scenario x {
  let l = Link { bw = 1 GB/s, lat = 1 us }
  // p = 4: a = repeat(4) = 8 x (1 us + 25 kB / 1 GB/s + 25 kB x 1 ns/B) = 8 x 51 us = 408 us;
  // b = 1 us + 100 us = 101 us; the else-if branch: 2 x 101 us; total 711 us
  report t4 = s(100 kB, 4, l) in us
  // p = 2: a = 4 x (1 + 50 + 50) us = 404 us; b = 101 us; no branch taken: 505 us
  report t2 = s(100 kB, 2, l) in us
  // p = 5: 4 x (1 + 50) us + (1 + 10) us + 300 us + (1 + 100) us = 616 us
  report lines5 = lines(100 kB, 5, l) in us
}
// EVAL: t4 = 711 us
// EVAL: t2 = 505 us
// EVAL: lines5 = 616 us
