// A `--set` naming no param is the same mistake in every variant of a scenario with
// static params: one error, with its did-you-mean and no `specialised_at` note.
// RUN: not %ringline eval %s --set algos=ring 2>&1 | FileCheck %s
// CHECK:     --set:1:1: error: scenario `s` has no param `algos`; did you mean `algo`? [unknown_param]
// CHECK-NOT: specialised_at
scenario s {
  param algo: String = "ring" in ["ring", "tree"]
  param n: Int = 4
  report r = if algo == "ring" then 2 * n else n
}

// A `--set` value of the wrong unit is wrong in every variant too: no variant note.
// RUN: not %ringline eval %s --set n=2s 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE:     --set:1:3: error: param `n` must be `Int`, got `s` [type_mismatch]
// VALUE-NOT: specialised_at
