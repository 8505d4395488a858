/* The C ABI between generated code and the runtime: the two entry points codegen emits
 * per scenario. Plain C types only, so JIT'd code, the interpreter's adapter and the
 * hand-written benchmark reference all fill the same buffers.
 *
 * A box is a sub-product of the sweep: for each param p (declaration order), the indices
 * [lo[p], hi[p]) of its axis values axes[p][...]; every range is non-empty. The point with
 * indices i[] lands at output position pos = sum_p (i[p] - lo[p]) * stride[p], which must
 * be a bijection onto [0, count). Report r of that point is written to
 * reports[r * count + pos] (one contiguous array per report, so the innermost loop stores
 * unit-stride and vectorises) and feasible[pos] is 1 when every `require` holds, else 0.
 * The axis arrays and the output arrays do not overlap. `count` is only the distance
 * between the report arrays, so a piece of a box is filled by passing the box's strides
 * and count with the output pointers moved to the piece's first position (a sweep over
 * variants of a scenario does, runtime/sweep.h VariantFiller). */
#ifndef RINGLINE_RUNTIME_ABI_H
#define RINGLINE_RUNTIME_ABI_H

#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* One point: params[p] in SI units, reports[r] out; returns 1 when feasible. */
typedef bool (*rl_eval_fn)(const double* params, double* reports);

/* One box (see above). */
typedef void (*rl_sweep_fn)(const double* const* axes, const int64_t* lo, const int64_t* hi,
                            const int64_t* stride, double* reports, uint8_t* feasible, int64_t count);

/* Kernel-time models (runtime/kernels): seconds for one call of `model` (a
 * rl::kernels::Model from the scenario's kernel table, ir::Scenario::kernels) with its
 * kind's features; the batch form fills out[0..n) from n rows of features. */
double rl_kernel_predict(const void* model, const double* feats);
void rl_kernel_predict_batch(const void* model, const double* feats, int64_t n, double* out);
/* The derivative of rl_kernel_predict along tangents[0..num features): d/de of the
 * prediction at feats + e * tangents, at e = 0 (rl::kernels::Model::PredictJvp), in
 * seconds per unit of e. Exact; 0 along directions where the prediction is locally
 * constant (a clamped feature or output, a stride's floor). */
double rl_kernel_predict_jvp(const void* model, const double* feats, const double* tangents);

/* `eval --samples` (runtime/sample_abi.cpp): a uniform draw in (0, 1), a pure function
 * of the sample's index, the run's seed and the draw's stream (whole numbers); and the
 * standard normal distribution's quantile function. */
double rl_uniform(double sample, double seed, double stream);
double rl_probit(double p);

/* Zeroes feasible[] at every point of the box over `num_params` params (lo, hi, stride as
 * a sweep function gets them): a sweep compiled to skip infeasible points writes only the
 * rows it reaches (codegen::Options::skip_infeasible). */
void rl_zero_box(uint8_t* feasible, const int64_t* lo, const int64_t* hi, const int64_t* stride, int64_t num_params);

#ifdef __cplusplus
}
#endif

#endif
