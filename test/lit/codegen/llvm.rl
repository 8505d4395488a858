// `--emit=llvm`: the module the JIT compiles. At -O0, codegen's own output: `eval`
// straight-line, `sweep` one loop per param in the staging order with each value in its
// loop, min/max propagating NaN (`fcmp uno`), `%` as frem, pow/log as intrinsics, and the
// innermost loop in two copies: one for when the loop-invariant operand of its `min` is
// neither NaN nor zero (a plain compare-select), one general. At -O2 the innermost loop
// of the sweep is vectorised.
// RUN: %ringline emit %s --emit=llvm -O0 --set n=1..8+1 | FileCheck %s
// RUN: %ringline emit %s --emit=llvm --set n=1..1024+1 | FileCheck %s --check-prefix=OPT
// The benchmark workload's innermost loop (lat) is vectorised too.
// RUN: %ringline emit %S/../../bench/resnet50_dp.rl --emit=llvm | FileCheck %s --check-prefix=OPT
scenario shape {
  param n: Int = 4
  param m: Int = 7 in [7, 9]
  report a = min(n * 2, m ^ 1.5) + m % 4
  report b = log(m) + n
}
// CHECK-LABEL: define zeroext i1 @rl_eval(ptr noalias nocapture readonly %params, ptr noalias nocapture %reports)
// CHECK:         %n = load double, ptr
// CHECK:         call double @llvm.pow.f64(double %m, double 1.500000e+00)
// CHECK:         fcmp uno double
// CHECK:         frem double %m, 4.000000e+00
// CHECK:         ret i1
// CHECK-LABEL: define void @rl_sweep(ptr noalias nocapture readonly %axes, ptr noalias nocapture readonly %lo, ptr noalias nocapture readonly %hi, ptr noalias nocapture readonly %stride, ptr noalias nocapture %reports, ptr noalias nocapture %feasible, i64 %count)
// m's loop is outside n's: the pow and the log are hoisted out of the inner loop.
// CHECK:       loop.m:
// CHECK:         %m = load double, ptr {{.*}} !alias.scope
// CHECK:         call double @llvm.pow.f64(double %m
// CHECK:         call double @llvm.log.f64(double %m)
// CHECK:         [[GUARD:%[0-9]+]] = fcmp one double [[POW:%[0-9]+]], 0.000000e+00
// CHECK:         br i1 {{%[0-9]+}}, label %guard.fast, label %guard.general
// CHECK:       loop.n:
// CHECK-NOT:     call
// CHECK-NOT:     fcmp uno
// CHECK:         fcmp olt double [[POW]], [[X:%[0-9]+]]
// CHECK-NEXT:    select i1 {{%[0-9]+}}, double [[POW]], double [[X]]
// CHECK:         store double {{.*}} !alias.scope
// CHECK:       end.n:
// CHECK:       loop.n1:
// CHECK:         fcmp uno double
// CHECK:       end.n7:
// CHECK:       end.m:
// CHECK:         ret void

// OPT-LABEL: define void @rl_sweep(
// OPT:       vector.body:
// OPT:         fcmp uno <{{[0-9]+}} x double>
// OPT:         store <{{[0-9]+}} x double>
