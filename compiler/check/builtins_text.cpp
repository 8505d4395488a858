// Built-ins of the text family (builtins.def): str, and error and shape_error, which
// raise a spec's or library's own diagnostic.
#include <cmath>

#include <fmt/format.h>

#include "base/check.h"
#include "compiler/check/program.h"
#include "compiler/ir/semantics.h"

namespace rl::check {

using B = ScalarType::Base;

// The text of a static value for `str`: `[3, 224, 224]`, `12.5 GB/s` as `12500000000 B/s`,
// `Link { bw = ..., lat = ... }`. Stops (false) at a param-dependent number (`*dynamic`)
// or past `limit` characters (a list that shares one long list many times).
static bool Show(const Value& v, bool top, std::string& out, size_t limit, const Value** dynamic) {
  if (out.size() > limit) return false;
  switch (v.kind) {
    case Value::Kind::Scalar:
      if (!v.is_const) {
        *dynamic = &v;
        return false;
      }
      if (v.type.base == ScalarType::Base::Bool) {
        out += v.c != 0 ? "true" : "false";
      } else {
        out += units::FormatNumber(v.c);
        if (!v.type.dim.IsNone()) out += " " + v.type.dim.Str();
      }
      return true;
    case Value::Kind::String:
      out += top ? v.str : "\"" + v.str + "\"";
      return true;
    case Value::Kind::List:
    case Value::Kind::Record: {
      bool list = v.kind == Value::Kind::List;
      out += list ? "[" : v.record->name + " { ";
      for (size_t i = 0; i < v.elems->size(); ++i) {
        if (i > 0) out += ", ";
        if (!list) out += v.record->fields[i].name + " = ";
        if (!Show((*v.elems)[i], false, out, limit, dynamic)) return false;
      }
      out += list ? "]" : " }";
      return out.size() <= limit;
    }
    case Value::Kind::Error:
    case Value::Kind::Func:
    case Value::Kind::Builtin:
    case Value::Kind::Module:
      out += Describe(v);  // `fn conv2d`
      return true;
    case Value::Kind::Bundle:
      out += v.str.empty() ? "mlp_bundle()" : "mlp_bundle(\"" + v.str + "\")";
      return true;
  }
  return true;
}

Value Program::CallTextBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  SourceRange at = call->range;
  switch (b) {
    case Builtin::Str: {
      // str(v): a static value as text, for messages (`"got `" + str(x) + "`"`).
      if (args.size() != 1) {
        Error(diag::Kind::bad_call, at, fmt::format("`str` takes one value, got {}", args.size()));
        return Value::Error();
      }
      Value r;
      r.kind = Value::Kind::String;
      const Value* dynamic = nullptr;
      if (!Show(args[0], true, r.str, kMaxString, &dynamic)) {
        if (dynamic) NeedStatic(*dynamic);
        if (dynamic)
          Error(diag::Kind::not_static, call->args[0].range,
                fmt::format("`str` needs a value known when the spec is checked, got {}param-dependent `{}`",
                            dynamic == &args[0] ? "" : "`" + Describe(args[0]) + "` holding a ",
                            Describe(*dynamic)));
        else
          Error(diag::Kind::eval_limit, call->args[0].range,
                fmt::format("`str` of this value is longer than {} characters", kMaxString));
        return Value::Error();
      }
      return r;
    }
    case Builtin::Error:
    case Builtin::ShapeError: {
      // error(message), shape_error(message): a diagnostic where the spec asked for what
      // failed (RaiseUserError); the value poisons whatever uses it.
      const char* name = b == Builtin::Error ? "error" : "shape_error";
      if (args.size() != 1 || args[0].kind != Value::Kind::String) {
        Error(diag::Kind::bad_call, at,
              fmt::format("`{}` takes one `String`, the message, got {}", name,
                          args.size() == 1 ? "`" + Describe(args[0]) + "`" : std::to_string(args.size()) + " arguments"));
        return Value::Error();
      }
      if (dynamic_cond_.Valid()) {
        NeedStatic(dynamic_cond_value_);
        Error(diag::Kind::not_static, dynamic_cond_,
              fmt::format("this condition depends on a param, so whether its branch raises `{}` cannot "
                          "be decided when the spec is checked; test only shapes and constants", name));
        return Value::Error();
      }
      RaiseUserError(b == Builtin::Error ? diag::Kind::user_error : diag::Kind::shape_mismatch,
                     args[0].str, at, name);
      return Value::Error();
    }
    default: break;
  }
  RL_CHECK(false, "a built-in of another family");
  return Value::Error();
}

}  // namespace rl::check
