// Common-subexpression elimination: the checker instantiates functions at every call, so
// the same formula often appears many times; one instruction per distinct (op, operands,
// immediate) remains. Commutative operands are ordered so a*b and b*a meet.
#include <llvm/ADT/Hashing.h>

#include <cstring>
#include <unordered_map>
#include <vector>

#include "compiler/passes/passes.h"

namespace rl::passes {
namespace {

bool Commutative(ir::Op op) {
  switch (op) {
    case ir::Op::Add: case ir::Op::Mul: case ir::Op::Min: case ir::Op::Max:
    case ir::Op::Eq: case ir::Op::Ne: case ir::Op::And: case ir::Op::Or: return true;
    case ir::Op::Const: case ir::Op::Param: case ir::Op::Sub: case ir::Op::Div: case ir::Op::Mod: case ir::Op::Pow:
    case ir::Op::Neg: case ir::Op::Abs: case ir::Op::Sqrt: case ir::Op::Exp: case ir::Op::Log: case ir::Op::Log2:
    case ir::Op::Ceil: case ir::Op::Floor: case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge:
    case ir::Op::Not: case ir::Op::Select: case ir::Op::Kernel: case ir::Op::KernelJvp: case ir::Op::Uniform:
    case ir::Op::Probit: return false;
  }
  return false;
}

// An instruction with its operands resolved; hashed, so the pass is linear (an ordered
// map of these took n log n comparisons, a quarter of the pipeline's time at 10^5 values).
struct Key {
  ir::Op op;
  ir::Ty ty;
  uint32_t a, b, c;
  uint64_t bits;               // the immediate's
  std::vector<uint32_t> args;  // a kernel call's features
  bool operator==(const Key& o) const {
    return op == o.op && ty == o.ty && a == o.a && b == o.b && c == o.c && bits == o.bits && args == o.args;
  }
};
struct KeyHash {
  size_t operator()(const Key& k) const {
    return llvm::hash_combine(k.op, k.ty, k.a, k.b, k.c, k.bits,
                              llvm::hash_combine_range(k.args.begin(), k.args.end()));
  }
};

}  // namespace

bool CSE(ir::Scenario& s) {
  std::unordered_map<Key, uint32_t, KeyHash> seen;
  seen.reserve(s.insts.size());
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
    Key k{in.op, in.ty, resolve(in.a), resolve(in.b), resolve(in.c), 0, {}};
    if (Commutative(in.op) && k.a > k.b) std::swap(k.a, k.b);
    std::memcpy(&k.bits, &in.imm, sizeof k.bits);
    for (ir::ValueId v : in.args) k.args.push_back(resolve(v));
    auto [it, fresh] = seen.emplace(std::move(k), i);
    if (!fresh) {
      replace[i] = it->second;
      changed = true;
    }
  }
  if (changed) Rebuild(s, std::vector<bool>(s.insts.size(), true), replace);
  return changed;
}

}  // namespace rl::passes
