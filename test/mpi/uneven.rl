// The MPI sweep tests (run_mpi.py): variants of very different cost (`n` is specialised by
// `range(n)`: the n = 400 variant does 400 times the work of n = 1 per point), two
// requires that drop points, ties in `r` (it does not depend on `c`), and a second report
// for --pareto.
scenario s {
  param n: Int in [1, 40, 400]
  param a: Int in 1 .. 60 step +1
  param b: Int in 1 .. 50 step +1
  param c: Int in 1 .. 20 step +1
  let xs = range(n)
  let w = fold(fn(acc: Real, x: Int) -> Real = acc + x * a / (x + b), 0.0, xs)
  require a * b <= 2500, "fits"
  require b != 13
  report r = w / (b + 1) + a
  report q = b * c * 1.0 + w / 1000
}
