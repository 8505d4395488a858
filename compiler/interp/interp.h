// Reference interpreter over the cost IR: the test oracle for every other backend. It
// evaluates one scenario point at a time, instruction by instruction, with the same
// semantics (ir/semantics.h) the folding passes use.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace rl::interp {

class Evaluator {
 public:
  explicit Evaluator(const ir::Scenario& s) : s_(s), regs_(s.insts.size()) {}

  // `params`: one SI value per scenario param; `reports`: one per report. Returns true
  // when every `require` holds.
  bool Run(const double* params, double* reports);
  // Every instruction's value from the last Run, indexed by ValueId.
  const std::vector<double>& Values() const { return regs_; }

 private:
  const ir::Scenario& s_;
  std::vector<double> regs_;
  std::vector<double> feats_;  // a kernel call's features
};

// Why a report came out NaN or infinite: the report, and the first instruction that
// turned finite operands into a non-finite result (its source range points at the
// formula). nullopt when every report is finite.
struct Failure {
  size_t report;
  double value;
  ir::ValueId origin;
  std::string reason;  // "division by zero", "log of a non-positive number", ...
};
std::optional<Failure> FindNonFinite(const ir::Scenario& s, const double* params);

}  // namespace rl::interp
