// Declared types: unit resolution, conformance of values to annotations (fn params,
// record fields, lets, params), and type names for messages.
#include <algorithm>

#include <fmt/format.h>

#include "compiler/check/program.h"

namespace rl::check {

std::string Describe(const ScalarType& t) {
  switch (t.base) {
    case ScalarType::Base::Int: return "Int";
    case ScalarType::Base::Bool: return "Bool";
    case ScalarType::Base::Real: return t.dim.IsNone() ? "Real" : t.dim.Str();
  }
  return "?";
}

std::string Describe(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Error: return "an erroneous value";
    case Value::Kind::Scalar: return Describe(v.type);
    case Value::Kind::String: return "String";
    case Value::Kind::List:
      return v.elems->empty() ? "[]" : "[" + Describe((*v.elems)[0]) + "]";
    case Value::Kind::Record: return v.record->name;
    case Value::Kind::Func: return "fn " + v.fn->name;
    case Value::Kind::Builtin: return "a built-in function";
    case Value::Kind::Module: return "a module";
    case Value::Kind::Bundle: return "Bundle";
  }
  return "?";
}

bool OneKind(const Value& a, const Value& b) {
  auto callable = [](const Value& v) { return v.kind == Value::Kind::Func || v.kind == Value::Kind::Builtin; };
  if (a.kind != b.kind) return callable(a) && callable(b);
  switch (a.kind) {
    case Value::Kind::Scalar:
      if ((a.type.base == ScalarType::Base::Bool) != (b.type.base == ScalarType::Base::Bool)) return false;
      return a.type.any_dim || b.type.any_dim || a.type.dim == b.type.dim;
    case Value::Kind::Record: return a.record == b.record;
    case Value::Kind::List:
      // Nesting is bounded by what a spec can build; each level compares one element.
      return a.elems->empty() || b.elems->empty() || OneKind(a.elems->front(), b.elems->front());
    default: return true;
  }
}

std::string RoundHint(const Value& v) {
  bool plain_real = v.IsScalar() && v.type.base == ScalarType::Base::Real && v.type.dim.IsNone() && !v.type.any_dim;
  return plain_real ? "; round it with `ceil` or `floor`" : "";
}

std::optional<units::Unit> Program::ResolveUnit(const ast::UnitExpr& u) {
  if (u.text == "?") return std::nullopt;  // already reported by the parser
  units::Unit acc{units::Dim{}, 0, 1.0, "1"};
  bool ok = true;
  for (const ast::UnitFactor& f : u.factors) {
    std::optional<units::Unit> w = units::LookupWord(f.word);
    if (!w) {
      std::string hint = units::HintFor(f.word);
      Error(diag::Kind::unknown_unit, f.range,
            fmt::format("unknown unit `{}`{}", f.word, hint.empty() ? "" : "; " + hint));
      ok = false;
      continue;
    }
    // f.power is within ±units::kMaxUnitPower (the parser checks it) and a word's
    // exponents are ±1, so only the running product can leave the range.
    if (!acc.dim.ProductFits(w->dim.Pow(f.power), 1)) {
      Error(diag::Kind::unit_out_of_range, u.range,
            fmt::format("the unit `{}` has a dimension beyond the power {}", u.text, units::kMaxDimExp));
      return std::nullopt;
    }
    acc = acc * w->Pow(f.power);
  }
  if (!ok) return std::nullopt;
  acc.name = u.text.empty() ? acc.dim.Str() : u.text;
  return acc;
}

std::string Program::TypeText(const ast::Type& t) {
  switch (t.kind) {
    case ast::Type::Kind::Named: return t.name;
    case ast::Type::Kind::Unit: {
      std::optional<units::Unit> u = ResolveUnit(t.unit);
      return u ? u->dim.Str() : t.unit.text;
    }
    case ast::Type::Kind::List: return "[" + TypeText(t.params[0]) + "]";
    case ast::Type::Kind::Fn: return "fn";
  }
  return "?";
}

Value Program::Conform(const Value& v, const ast::Type& t, ModuleInfo* m, SourceRange where,
                       const std::string& what) {
  if (v.IsError()) return v;
  auto mismatch = [&]() {
    Error(diag::Kind::type_mismatch, where,
          fmt::format("{} must be `{}`, got `{}`", what, TypeText(t), Describe(v)));
    return Value::Error();
  };
  switch (t.kind) {
    case ast::Type::Kind::Named: {
      using B = ScalarType::Base;
      if (t.name == "Int") {
        if (!v.IsScalar() || v.type.base != B::Int) {
          Error(diag::Kind::type_mismatch, where,
                fmt::format("{} must be `Int`, got `{}`{}", what, Describe(v), RoundHint(v)));
          return Value::Error();
        }
        return v;
      }
      if (t.name == "Bool") {
        if (!v.IsScalar() || v.type.base != B::Bool) return mismatch();
        return v;
      }
      if (t.name == "Real") {
        if (!v.IsScalar() || !v.type.IsNumeric() || !(v.type.dim.IsNone() || v.type.any_dim))
          return mismatch();
        Value r = v;
        r.type = {B::Real, {}, false};
        return r;
      }
      if (t.name == "String") return v.kind == Value::Kind::String ? v : mismatch();
      if (t.name == "Bundle") return v.kind == Value::Kind::Bundle ? v : mismatch();
      ModuleInfo* owner = nullptr;
      if (const ast::TypeDecl* alias = FindTypeAlias(m, t.name, &owner))
        return Conform(v, alias->type, owner, where, what);
      const ast::RecordDecl* rec = FindRecord(m, "", t.name, &owner);
      if (!rec) return Value::Error();  // reported by the resolver
      if (v.kind != Value::Kind::Record || v.record != rec) return mismatch();
      return v;
    }
    case ast::Type::Kind::Unit: {
      std::optional<units::Unit> u = ResolveUnit(t.unit);
      if (!u) return Value::Error();
      if (!v.IsScalar() || !v.type.IsNumeric()) return mismatch();
      if (v.type.any_dim || (v.type.dim == u->dim && (v.type.base == ScalarType::Base::Real || u->dim.IsNone()))) {
        Value r = v;
        r.type = {ScalarType::Base::Real, u->dim, false};
        return r;
      }
      if (v.type.dim != u->dim)
        Error(diag::Kind::unit_mismatch, where,
              fmt::format("{} must be in `{}`, got `{}`", what, u->dim.Str(), Describe(v)));
      else
        return mismatch();
      return Value::Error();
    }
    case ast::Type::Kind::List: {
      if (v.kind != Value::Kind::List) return mismatch();
      // A list of records (a network's `[Layer]`, conformed at every call that passes it):
      // the record type is looked up once, and the list is returned as it is.
      const ast::Type& et = t.params[0];
      if (et.kind == ast::Type::Kind::Named && et.name != "Int" && et.name != "Bool" &&
          et.name != "Real" && et.name != "String") {
        ModuleInfo* owner = nullptr;
        const ast::RecordDecl* rec =
            FindTypeAlias(m, et.name, &owner) ? nullptr : FindRecord(m, "", et.name, &owner);
        if (rec && std::all_of(v.elems->begin(), v.elems->end(), [&](const Value& e) {
              return e.kind == Value::Kind::Record && e.record == rec;
            }))
          return v;
      }
      // Most other lists conform unchanged too (only an `Int` taken as a `Real` or a unit
      // changes), so the copy is made at the first element that changes, if any.
      const std::string element = what + " element";
      std::shared_ptr<std::vector<Value>> out;
      const std::vector<Value>& in = *v.elems;
      for (size_t i = 0; i < in.size(); ++i) {
        Value c = Conform(in[i], t.params[0], m, where, element);
        if (c.IsError()) return c;
        bool same = c.kind == in[i].kind &&
                    (c.kind == Value::Kind::Scalar
                         ? c.type.base == in[i].type.base && c.type.dim == in[i].type.dim &&
                               c.type.any_dim == in[i].type.any_dim
                         : c.elems == in[i].elems);
        if (!same && !out) out = std::make_shared<std::vector<Value>>(in.begin(), in.begin() + i);
        if (out) out->push_back(std::move(c));
      }
      if (!out) return v;
      Value r = v;
      r.elems = out;
      return r;
    }
    case ast::Type::Kind::Fn:
      if (v.kind != Value::Kind::Func && v.kind != Value::Kind::Builtin) return mismatch();
      return v;
  }
  return v;
}

}  // namespace rl::check
