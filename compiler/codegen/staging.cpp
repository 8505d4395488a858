// Staging analysis (see staging.h): dependence sets, the loop-order search and levels.
#include "compiler/codegen/staging.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "base/check.h"
#include "base/suggest.h"

namespace rl::codegen {

double InstCost(ir::Op op) {
  switch (op) {
    case ir::Op::Const:
    case ir::Op::Param: return 0;
    case ir::Op::Pow:
    case ir::Op::Exp:
    case ir::Op::Log:
    case ir::Op::Log2:
    case ir::Op::Mod: return 20;  // libm calls: tens of cycles, and they block vectorising
    // An MLP: a few thousand multiply-adds, about a microsecond.
    case ir::Op::Kernel: return 2000;
    case ir::Op::KernelJvp: return 4000;  // the network's values and their tangents
    case ir::Op::Uniform: return 10;      // three hashes of 64-bit words
    case ir::Op::Probit: return 60;       // a rational function, a log or a sqrt, erfc and exp
    case ir::Op::Div:
    case ir::Op::Sqrt: return 4;
    case ir::Op::Add:
    case ir::Op::Sub:
    case ir::Op::Mul:
    case ir::Op::Min:
    case ir::Op::Max:
    case ir::Op::Neg:
    case ir::Op::Abs:
    case ir::Op::Ceil:
    case ir::Op::Floor:
    case ir::Op::Lt:
    case ir::Op::Le:
    case ir::Op::Gt:
    case ir::Op::Ge:
    case ir::Op::Eq:
    case ir::Op::Ne:
    case ir::Op::And:
    case ir::Op::Or:
    case ir::Op::Not:
    case ir::Op::Select: return 1;
  }
  return 1;
}

std::vector<llvm::SmallBitVector> ParamDeps(const ir::Scenario& s) {
  std::vector<llvm::SmallBitVector> deps(s.insts.size(), llvm::SmallBitVector(s.params.size()));
  for (size_t i = 0; i < s.insts.size(); ++i) {
    const ir::Inst& in = s.insts[i];
    if (in.op == ir::Op::Param) deps[i].set(static_cast<unsigned>(in.imm));
    ir::ForEachOperand(in, [&](ir::ValueId v) { deps[i] |= deps[v.index]; });
  }
  return deps;
}

namespace {

// Exact search over subsets: f(S) is the least work of a loop prefix holding exactly the
// params S; adding x as the next (inner) loop costs |S∪x| points times the cost of the
// values whose deepest param is x. Z[S] (sum of cost over dependence sets inside S) makes
// that O(m 2^m).
std::vector<uint32_t> SearchOrder(const std::vector<uint32_t>& free_params, const std::vector<double>& weight_by_mask,
                                  const std::vector<uint64_t>& sizes) {
  const size_t m = free_params.size();
  const size_t n_sets = size_t{1} << m;
  std::vector<double> z(weight_by_mask), f(n_sets, 0), points(n_sets, 1);
  std::vector<uint8_t> last(n_sets, 0);
  for (size_t bit = 0; bit < m; ++bit)
    for (size_t set = 0; set < n_sets; ++set)
      if (set & (size_t{1} << bit)) z[set] += z[set ^ (size_t{1} << bit)];
  for (size_t set = 1; set < n_sets; ++set) {
    size_t low = static_cast<size_t>(__builtin_ctzll(set));
    points[set] = points[set ^ (size_t{1} << low)] * static_cast<double>(sizes[free_params[low]]);
    double best = -1;
    // Highest declaration index first with a strict `<`: on ties the later param is inner.
    for (size_t x = m; x-- > 0;) {
      if (!(set & (size_t{1} << x))) continue;
      size_t rest = set ^ (size_t{1} << x);
      double cost = f[rest] + points[set] * (z[set] - z[rest]);
      if (best < 0 || cost < best * (1 - 1e-12)) {
        best = cost;
        last[set] = static_cast<uint8_t>(x);
      }
    }
    f[set] = best;
  }
  std::vector<uint32_t> order(m);
  size_t set = n_sets - 1;
  for (size_t k = m; k-- > 0;) {
    order[k] = free_params[last[set]];
    set ^= size_t{1} << last[set];
  }
  return order;
}

}  // namespace

std::vector<uint32_t> ChooseOrder(const ir::Scenario& s, const std::vector<uint64_t>& sizes,
                                  const std::vector<uint32_t>& forced, const std::vector<double>* costs) {
  auto cost = [&](size_t i) { return costs ? (*costs)[i] : InstCost(s.insts[i].op); };
  const size_t n = s.params.size();
  RL_CHECK(sizes.size() == n, "one size per param");
  std::vector<uint32_t> order(forced);
  std::vector<bool> placed(n, false);
  for (uint32_t p : forced) placed[p] = true;
  // Params with one value cost nothing to loop over: outermost, in declaration order. So
  // do the params a variant was specialised on (no value reads them; each value is its own
  // variant's code, which shares nothing with the others'): outermost, each of a sweep's
  // chunks holds one variant and spans the params its values read, instead of being cut
  // into a piece per variant that computes the outer loops' values again.
  std::vector<uint32_t> free_params;
  for (uint32_t p = 0; p < n; ++p) {
    if (placed[p]) continue;
    if (sizes[p] <= 1 || s.params[p].specialised) order.push_back(p);
    else free_params.push_back(p);
  }
  if (free_params.size() <= 1) {
    order.insert(order.end(), free_params.begin(), free_params.end());
    return order;
  }
  std::vector<int> slot(n, -1);
  for (size_t k = 0; k < free_params.size(); ++k) slot[free_params[k]] = static_cast<int>(k);
  std::vector<llvm::SmallBitVector> deps = ParamDeps(s);
  if (free_params.size() <= 16) {
    std::vector<double> weight(size_t{1} << free_params.size(), 0);
    for (size_t i = 0; i < s.insts.size(); ++i) {
      size_t mask = 0;
      for (int p : deps[i].set_bits())
        if (slot[p] >= 0) mask |= size_t{1} << slot[p];
      weight[mask] += cost(i);
    }
    std::vector<uint32_t> rest = SearchOrder(free_params, weight, sizes);
    order.insert(order.end(), rest.begin(), rest.end());
    return order;
  }
  // Too many swept params for the exact search: params that expensive values depend on go
  // outer (a heuristic; `--order` overrides it).
  std::vector<double> dependent_cost(n, 0);
  for (size_t i = 0; i < s.insts.size(); ++i)
    for (int p : deps[i].set_bits()) dependent_cost[p] += cost(i) / deps[i].count();
  std::stable_sort(free_params.begin(), free_params.end(),
                   [&](uint32_t a, uint32_t b) { return dependent_cost[a] > dependent_cost[b]; });
  order.insert(order.end(), free_params.begin(), free_params.end());
  return order;
}

std::optional<std::vector<uint32_t>> ParseOrder(const ir::Scenario& s, const std::string& text, std::string& error,
                                                const std::string& option) {
  std::vector<uint32_t> out;
  std::vector<bool> seen(s.params.size(), false);
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? text.size() + 1 : comma + 1;
    if (name.empty()) continue;
    auto it = std::find_if(s.params.begin(), s.params.end(), [&](const ir::Param& p) { return p.name == name; });
    if (it == s.params.end()) {
      std::vector<std::string> names;
      for (const ir::Param& p : s.params) names.push_back(p.name);
      error = NotOneOf(option, name, "param", "scenario `" + s.name + "`", names);
      return std::nullopt;
    }
    uint32_t index = static_cast<uint32_t>(it - s.params.begin());
    if (seen[index]) {
      error = fmt::format("{} names `{}` twice", option, name);
      return std::nullopt;
    }
    seen[index] = true;
    out.push_back(index);
  }
  return out;
}

Staging Stage(const ir::Scenario& s, const std::vector<uint32_t>& order, const std::vector<uint64_t>& sizes) {
  Staging st;
  st.order = order;
  std::vector<int> position(s.params.size(), -1);
  for (size_t d = 0; d < order.size(); ++d) position[order[d]] = static_cast<int>(d);
  // points_outside[d + 1]: loop iterations enclosing depth d, as a fraction of all points.
  std::vector<double> points(order.size() + 1, 1);
  for (size_t d = 0; d < order.size(); ++d) points[d + 1] = points[d] * static_cast<double>(sizes[order[d]]);
  const double total = points.back();
  st.level.assign(s.insts.size(), -1);
  for (size_t i = 0; i < s.insts.size(); ++i) {
    const ir::Inst& in = s.insts[i];
    int level = in.op == ir::Op::Param ? position[static_cast<size_t>(in.imm)] : -1;
    ir::ForEachOperand(in, [&](ir::ValueId v) { level = std::max(level, st.level[v.index]); });
    st.level[i] = level;
    double cost = InstCost(in.op);
    st.work_unstaged += cost;
    st.work_per_point += cost * points[static_cast<size_t>(level + 1)] / total;
  }
  return st;
}

std::string PrintStaging(const ir::Scenario& s, const Staging& st, const std::vector<uint64_t>& sizes,
                         size_t forced, const std::string& notes) {
  std::string out = fmt::format("stages {} {{\n  order", s.name);
  for (size_t d = 0; d < st.order.size(); ++d)
    out += fmt::format("{} {}({})", d ? "," : "", s.params[st.order[d]].name, sizes[st.order[d]]);
  if (forced == 0) out += " (automatic: the least work per point)";
  else if (forced >= st.order.size()) out += " (forced by --order)";
  else out += fmt::format(" (first {} forced by --order, the rest automatic)", forced);
  out += "\n";
  for (int level = -1; level < static_cast<int>(st.order.size()); ++level) {
    size_t count = 0;
    double cost = 0;
    for (size_t i = 0; i < s.insts.size(); ++i)
      if (st.level[i] == level && s.insts[i].op != ir::Op::Const) {
        ++count;
        cost += InstCost(s.insts[i].op);
      }
    out += fmt::format("  {}: {} values, cost {}\n",
                       level < 0 ? std::string("outside loops") : "loop " + s.params[st.order[level]].name, count,
                       cost);
  }
  out += fmt::format("  work per point: {:.4g} staged, {:.4g} unstaged\n{}}}\n", st.work_per_point, st.work_unstaged,
                     notes);
  return out;
}

}  // namespace rl::codegen
