// Cost IR: instruction table, builder helpers, printer.
#include "compiler/ir/ir.h"

#include <cmath>

#include <fmt/format.h>

#include "base/check.h"

namespace rl::ir {

const char* Mnemonic(Op op) {
  switch (op) {
#define RL_INST(name, mnemonic, arity, type) \
  case Op::name:                             \
    return mnemonic;
#include "compiler/ir/insts.def"
  }
  return "?";
}

int Arity(Op op) {
  switch (op) {
#define RL_INST(name, mnemonic, arity, type) \
  case Op::name:                             \
    return arity;
#include "compiler/ir/insts.def"
  }
  return 0;
}

static Ty ResultTy(Op op, Ty operand) {
  switch (op) {
#define RL_INST(name, mnemonic, arity, type) \
  case Op::name:                             \
    return std::string_view(#type) == "Bool" ? Ty::Bool : std::string_view(#type) == "F64" ? Ty::F64 : operand;
#include "compiler/ir/insts.def"
  }
  return Ty::F64;
}

ValueId Scenario::Const(double v, SourceRange r, Ty ty) {
  insts.push_back({Op::Const, ty, {}, {}, {}, v, r});
  return {static_cast<uint32_t>(insts.size() - 1)};
}
ValueId Scenario::ParamRef(uint32_t index, SourceRange r) {
  insts.push_back({Op::Param, Ty::F64, {}, {}, {}, static_cast<double>(index), r});
  return {static_cast<uint32_t>(insts.size() - 1)};
}
ValueId Scenario::Unary(Op op, ValueId a, SourceRange r) {
  RL_CHECK(Arity(op) == 1, "unary op expected");
  insts.push_back({op, ResultTy(op, insts[a.index].ty), a, {}, {}, 0, r});
  return {static_cast<uint32_t>(insts.size() - 1)};
}
ValueId Scenario::Binary(Op op, ValueId a, ValueId b, SourceRange r) {
  RL_CHECK(Arity(op) == 2, "binary op expected");
  insts.push_back({op, ResultTy(op, insts[a.index].ty), a, b, {}, 0, r});
  return {static_cast<uint32_t>(insts.size() - 1)};
}
uint32_t Scenario::UseKernel(std::shared_ptr<const kernels::Bundle> bundle, const kernels::Model* model) {
  for (size_t i = 0; i < kernels.size(); ++i)
    if (kernels[i].model == model) return static_cast<uint32_t>(i);
  kernels.push_back({std::move(bundle), model});
  return static_cast<uint32_t>(kernels.size() - 1);
}

ValueId Scenario::Kernel(uint32_t model, std::vector<ValueId> feats, SourceRange r) {
  Inst in{Op::Kernel, Ty::F64, {}, {}, {}, static_cast<double>(model), r};
  in.args = std::move(feats);
  insts.push_back(std::move(in));
  return {static_cast<uint32_t>(insts.size() - 1)};
}
ValueId Scenario::KernelJvp(uint32_t model, std::vector<ValueId> args, SourceRange r) {
  Inst in{Op::KernelJvp, Ty::F64, {}, {}, {}, static_cast<double>(model), r};
  in.args = std::move(args);
  insts.push_back(std::move(in));
  return {static_cast<uint32_t>(insts.size() - 1)};
}
ValueId Scenario::Select(ValueId c, ValueId t, ValueId f, SourceRange r) {
  insts.push_back({Op::Select, insts[t.index].ty, c, t, f, 0, r});
  return {static_cast<uint32_t>(insts.size() - 1)};
}

Display RealDisplay(const units::Dim& dim) {
  Display d;
  d.dim = dim;
  d.unit = units::Unit::Canonical(dim);
  if (dim.IsNone()) d.unit.name = "";
  return d;
}

static std::string DisplayStr(const Display& d) {
  switch (d.kind) {
    case Display::Kind::Int: return "Int";
    case Display::Kind::Bool: return "Bool";
    case Display::Kind::Real: return d.dim.Str();
  }
  return "?";
}

std::string Print(const Scenario& s) {
  std::string out = fmt::format("scenario {} {{\n", s.name);
  for (size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    out += fmt::format("  param {} {} : {} = {}", i, p.name, DisplayStr(p.display),
                       units::FormatNumber(p.default_value));
    if (p.values.size() > 1) out += fmt::format("  ; sweeps {} values", p.values.size());
    out += "\n";
  }
  for (size_t i = 0; i < s.insts.size(); ++i) {
    const Inst& in = s.insts[i];
    out += fmt::format("  %{} = {}", i, Mnemonic(in.op));
    if (in.op == Op::Const) out += " " + units::FormatNumber(in.imm);
    if (in.op == Op::Param)
      out += fmt::format(" {} ; {}", static_cast<int>(in.imm), s.params[static_cast<size_t>(in.imm)].name);
    const ValueId ops[3] = {in.a, in.b, in.c};
    for (int k = 0; k < Arity(in.op); ++k) out += fmt::format("{} %{}", k ? "," : "", ops[k].index);
    if (Scenario::IsKernel(in.op)) {
      const bool known = in.imm >= 0 && in.imm < static_cast<double>(s.kernels.size()) && s.KernelOf(in).impl;
      out += fmt::format(" {} ;", known ? s.KernelOf(in).kind() : std::string("?"));
      for (size_t k = 0; k < in.args.size(); ++k) out += fmt::format("{} %{}", k ? "," : "", in.args[k].index);
    }
    if (in.ty == Ty::Bool) out += " : bool";
    out += "\n";
  }
  for (const Require& r : s.requires_)
    out += fmt::format("  require %{}{}\n", r.cond.index, r.message.empty() ? "" : " ; " + r.message);
  for (const Input& x : s.inputs)
    out += fmt::format("  input {} : {}{}\n", x.name, DisplayStr(x.display),
                       x.param >= 0 ? fmt::format(" ; param {}", x.param) : fmt::format(" ; %{}", x.seed.index));
  for (const Report& r : s.reports)
    out += fmt::format("  report {} = %{} : {}{}\n", r.name, r.value.index, DisplayStr(r.display),
                       r.display.unit.name.empty() ? "" : " in " + r.display.unit.name);
  return out + "}\n";
}

std::string Verify(const Scenario& s) {
  auto check_operand = [&](size_t at, ValueId v, Ty want) -> std::string {
    if (!v.Valid() || v.index >= at) return fmt::format("%{} uses %{} before its definition", at, v.index);
    if (s.insts[v.index].ty != want)
      return fmt::format("%{} expects a {} operand, %{} is not", at, want == Ty::Bool ? "bool" : "f64", v.index);
    return "";
  };
  for (size_t i = 0; i < s.insts.size(); ++i) {
    const Inst& in = s.insts[i];
    std::string err;
    Ty operand = (in.op == Op::And || in.op == Op::Or || in.op == Op::Not) ? Ty::Bool : Ty::F64;
    // Equality also compares booleans.
    if ((in.op == Op::Eq || in.op == Op::Ne) && in.a.Valid() && in.a.index < i)
      operand = s.insts[in.a.index].ty;
    if (in.op == Op::Param && (in.imm < 0 || in.imm >= s.params.size() || in.imm != std::floor(in.imm)))
      return fmt::format("%{} refers to param {} of {}", i, in.imm, s.params.size());
    // The result type is fixed by the op (insts.def), except for constants and selects.
    if (in.op != Op::Const && in.op != Op::Select && in.ty != ResultTy(in.op, in.ty))
      return fmt::format("%{} = {} has type {}", i, Mnemonic(in.op), in.ty == Ty::Bool ? "bool" : "f64");
    if (!Scenario::IsKernel(in.op) && !in.args.empty())
      return fmt::format("%{} = {} has variadic operands", i, Mnemonic(in.op));
    if (Scenario::IsKernel(in.op)) {
      if (!(in.imm >= 0 && in.imm < static_cast<double>(s.kernels.size()) && in.imm == std::floor(in.imm)) ||
          !s.kernels[static_cast<size_t>(in.imm)].model)
        return fmt::format("%{} = {} refers to model {} of {}", i, Mnemonic(in.op), in.imm, s.kernels.size());
      if (in.op == Op::KernelJvp && in.args.size() % 2 != 0)
        return fmt::format("%{} = kernel_jvp has {} operands, not features and as many tangents", i, in.args.size());
      for (ValueId v : in.args)
        if (!(err = check_operand(i, v, Ty::F64)).empty()) return err;
    }
    const ValueId all[3] = {in.a, in.b, in.c};
    for (int k = Arity(in.op); k < 3; ++k)
      if (all[k].Valid()) return fmt::format("%{} = {} has more than {} operands", i, Mnemonic(in.op), Arity(in.op));
    if (in.op == Op::Select) {
      if (!(err = check_operand(i, in.a, Ty::Bool)).empty()) return err;
      if (!(err = check_operand(i, in.b, in.ty)).empty()) return err;
      if (!(err = check_operand(i, in.c, in.ty)).empty()) return err;
      continue;
    }
    const ValueId ops[3] = {in.a, in.b, in.c};
    for (int k = 0; k < Arity(in.op); ++k)
      if (!(err = check_operand(i, ops[k], operand)).empty()) return err;
  }
  for (const Report& r : s.reports)
    if (!r.value.Valid() || r.value.index >= s.insts.size())
      return fmt::format("report {} refers to a missing value", r.name);
  for (const Require& r : s.requires_)
    if (!r.cond.Valid() || r.cond.index >= s.insts.size() || s.insts[r.cond.index].ty != Ty::Bool)
      return "a require does not refer to a boolean value";
  return "";
}

}  // namespace rl::ir
