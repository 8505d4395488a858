// Fillers for a generated sweep with a memo table (compiler/codegen/memo.h): the loop
// levels that every chunk of a streamed sweep would compute again are computed once, by
// a second generated sweep, into a table that every thread's filler passes to the main
// sweep as axes[num_params].
#pragma once
#include <cstdint>
#include <vector>

#include "runtime/abi.h"
#include "runtime/sweep.h"

namespace rl::runtime {

struct MemoTable {
  rl_sweep_fn fill = nullptr;   // writes column k of row r at reports[k * rows + r]
  std::vector<int64_t> extent;  // per param: the fill's box is [0, extent[p]) (1: not in the table)
  std::vector<int64_t> stride;  // per param: its index's weight in a row (0 where extent is 1)
  int64_t rows = 1;
  size_t columns = 0;
};

// The filler factory of `fn` reading `memo`'s table, which the first Fill of any of its
// fillers computes (from that call's axes, which every box of a sweep shares) and all
// share.
FillerFactory MemoFillers(rl_sweep_fn fn, MemoTable memo, size_t num_params);

}  // namespace rl::runtime
