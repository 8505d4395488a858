// Values of the checker's partial evaluator. Structure (lists, records, functions,
// strings) is always static; scalars are either constants or IR values that depend on
// scenario params. Every scalar carries its static type: Int, Real with a dimension, or
// Bool. An Error value poisons whatever uses it, so one mistake gives one diagnostic.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/ir/ir.h"
#include "base/units/units.h"

namespace rl::kernels {
class Bundle;
}

namespace rl::check {

struct ModuleInfo;
struct Scope;
struct CallSite;

enum class Builtin {
#define RL_BUILTIN(id, name, family) id,
#include "compiler/check/builtins.def"
};
// The file a built-in's call is handled in (builtins.def).
enum class BuiltinFamily { Math, List, Text, Kernel, Json };
BuiltinFamily FamilyOf(Builtin b);

// The built-in a name means when nothing in scope, in the module or among its imports
// binds it (built-in names are not reserved), or nullopt.
std::optional<Builtin> BuiltinNamed(const std::string& name);
// Every built-in's name (for suggestions).
std::vector<std::string> BuiltinNames();

struct ScalarType {
  enum class Base : uint8_t { Int, Real, Bool } base = Base::Real;
  units::Dim dim;
  bool any_dim = false;  // the empty sum: a zero that adopts any dimension

  bool IsNumeric() const { return base != Base::Bool; }
};

struct Value {
  enum class Kind : uint8_t { Error, Scalar, String, List, Record, Func, Builtin, Module, Bundle } kind = Kind::Error;

  // Scalar
  ScalarType type;
  bool is_const = true;
  double c = 0;        // when is_const (Bool: 0 or 1)
  ir::ValueId id;      // when dynamic
  // A constant `Real` computed from a record param's `Real` fields while derivatives are
  // asked for (Compilation::TraceInputs): the same computation in the scenario's IR, from
  // the constants the fields were lowered to, so that the tangent pass reaches it. Its
  // value is `c`; structure keeps using `c`, and a use in IR takes the shadow
  // (Program::Materialize). Comparisons, `Int`s and `Bool`s drop it: they are locally
  // constant in a `Real`.
  ir::ValueId shadow;
  // String
  std::string str;
  // List elements, or Record fields in declaration order
  std::shared_ptr<const std::vector<Value>> elems;
  // Record
  const ast::RecordDecl* record = nullptr;
  ModuleInfo* record_module = nullptr;
  // Func
  const ast::FnDecl* fn = nullptr;
  ModuleInfo* fn_module = nullptr;
  std::shared_ptr<const Scope> captured;  // a lambda's view of the names around it
  // Where the spec made this function value: the calls active when a lambda was created
  // (`conv2d(64, 3)`), or the name that brought a library block into the spec (`relu`).
  // Diagnostics raised inside it point there (Program::RaiseUserError).
  std::shared_ptr<const CallSite> origin;
  // Builtin
  Builtin builtin = Builtin::Min;
  // Module (an `import ... as name`)
  ModuleInfo* module = nullptr;
  // Bundle: kernel-time models (`mlp_bundle("cpu.rlk")`; empty for `mlp_bundle()`), with
  // its resolved path in `str`
  std::shared_ptr<const kernels::Bundle> bundle;

  static Value Error() { return {}; }
  static Value Const(double v, ScalarType t) {
    Value r;
    r.kind = Kind::Scalar;
    r.type = t;
    r.c = v;
    return r;
  }
  static Value Int(double v) { return Const(v, {ScalarType::Base::Int, {}, false}); }
  static Value Bool(bool v) { return Const(v ? 1 : 0, {ScalarType::Base::Bool, {}, false}); }
  static Value Dynamic(ir::ValueId id, ScalarType t) {
    Value r;
    r.kind = Kind::Scalar;
    r.type = t;
    r.is_const = false;
    r.id = id;
    return r;
  }
  bool IsError() const { return kind == Kind::Error; }
  bool IsScalar() const { return kind == Kind::Scalar; }
  bool IsStatic() const { return kind != Kind::Scalar || is_const; }
};

// `Int`, `Bool`, `B/s`, `[Int]`, `Link`, `fn`: for messages.
std::string Describe(const Value& v);
std::string Describe(const ScalarType& t);
// Whether `a` and `b` may be elements of one list: numbers of one dimension (`Int` and
// `Real` alike), `Bool`s, `String`s, records of one type, lists whose first elements may
// be (an empty list goes with any list), functions, bundles.
bool OneKind(const Value& a, const Value& b);
// "; round it with `ceil` or `floor`" when `v` is a plain `Real` where an `Int` is
// needed, else "".
std::string RoundHint(const Value& v);

}  // namespace rl::check
