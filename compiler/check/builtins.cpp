// The built-ins (builtins.def): names, argument checks shared by the families, and the
// dispatch of a call to its family's handler (builtins_*.cpp, kernels.cpp).
#include <fmt/format.h>

#include "compiler/check/program.h"

namespace rl::check {

namespace {
struct Named {
  const char* name;
  Builtin builtin;
  BuiltinFamily family;
};
constexpr Named kBuiltins[] = {
#define RL_BUILTIN(id, name, family) {name, Builtin::id, BuiltinFamily::family},
#include "compiler/check/builtins.def"
};
}  // namespace

std::optional<Builtin> BuiltinNamed(const std::string& name) {
  for (const Named& b : kBuiltins)
    if (name == b.name) return b.builtin;
  return std::nullopt;
}

std::vector<std::string> BuiltinNames() {
  std::vector<std::string> out;
  for (const Named& b : kBuiltins) out.push_back(b.name);
  return out;
}

BuiltinFamily FamilyOf(Builtin b) { return kBuiltins[static_cast<size_t>(b)].family; }

bool CheckArgCount(Program& p, const ast::CallExpr* call, size_t n, size_t lo, size_t hi, const char* name) {
  if (n >= lo && n <= hi) return true;
  p.Error(diag::Kind::bad_call, call->range,
          lo == hi       ? fmt::format("`{}` takes {} argument{}, got {}", name, lo, lo == 1 ? "" : "s", n)
          : hi == lo + 1 ? fmt::format("`{}` takes {} or {} arguments, got {}", name, lo, hi, n)
                         : fmt::format("`{}` takes {} to {} arguments, got {}", name, lo, hi, n));
  return false;
}

bool NeedScalars(Program& p, const ast::CallExpr* call, const std::vector<Value>& args,
                        const char* name, size_t lo, size_t hi) {
  if (!CheckArgCount(p, call, args.size(), lo, hi, name)) return false;
  for (size_t i = 0; i < args.size(); ++i)
    if (!args[i].IsScalar() || !args[i].type.IsNumeric()) {
      p.Error(diag::Kind::type_mismatch, call->args[i].range,
              fmt::format("`{}` needs numbers, got `{}`", name, Describe(args[i])));
      return false;
    }
  return true;
}


Value Program::CallBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  switch (FamilyOf(b)) {
    case BuiltinFamily::Math: return CallMathBuiltin(b, call, args, env);
    case BuiltinFamily::List: return CallListBuiltin(b, call, args, env);
    case BuiltinFamily::Text: return CallTextBuiltin(b, call, args, env);
    case BuiltinFamily::Kernel: return CallKernelBuiltin(b, call, args, env);
    case BuiltinFamily::Json: return CallJsonBuiltin(b, call, args, env);
  }
  return Value::Error();
}

}  // namespace rl::check
