// The cost IR: one flat, typed, SSA-like instruction vector per scenario, addressed by
// ValueId (an index; operands always precede their users). Params come in, reports and
// requires go out. Semantics of the instructions: insts.def. Produced by compiler/check,
// rewritten by compiler/passes, evaluated by compiler/interp (and the JIT).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/source.h"
#include "base/units/units.h"
#include "runtime/kernels/kernels.h"

namespace rl::ir {

enum class Op : uint8_t {
#define RL_INST(name, mnemonic, arity, type) name,
#include "compiler/ir/insts.def"
};
enum class Ty : uint8_t { F64, Bool };

const char* Mnemonic(Op op);
int Arity(Op op);

struct ValueId {
  uint32_t index = UINT32_MAX;
  bool Valid() const { return index != UINT32_MAX; }
  friend bool operator==(ValueId a, ValueId b) { return a.index == b.index; }
};

struct Inst {
  Op op;
  Ty ty;
  ValueId a, b, c;  // operands in order; unused ones invalid
  double imm = 0;   // Const: the value; Param: the param's index; Kernel: the model id
  SourceRange range;
  std::vector<ValueId> args = {};  // Kernel only: the features, in the kind's order
};

// Calls f(ValueId) on every operand of `in`, fixed and variadic.
template <class F>
void ForEachOperand(const Inst& in, F&& f) {
  for (ValueId v : {in.a, in.b, in.c})
    if (v.Valid()) f(v);
  for (ValueId v : in.args) f(v);
}

// How a scalar value is shown: its dimension, whether it is an exact integer or a
// boolean, and the unit it prints in.
struct Display {
  enum class Kind : uint8_t { Int, Real, Bool } kind = Kind::Real;
  units::Dim dim;
  units::Unit unit;  // print unit (canonical unless the spec or --unit chose one)
};

// A `Real` of dimension `dim`, shown in its SI unit (no unit name for a plain number).
Display RealDisplay(const units::Dim& dim);

struct Param {
  std::string name;
  Display display;
  double default_value = 0;    // SI
  std::vector<double> values;  // SI; the sweep's axis ({default} if none given)
  SourceRange range;
  // A param the checker specialised the scenario on (a Device, a String, an Int that
  // shapes structure): no instruction reads it; each value has its own variant of the
  // scenario. With labels, values are indices into them and print as the names.
  bool specialised = false;
  std::vector<std::string> labels;
};
struct Report {
  std::string name;
  ValueId value;
  Display display;
  SourceRange range;
  // A derivative report (compiler/passes/tangent.cpp): d reports[tangent_of] / d
  // inputs[wrt]. Derivative reports come after every other report.
  int32_t tangent_of = -1;
  int32_t wrt = -1;
};
// A continuous input the derivatives can be taken by (docs/sensitivity.md): a `Real`
// param (`param` its index), or a `Real` field of a record param (`name` is
// `param.field`, nested `param.a.b`), which the checker lowers as a constant it tags
// (`seed`, valid until the passes rewrite the scenario; `value` its value).
struct Input {
  std::string name;
  Display display;
  int32_t param = -1;
  ValueId seed;
  double value = 0;
};
struct Require {
  ValueId cond;
  std::string message;  // as written (or computed), or the condition's source text
  SourceRange range;
  bool written = false;  // `message` is the require's name, not its condition's text
};

// A kernel model a scenario predicts with, and the bundle that owns it (kept alive as
// long as the scenario, or code compiled from it, is).
struct KernelUse {
  std::shared_ptr<const kernels::Bundle> bundle;
  const kernels::Model* model = nullptr;
};

struct Scenario {
  std::string name;
  std::vector<Param> params;
  std::vector<Inst> insts;
  std::vector<Report> reports;
  std::vector<Require> requires_;
  // The kernel models its `kernel` instructions name by index (Inst::imm).
  std::vector<KernelUse> kernels;
  // Filled by the checker when derivatives were asked for (check::Options::inputs).
  std::vector<Input> inputs;

  const Inst& operator[](ValueId v) const { return insts[v.index]; }

  // Builder helpers: append and return the new value.
  ValueId Const(double v, SourceRange r = {}, Ty ty = Ty::F64);
  ValueId ParamRef(uint32_t index, SourceRange r = {});
  ValueId Unary(Op op, ValueId a, SourceRange r = {});
  ValueId Binary(Op op, ValueId a, ValueId b, SourceRange r = {});
  ValueId Select(ValueId c, ValueId t, ValueId f, SourceRange r = {});
  ValueId Kernel(uint32_t model, std::vector<ValueId> feats, SourceRange r = {});
  // args: the features, then their tangents.
  ValueId KernelJvp(uint32_t model, std::vector<ValueId> args, SourceRange r = {});
  // The reports that are not derivatives (they come first).
  size_t PrimalReports() const {
    size_t n = 0;
    while (n < reports.size() && reports[n].tangent_of < 0) ++n;
    return n;
  }
  // The index of `model` in `kernels`, added the first time.
  uint32_t UseKernel(std::shared_ptr<const kernels::Bundle> bundle, const kernels::Model* model);
  const kernels::Model& KernelOf(const Inst& in) const { return *kernels[static_cast<size_t>(in.imm)].model; }
  static bool IsKernel(Op op) { return op == Op::Kernel || op == Op::KernelJvp; }
};

// The largest `Int` result known to be exact: every integer up to 2^53 is a double, but a
// result of 2^53 may be 2^53 + 1 rounded (`9007199254740992 + 1`), so `Int` arithmetic
// that reaches 2^53 is an error (compile time) or NaN (run time).
inline constexpr double kMaxExactInt = 9007199254740991.0;  // 2^53 - 1
// `select(abs(v) <= 2^53 - 1, v, NaN)`: an `Int` result that may not be exact turns into
// a NaN the evaluators report. IsExactIntGuard recognises the select.
ValueId GuardExactInt(Scenario& s, ValueId v, SourceRange r);
bool IsExactIntGuard(const Scenario& s, const Inst& select);
// An upper bound on |v| over every point of the scenario's params (their values and
// defaults); infinity when nothing better is known. `known` caches the bounds of the
// scenario's values (empty for a new scenario; its instructions are only appended).
// Guards are only emitted where this bound reaches 2^53.
double MagnitudeBound(const Scenario& s, ValueId v, std::vector<double>& known);

// Makes a comparison on NaN an error instead of a silent `false`: every select and require
// whose condition compares a value that can be NaN gets a probe (0, or NaN when a compared
// value is NaN, with `and`/`or` short-circuiting as in three-valued logic) added to what
// it yields, so the NaN reaches the reports and the run reports it ([non_finite]).
// Run on each scenario as lowered (unordered.cpp).
void GuardUnordered(Scenario& s);

std::string Print(const Scenario& s);
// Returns "" when well-formed, else a description of the first problem.
std::string Verify(const Scenario& s);

}  // namespace rl::ir
