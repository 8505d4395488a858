// The memo table of a streamed sweep. Streamed rows (CSV, JSON, a table) come in
// declaration order, so the sweep engine cuts the product space into chunks in that
// order, whatever the loop order: when the loop order puts outermost a param that is
// declared late (the batch that every layer's kernel times depend on, declared after the
// GPU count), every chunk spans that param's whole axis and would compute its loop
// levels again, chunk after chunk. The memo computes those levels once per sweep, over
// the product of their params' axes, into a table; the sweep's loop nest then loads
// their values from it instead (codegen.h: the `memo` entry point fills it, `sweep`
// reads it as axes[num_params], runtime::MemoFillers shares it between threads).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace rl::codegen {

struct Memo {
  size_t depth = 0;              // loops [0, depth) of the order come from the table; 0: no memo
  std::vector<uint32_t> values;  // the table's columns: values of those loops read deeper
  std::vector<int64_t> stride;   // per param: its axis index's weight in a table row (0: none)
  int64_t rows = 1;              // rows of the table (the product of the strided params' sizes)
  double work_per_chunk = 0;     // staging cost units a chunk computes without the memo
  double loads_per_chunk = 0;    // table loads a chunk makes with it
  bool Active() const { return depth > 0; }
};

// The table's largest size, all columns together: one copy serves every thread.
constexpr uint64_t kMaxMemoBytes = uint64_t{64} << 20;

// The memo for a sweep of `s` staged in `order` and cut into `chunks` chunks in each of
// which param p spans its whole axis when `whole[p]` (runtime::WholeInChunks). The
// loops memoised are the longest prefix of the order, all of whose params are whole,
// whose table fits kMaxMemoBytes and whose saving (chunks - 1 recomputations of those
// levels, against a table load per value read deeper) is largest; none (depth 0) when
// nothing is saved.
Memo PlanMemo(const ir::Scenario& s, const std::vector<uint32_t>& order, const std::vector<uint64_t>& sizes,
              const std::vector<bool>& whole, uint64_t chunks);

// What fills the table: `s` with the memo's values as its reports and no requires. Its
// sweep over the box [0, size) of each strided param and [0, 1) of the others, with the
// memo's strides, writes column k of row r at reports[k * rows + r].
ir::Scenario MemoFillScenario(const ir::Scenario& s, const Memo& m);

// `--emit=stages`: one line saying what the memo holds (or why there is none).
std::string PrintMemo(const ir::Scenario& s, const std::vector<uint32_t>& order, const Memo& m, uint64_t chunks);

}  // namespace rl::codegen
