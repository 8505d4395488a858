// Staging analysis for the sweep loop nest (architecture.md, "structure static, numbers
// dynamic"): which params each IR value depends on, how expensive it is, the loop order
// that computes the expensive and widely shared values outermost, and the loop level each
// value is then computed at. Shared by codegen (which emits the loop nest), the runtime
// (which cuts the product space into boxes in the same order) and `--emit=stages`.
#pragma once
#include <llvm/ADT/SmallBitVector.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace rl::codegen {

// Relative cost of one instruction: libm calls (pow, exp, log, fmod) dwarf arithmetic.
double InstCost(ir::Op op);

// Per value: the set of params it depends on (bit i = param i).
std::vector<llvm::SmallBitVector> ParamDeps(const ir::Scenario& s);

// The loop order (outermost first, a permutation of the param indices) minimising the
// total work sum(cost(v) * points of the loops enclosing v), given each param's number of
// values. `forced` names params to put outermost, in that order; the rest are ordered
// automatically. Ties keep declaration order (later params inner). `costs`, one per value,
// replaces InstCost (a value computed for only some points weighs less).
std::vector<uint32_t> ChooseOrder(const ir::Scenario& s, const std::vector<uint64_t>& sizes,
                                  const std::vector<uint32_t>& forced = {}, const std::vector<double>* costs = nullptr);

// Resolves `--order a,b,c` to param indices; nullopt with `error` set on unknown or
// repeated names (the option named as `option`: the library's callers name it otherwise).
std::optional<std::vector<uint32_t>> ParseOrder(const ir::Scenario& s, const std::string& text,
                                                std::string& error, const std::string& option = "--order");

struct Staging {
  std::vector<uint32_t> order;  // loop order, outermost first
  std::vector<int> level;       // per value: loop depth it is computed at (-1: before all loops)
  double work_per_point = 0;    // estimated cost per scenario with this order
  double work_unstaged = 0;     // the same with every value in the innermost loop
};
Staging Stage(const ir::Scenario& s, const std::vector<uint32_t>& order,
              const std::vector<uint64_t>& sizes);

// `--emit=stages`: the order and how it was chosen (the first `forced` params by
// `--order`, the rest by ChooseOrder), and per loop the values computed there and their
// cost; `notes` are lines to add at the end.
std::string PrintStaging(const ir::Scenario& s, const Staging& st, const std::vector<uint64_t>& sizes,
                         size_t forced = 0, const std::string& notes = "");

}  // namespace rl::codegen
