// Built-ins of the list family (builtins.def): len, range, concat, flatten, fold;
// structure, so always static.
#include <cmath>

#include <fmt/format.h>

#include "base/check.h"
#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {

using B = ScalarType::Base;

Value Program::CallListBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  SourceRange at = call->range;
  switch (b) {
    case Builtin::Len:
      if (args.size() != 1 || args[0].kind != Value::Kind::List) {
        Error(diag::Kind::bad_call, at, "`len` takes one list");
        return Value::Error();
      }
      return Value::Int(static_cast<double>(args[0].elems->size()));
    case Builtin::Range: {
      // range(n) = [0, ..., n-1]; range(a, b) = [a, ..., b-1]. Structure, so static.
      if (args.empty() || args.size() > 2) {
        Error(diag::Kind::bad_call, at, "`range` takes one or two `Int`s");
        return Value::Error();
      }
      for (size_t i = 0; i < args.size(); ++i)
        if (!args[i].IsScalar() || args[i].type.base != B::Int || !args[i].is_const) {
          NeedStatic(args[i]);
          Error(args[i].IsStatic() ? diag::Kind::type_mismatch : diag::Kind::not_static, call->args[i].range,
                fmt::format("`range` needs constant `Int`s, got {}`{}`{}",
                            args[i].IsStatic() ? "" : "param-dependent ", Describe(args[i]), RoundHint(args[i])));
          return Value::Error();
        }
      double lo = args.size() == 2 ? args[0].c : 0, hi = args.back().c;
      if (hi - lo > 1e6) {
        Error(diag::Kind::bad_range, at, fmt::format("`range` of {} elements; the limit is 1000000",
                                                     units::FormatNumber(hi - lo)));
        return Value::Error();
      }
      // Each element counts against the evaluation budget, as much as building it costs
      // (about 8 expression steps), so an inner `range` rebuilt in a loop stops there too.
      if (hi > lo && !Spend(8 * static_cast<uint64_t>(hi - lo), at)) return Value::Error();
      auto out = std::make_shared<std::vector<Value>>();
      out->reserve(hi > lo ? static_cast<size_t>(hi - lo) : 0);
      for (double i = lo; i < hi; ++i) out->push_back(Value::Int(i));
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case Builtin::Concat:
    case Builtin::Flatten: {
      // concat(a, b, ...) joins lists; flatten(xs) joins the lists inside one list.
      const char* name = b == Builtin::Concat ? "concat" : "flatten";
      std::vector<Value> parts = args;
      if (b == Builtin::Flatten) {
        if (args.size() != 1 || args[0].kind != Value::Kind::List) {
          Error(diag::Kind::bad_call, at, "`flatten` takes one list of lists");
          return Value::Error();
        }
        parts = *args[0].elems;
      }
      auto out = std::make_shared<std::vector<Value>>();
      size_t total = 0;
      for (size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].kind != Value::Kind::List) {
          Error(diag::Kind::type_mismatch, b == Builtin::Concat ? call->args[i].range : call->args[0].range,
                fmt::format("`{}` joins lists, got `{}`", name, Describe(parts[i])));
          return Value::Error();
        }
        total += parts[i].elems->size();
      }
      // The joined list holds one type, as a list literal does.
      const Value* first = nullptr;
      for (size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].elems->empty()) continue;
        if (first && !OneKind(*first, parts[i].elems->front())) {
          Error(diag::Kind::type_mismatch, b == Builtin::Concat ? call->args[i].range : call->args[0].range,
                fmt::format("`{}` joins lists of one type; this one holds `{}`, the first `{}`", name,
                            Describe(parts[i].elems->front()), Describe(*first)));
          return Value::Error();
        }
        if (!first) first = &parts[i].elems->front();
      }
      // A list a spec doubles in a loop stops here, as `range` does, and each element counts
      // against the evaluation budget.
      if (total > kMaxList) {
        Error(diag::Kind::eval_limit, at,
              fmt::format("`{}` would make a list of {} elements; the limit is {}", name, total, kMaxList));
        return Value::Error();
      }
      if (!Spend(total, at)) return Value::Error();
      out->reserve(total);
      for (const Value& part : parts) out->insert(out->end(), part.elems->begin(), part.elems->end());
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    case Builtin::Fold: {
      // fold(f, init, xs) = f(...f(f(init, xs[0]), xs[1])..., xs[n-1]), iteratively, so a
      // network of a thousand layers needs no recursion.
      if (args.size() != 3 || args[0].kind != Value::Kind::Func || args[2].kind != Value::Kind::List) {
        Error(diag::Kind::bad_call, at, "`fold` takes a function of two arguments, an initial value and a list");
        return Value::Error();
      }
      Value acc = args[1];
      std::vector<SourceRange> ranges{call->args[1].range, call->args[2].range};
      std::vector<std::string> names(2);
      for (const Value& item : *args[2].elems) {
        std::vector<Value> fargs{acc, item};
        acc = CallFn(args[0], at, ranges, fargs, names, env);
        if (acc.IsError()) return acc;
      }
      return acc;
    }
    default: break;
  }
  RL_CHECK(false, "a built-in of another family");
  return Value::Error();
}

}  // namespace rl::check
