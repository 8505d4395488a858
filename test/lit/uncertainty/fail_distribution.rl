// A param's distribution is checked by `check` and `eval` alike: a known family, its
// argument count, each argument's unit (a lognormal's factor is a plain number), a
// range that is not empty, a Real param; --vary names a Real param or record field.
// RUN: not %ringline check %s 2>&1 | FileCheck %s
// RUN: not %ringline eval %s --scenario ok --samples 10 --vary 'bw=normal(1 s, 1 s)' 2>&1 | FileCheck %s --check-prefix=UNIT
// RUN: not %ringline eval %s --scenario ok --samples 10 --vary 'bx=normal(1 GB/s, 1 GB/s)' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not %ringline eval %s --scenario ok --samples 10 --vary 'link.kind=normal(1, 1)' 2>&1 | FileCheck %s --check-prefix=FIELD
// RUN: not %ringline eval %s --scenario ok --vary 'bw=normal(1 GB/s, 1 GB/s)' 2>&1 | FileCheck %s --check-prefix=NOSAMPLES
record Link { bw: B/s, kind: Int }
scenario families {
  param a: Real = 1 ~ gauss(1, 2)
  report r = a
}
// CHECK: error: param `a`'s distribution must be `uniform(lo, hi)`, `normal(mean, sd)`, `lognormal(median, factor)` or `triangular(lo, mode, hi)` [bad_distribution]
scenario counts {
  param a: Real = 1 ~ normal(1)
  report r = a
}
// CHECK: error: `normal` takes 2 arguments (mean, sd), got 1 [bad_distribution]
scenario units {
  param a: s = 1 s ~ uniform(1 s, 2 B)
  param b: s = 1 s ~ lognormal(1 s, 2 s)
  report r = a + b
}
// CHECK: error: `uniform`'s `hi` must be `s` like param `a`, got `B` [unit_mismatch]
// CHECK: error: `lognormal`'s `factor` must be `1` like a factor, got `s` [unit_mismatch]
scenario ranges {
  param a: Real = 1 ~ uniform(2, 1)
  param b: Real = 1 ~ normal(0, 0)
  param c: Real = 1 ~ lognormal(1, 0.5)
  param d: Real = 1 ~ triangular(0, 3, 2)
  report r = a + b + c + d
}
// CHECK: error: `uniform` needs lo < hi [bad_distribution]
// CHECK: error: `normal` needs sd > 0 [bad_distribution]
// CHECK: error: `lognormal` needs median > 0 and factor > 1 [bad_distribution]
// CHECK: error: `triangular` needs lo <= mode <= hi, lo < hi [bad_distribution]
scenario kinds {
  param n: Int = 4 ~ uniform(1, 8)
  param l: Link = Link { bw = 1 GB/s, kind = 1 } ~ normal(1, 1)
  report r = n * l.kind
}
// CHECK: error: param `n` is `Int`; only a `Real` param takes a distribution [bad_distribution]
// CHECK: error: param `l` is `Link`; give its `Real` fields distributions with `--vary l.FIELD=...` [bad_distribution]
scenario ok {
  param bw: B/s = 1 GB/s
  param link: Link = Link { bw = 1 GB/s, kind = 1 }
  report r = 1 GB / bw + 1 GB / link.bw
}
// UNIT: `normal`'s `mean` must be `B/s` like param `bw`, got `s` [unit_mismatch]
// NONE: error: `--vary bx`: scenario `ok` has no `Real` param or record param's `Real` field `bx`; did you mean `bw`? [unknown_param]
// FIELD: error: `link.kind` is `Int`; only a `Real` field takes a distribution [bad_distribution]
// NOSAMPLES: error: `--vary` draws a param for `--samples N`; give the number of samples [bad_usage]
