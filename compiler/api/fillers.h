// What the command's sweep and the library's share: the sweep engine's fillers for a
// scenario's variants, each variant on the backend chosen for it (runtime/sweep.h), and
// which variant a point belongs to.
#pragma once
#include <llvm/Support/Error.h>

#include <functional>
#include <memory>
#include <vector>

#include "compiler/check/check.h"
#include "compiler/jit/jit.h"
#include "runtime/sweep.h"

namespace rl::api {

struct VariantFillers {
  runtime::FillerFactory make;                              // for runtime::RunSweep
  std::vector<bool> jit;                                    // per variant: on the JIT
  std::vector<std::unique_ptr<jit::Evaluator>> evaluators;  // the compiled ones, kept alive
  std::vector<int64_t> sizes;                               // of the specialised axes
};

// How the chunks of a streamed sweep (rows in declaration order) cut its space:
// runtime::WholeInChunks and runtime::ChunkCount of it.
struct ChunkShape {
  std::vector<bool> whole;
  uint64_t chunks = 1;
};

// The shape of a streamed sweep over `axes` in chunks of `chunk_points`.
ChunkShape StreamedChunks(const std::vector<std::vector<double>>& axes, size_t num_reports,
                          uint64_t chunk_points = runtime::SweepOptions{}.chunk_points);

// The fillers of `e`'s sweep over axes of `sizes` values: with its memo table when it
// was compiled with one (runtime::MemoFillers).
runtime::FillerFactory JitFillers(const jit::Evaluator& e, const std::vector<uint64_t>& sizes);

// Variant v runs on the JIT (its `sweep` staged in `order`, at `opt_level`) when
// `use_jit(v)`, else on the interpreter; an error when the JIT fails. With `streamed`, a
// JIT'd variant gets a memo table where one pays (codegen/memo.h). The JIT's variants
// compile on `threads` threads (0: one a core). The interpreter's variants walk boxes in
// `order` too (staged_interp.h). With `skip_infeasible` (a sweep that keeps no
// infeasible rows), both backends check each require where its condition is known and
// skip the work of the points it drops; those rows' reports are left unwritten.
llvm::Expected<VariantFillers> MakeVariantFillers(const check::Variants& vs, const std::vector<uint32_t>& order,
                                                  const std::function<bool(const ir::Scenario&)>& use_jit,
                                                  unsigned opt_level = 2, const ChunkShape* streamed = nullptr,
                                                  unsigned threads = 1, bool skip_infeasible = false);

// The variant that serves the point `params` (SI; a specialised param's value, or the
// index of its label).
size_t VariantOf(const check::Variants& vs, const double* params);

}  // namespace rl::api
