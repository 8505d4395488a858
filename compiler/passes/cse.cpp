// Common-subexpression elimination: the checker instantiates functions at every call, so
// the same formula often appears many times; one instruction per distinct (op, operands,
// immediate) remains. Commutative operands are ordered so a*b and b*a meet.
#include <cstring>
#include <map>
#include <tuple>
#include <vector>

#include "compiler/passes/passes.h"

namespace rl::passes {

static bool Commutative(ir::Op op) {
  switch (op) {
    case ir::Op::Add: case ir::Op::Mul: case ir::Op::Min: case ir::Op::Max:
    case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And: case ir::Op::Or: return true;
    default: return false;
  }
}

bool CSE(ir::Scenario& s) {
  using Key = std::tuple<int, int, uint32_t, uint32_t, uint32_t, uint64_t, std::vector<uint32_t>>;
  std::map<Key, uint32_t> seen;
  std::vector<uint32_t> replace(s.insts.size());
  bool changed = false;
  auto resolve = [&](ir::ValueId v) -> uint32_t {
    if (!v.Valid()) return UINT32_MAX;
    uint32_t id = v.index;
    while (replace[id] != id) id = replace[id];
    return id;
  };
  for (uint32_t i = 0; i < s.insts.size(); ++i) {
    replace[i] = i;
    const ir::Inst& in = s.insts[i];
    uint32_t a = resolve(in.a), b = resolve(in.b), c = resolve(in.c);
    if (Commutative(in.op) && a > b) std::swap(a, b);
    uint64_t bits;
    std::memcpy(&bits, &in.imm, sizeof bits);
    std::vector<uint32_t> args;  // a kernel call's features
    for (ir::ValueId v : in.args) args.push_back(resolve(v));
    Key k{static_cast<int>(in.op), static_cast<int>(in.ty), a, b, c, bits, std::move(args)};
    auto [it, fresh] = seen.emplace(k, i);
    if (!fresh) {
      replace[i] = it->second;
      changed = true;
    }
  }
  if (changed) Rebuild(s, std::vector<bool>(s.insts.size(), true), replace);
  return changed;
}

}  // namespace rl::passes
