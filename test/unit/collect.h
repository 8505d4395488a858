// A sweep consumer for tests: every row (its reports, then its feasibility) by its
// declaration-order index, whatever the chunk order and thread count.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "runtime/sweep.h"

namespace rl::test {

class Collect : public runtime::Consumer {
 public:
  bool Consume(runtime::Chunk& c) override {
    for (int64_t pos = 0; pos < c.valid; ++pos) {
      std::vector<double> row;
      for (size_t r = 0; r < c.space->num_reports; ++r) row.push_back(c.Report(r, pos));
      row.push_back(c.Feasible(pos));
      EXPECT_TRUE(rows.emplace(c.CanonicalIndex(pos), std::move(row)).second) << "a point came twice";
    }
    return true;
  }
  std::map<uint64_t, std::vector<double>> rows;
};

}  // namespace rl::test
