// A sweep whose rows turn infinite at a = 170 (1 / (a - 170)): one process and every rank
// count report the same first point, and a full table is not written.
scenario s {
  param a: Int in 1 .. 400 step +1
  param b: Int in 1 .. 300 step +1
  report r = b / (a - 170) + a
}
