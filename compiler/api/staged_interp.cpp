// The staged interpreter's fillers (staged_interp.h).
#include "compiler/api/staged_interp.h"

#include <algorithm>
#include <memory>

#include "compiler/codegen/staging.h"
#include "compiler/ir/semantics.h"

namespace rl::api {
namespace {

// One step of the program: an instruction, or (Check) a require's condition tested.
struct Step {
  enum class Kind : uint8_t { Const, Param, Apply, Kernel, Check };
  Kind kind;
  ir::Op op;
  uint32_t dst, a, b, c;  // registers; a missing operand reads the zero register
  uint32_t aux;           // Param: the param's index; Kernel: the instruction
  double imm;             // Const: the value
};

// The steps of every level, outermost (-1, before the loops) first; level L's steps are
// [begin[L + 1], begin[L + 2]).
struct Program {
  const ir::Scenario* sc;
  std::vector<uint32_t> order;
  std::vector<Step> steps;
  std::vector<size_t> begin;
  std::vector<uint32_t> report_regs, require_regs;
  uint32_t zero_reg;
  bool skip;
};

uint32_t Reg(ir::ValueId v, uint32_t zero) { return v.Valid() ? v.index : zero; }

Step StepOf(const ir::Scenario& sc, uint32_t i, uint32_t zero) {
  const ir::Inst& in = sc.insts[i];
  Step s{Step::Kind::Apply, in.op, i, Reg(in.a, zero), Reg(in.b, zero), Reg(in.c, zero), 0, in.imm};
  if (in.op == ir::Op::Const) s.kind = Step::Kind::Const;
  if (in.op == ir::Op::Param) s.kind = Step::Kind::Param, s.aux = static_cast<uint32_t>(in.imm);
  if (ir::Scenario::IsKernel(in.op) || in.op == ir::Op::Uniform) s.kind = Step::Kind::Kernel, s.aux = i;
  return s;
}

// Level `level`'s values (in `values`, increasing) with its requires' checks first, the
// require whose condition needs the least work of this level first (each cone's cost taken
// once: linear in the requires, however many a `require [list]` makes), each after the
// values it needs that are not done yet; then the values no check needed.
void EmitLevel(Program& pr, const std::vector<uint32_t>& values, const std::vector<int>& level_of, int level) {
  const ir::Scenario& sc = *pr.sc;
  std::vector<bool> done(sc.insts.size(), false);
  auto emit = [&](uint32_t v) {
    if (!done[v]) pr.steps.push_back(StepOf(sc, v, pr.zero_reg));
    done[v] = true;
  };
  // The values of this level that `cond` needs and are not done, increasing.
  std::vector<uint32_t> seen(sc.insts.size(), UINT32_MAX);  // the walk that last saw each
  uint32_t walk = 0;
  auto cone = [&](ir::ValueId cond) {
    std::vector<uint32_t> out;
    std::vector<uint32_t> stack{cond.index};
    ++walk;
    while (!stack.empty()) {
      uint32_t v = stack.back();
      stack.pop_back();
      if (seen[v] == walk || done[v] || level_of[v] != level) continue;
      seen[v] = walk;
      out.push_back(v);
      ir::ForEachOperand(sc.insts[v], [&](ir::ValueId u) { stack.push_back(u.index); });
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  std::vector<std::pair<double, size_t>> checks;  // (cost, require) of this level's
  if (pr.skip)
    for (size_t q = 0; q < sc.requires_.size(); ++q) {
      if (level_of[sc.requires_[q].cond.index] != level) continue;
      double cost = 0;
      for (uint32_t v : cone(sc.requires_[q].cond)) cost += codegen::InstCost(sc.insts[v].op);
      checks.push_back({cost, q});
    }
  std::stable_sort(checks.begin(), checks.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [cost, q] : checks) {
    for (uint32_t v : cone(sc.requires_[q].cond)) emit(v);
    const uint32_t cond = sc.requires_[q].cond.index;
    pr.steps.push_back({Step::Kind::Check, ir::Op::Const, 0, cond, pr.zero_reg, pr.zero_reg, 0, 0});
  }
  for (uint32_t v : values) emit(v);
}

// A sweep that skips computes the requires' conditions at every point, the rest only at
// the points they keep: few, in the searches that drop points by the hundred thousand
// (2% of advise's layouts). The loop order is chosen with the rest weighed so (and so the
// requires outer, where a failure skips more), not the order that computing everything
// everywhere would want.
constexpr double kKeptShare = 0.05;

std::vector<uint32_t> SkippingOrder(const ir::Scenario& sc) {
  std::vector<bool> cone(sc.insts.size(), false);
  for (const ir::Require& q : sc.requires_) cone[q.cond.index] = true;
  for (size_t i = sc.insts.size(); i-- > 0;)
    if (cone[i]) ir::ForEachOperand(sc.insts[i], [&](ir::ValueId v) { cone[v.index] = true; });
  std::vector<double> costs(sc.insts.size());
  for (size_t i = 0; i < sc.insts.size(); ++i)
    costs[i] = codegen::InstCost(sc.insts[i].op) * (cone[i] ? 1.0 : kKeptShare);
  std::vector<uint64_t> sizes;
  for (const ir::Param& p : sc.params) sizes.push_back(std::max<size_t>(1, p.values.size()));
  return codegen::ChooseOrder(sc, sizes, {}, &costs);
}

std::shared_ptr<const Program> Compile(const ir::Scenario& sc, const std::vector<uint32_t>& order, bool skip) {
  auto pr = std::make_shared<Program>();
  pr->sc = &sc;
  // Without a loop order (a point's evaluation), declaration order. The walk's order is
  // the filler's own: any order fills the same positions of the box.
  pr->skip = skip && !sc.requires_.empty();
  pr->order = pr->skip ? SkippingOrder(sc) : order;
  if (pr->order.size() != sc.params.size()) {
    pr->order.resize(sc.params.size());
    for (uint32_t p = 0; p < pr->order.size(); ++p) pr->order[p] = p;
  }
  pr->zero_reg = static_cast<uint32_t>(sc.insts.size());
  // Only the order matters for the levels.
  const std::vector<int> level = codegen::Stage(sc, pr->order, std::vector<uint64_t>(sc.params.size(), 1)).level;
  std::vector<std::vector<uint32_t>> by_level(pr->order.size() + 1);
  for (uint32_t i = 0; i < sc.insts.size(); ++i) by_level[static_cast<size_t>(level[i] + 1)].push_back(i);
  for (size_t l = 0; l < by_level.size(); ++l) {
    pr->begin.push_back(pr->steps.size());
    EmitLevel(*pr, by_level[l], level, static_cast<int>(l) - 1);
  }
  pr->begin.push_back(pr->steps.size());
  for (const ir::Report& r : sc.reports) pr->report_regs.push_back(r.value.index);
  for (const ir::Require& q : sc.requires_) pr->require_regs.push_back(q.cond.index);
  return pr;
}

class StagedFiller final : public runtime::BoxFiller {
 public:
  explicit StagedFiller(std::shared_ptr<const Program> pr)
      : pr_(std::move(pr)), regs_(pr_->zero_reg + 1, 0.0), params_(pr_->sc->params.size(), 0.0) {}

  void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride, double* reports,
            uint8_t* feasible, int64_t count) override {
    axes_ = axes, lo_ = lo, hi_ = hi, stride_ = stride, reports_ = reports, feasible_ = feasible, count_ = count;
    // Every param at the box's first point, for the values of level -1 (which read none).
    for (size_t p = 0; p < params_.size(); ++p) params_[p] = axes[p][lo[p]];
    if (!Run(0)) return Infeasible(0, 0);
    Walk(0, 0);
  }

 private:
  // Level `depth - 1`'s steps; false at the first require that fails. One switch on the
  // instruction (each arithmetic case ir::Apply with its op known, inlined to the
  // operation itself) rather than one on the step's kind and another in ir::Apply.
  bool Run(size_t depth) {
    double* r = regs_.data();
    const Step* s = pr_->steps.data();
    for (size_t k = pr_->begin[depth], end = pr_->begin[depth + 1]; k < end; ++k) {
      const Step& st = s[k];
      if (st.kind == Step::Kind::Check) {
        if (r[st.a] == 0) return false;
        continue;
      }
      switch (st.op) {
        case ir::Op::Const: r[st.dst] = st.imm; break;
        case ir::Op::Param: r[st.dst] = params_[st.aux]; break;
        // Those that read more than their operands' values: the kernel models (and their
        // derivatives) and the draws' stream (the instruction's imm).
        case ir::Op::Kernel:
        case ir::Op::KernelJvp: Kernel(st); break;
        case ir::Op::Uniform: r[st.dst] = ir::ApplyUniform(pr_->sc->insts[st.aux], r[st.a], r[st.b]); break;
        // Every other instruction (a new one in insts.def is a -Wswitch warning here).
#define RL_APPLY(name) \
  case ir::Op::name: r[st.dst] = ir::Apply(ir::Op::name, r[st.a], r[st.b], r[st.c]); break;
        RL_APPLY(Add) RL_APPLY(Sub) RL_APPLY(Mul) RL_APPLY(Div) RL_APPLY(Mod) RL_APPLY(Pow) RL_APPLY(Min)
        RL_APPLY(Max) RL_APPLY(Neg) RL_APPLY(Abs) RL_APPLY(Sqrt) RL_APPLY(Exp) RL_APPLY(Log) RL_APPLY(Log2)
        RL_APPLY(Ceil) RL_APPLY(Floor) RL_APPLY(Lt) RL_APPLY(Le) RL_APPLY(Gt) RL_APPLY(Ge) RL_APPLY(Eq)
        RL_APPLY(Ne) RL_APPLY(And) RL_APPLY(Or) RL_APPLY(Not) RL_APPLY(Select) RL_APPLY(Probit)
#undef RL_APPLY
      }
    }
    return true;
  }

  void Kernel(const Step& st) {
    double* r = regs_.data();
    const ir::Inst& in = pr_->sc->insts[st.aux];
    feats_.resize(in.args.size());
    for (size_t k = 0; k < in.args.size(); ++k) feats_[k] = r[in.args[k].index];
    r[st.dst] = ir::ApplyKernel(*pr_->sc, in, feats_.data());
  }

  // The points of the loops from `depth` in, at `pos`: each loop's param set and its
  // level run as it changes.
  void Walk(size_t depth, int64_t pos) {
    if (depth == pr_->order.size()) return Row(pos);
    const uint32_t p = pr_->order[depth];
    for (int64_t i = lo_[p]; i < hi_[p]; ++i, pos += stride_[p]) {
      params_[p] = axes_[p][i];
      if (Run(depth + 1)) Walk(depth + 1, pos);
      else Infeasible(depth + 1, pos);
    }
  }

  void Row(int64_t pos) {
    const double* r = regs_.data();
    for (size_t k = 0; k < pr_->report_regs.size(); ++k)
      reports_[k * static_cast<size_t>(count_) + static_cast<size_t>(pos)] = r[pr_->report_regs[k]];
    // Skipping, every require was checked on the way in.
    bool ok = true;
    if (!pr_->skip)
      for (uint32_t q : pr_->require_regs) ok &= r[q] != 0;
    feasible_[pos] = ok ? 1 : 0;
  }

  // Every point of the loops from `depth` in, at `pos`, is infeasible.
  void Infeasible(size_t depth, int64_t pos) {
    if (depth == pr_->order.size()) {
      feasible_[pos] = 0;
      return;
    }
    const uint32_t p = pr_->order[depth];
    for (int64_t i = lo_[p]; i < hi_[p]; ++i, pos += stride_[p]) Infeasible(depth + 1, pos);
  }

  std::shared_ptr<const Program> pr_;
  std::vector<double> regs_, params_, feats_;
  const double* const* axes_ = nullptr;
  const int64_t *lo_ = nullptr, *hi_ = nullptr, *stride_ = nullptr;
  double* reports_ = nullptr;
  uint8_t* feasible_ = nullptr;
  int64_t count_ = 0;
};

}  // namespace

runtime::FillerFactory StagedInterpFillers(const ir::Scenario& sc, const std::vector<uint32_t>& order,
                                           bool skip_infeasible) {
  std::shared_ptr<const Program> pr = Compile(sc, order, skip_infeasible);
  return [pr] { return std::make_unique<StagedFiller>(pr); };
}

}  // namespace rl::api
