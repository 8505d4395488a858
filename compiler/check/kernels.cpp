// Kernel-time model built-ins (docs/kernel-models.md):
//   mlp_bundle("cpu.rlk")   a Bundle, the path relative to the file that says it;
//   mlp_bundle()            the empty bundle (a device without models)
//   mlp_has(b, "conv2d_fwd")            Bool, static
//   mlp_predict(b, "conv2d_fwd", feats) seconds for one kernel call
//   mlp_predict(b, "conv2d_fwd", feats, peak, membw)
//                           the same with a device-generic bundle (`ringline fit` across
//                           devices), given the device's FLOP/s and B/s
// Bundles load once per compilation. With static features the prediction folds here;
// otherwise it becomes an IR `kernel` instruction on the registered model, which the
// interpreter and JIT code evaluate through rl_kernel_predict.
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Path.h>

#include "compiler/check/program.h"
#include "runtime/kernels/kernels.h"

namespace rl::check {

using B = ScalarType::Base;

namespace {

bool Want(Program& p, const ast::CallExpr* call, const std::vector<Value>& args, size_t i, Value::Kind k,
          const char* name, const char* what) {
  if (args[i].kind == k) return true;
  p.Error(diag::Kind::type_mismatch, call->args[i].range,
          fmt::format("`{}` needs {} here, got `{}`", name, what, Describe(args[i])));
  return false;
}

}  // namespace

Value Program::CallKernelBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  if (b == Builtin::MlpBundle) {
    if (!CheckArgCount(*this, call, args.size(), 0, 1, "mlp_bundle")) return Value::Error();
    Value v;
    v.kind = Value::Kind::Bundle;
    if (args.empty()) {
      static const auto kEmpty = std::make_shared<const kernels::Bundle>();
      v.bundle = kEmpty;
      return v;
    }
    if (!Want(*this, call, args, 0, Value::Kind::String, "mlp_bundle", "a file name (String)")) return Value::Error();
    if (args[0].str.empty()) {
      Error(diag::Kind::bad_bundle, call->args[0].range,
            "`mlp_bundle` needs a file name; `mlp_bundle()` is the bundle without models");
      return Value::Error();
    }
    // Relative to the directory of the module that wrote the call (its own spec file).
    llvm::SmallString<256> path(args[0].str);
    if (!llvm::sys::path::is_absolute(path)) {
      llvm::SmallString<256> dir(llvm::sys::path::parent_path(env.module->path));
      llvm::sys::path::append(dir, args[0].str);
      path = dir;
    }
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    if (!MayRead(std::string(path), call->args[0].range, "load")) return Value::Error();
    auto [it, fresh] = bundles_.try_emplace(std::string(path));
    if (fresh) {
      llvm::Expected<kernels::Bundle> loaded = kernels::ReadBundle(path);
      if (!loaded) {
        Error(diag::Kind::bad_bundle, call->args[0].range, llvm::toString(loaded.takeError()));
        return Value::Error();
      }
      it->second = std::make_shared<const kernels::Bundle>(std::move(*loaded));
    }
    if (!it->second) {  // failed before; reported there
      Error(diag::Kind::bad_bundle, call->args[0].range, fmt::format("cannot load kernel bundle `{}`", path.str()));
      return Value::Error();
    }
    v.bundle = it->second;
    v.str = std::string(path);
    return v;
  }

  const char* name = b == Builtin::MlpHas ? "mlp_has" : "mlp_predict";
  if (!CheckArgCount(*this, call, args.size(), b == Builtin::MlpHas ? 2 : 3, b == Builtin::MlpHas ? 2 : 5, name) ||
      !Want(*this, call, args, 0, Value::Kind::Bundle, name, "a kernel bundle (`Bundle`)") ||
      !Want(*this, call, args, 1, Value::Kind::String, name, "a kernel kind (String)"))
    return Value::Error();
  const kernels::KindInfo* kind = kernels::FindKind(args[1].str);
  if (!kind) {
    std::vector<std::string> names;
    for (const kernels::KindInfo& k : kernels::AllKinds()) names.push_back(k.name.str());
    Error(diag::Kind::no_kernel_model, call->args[1].range,
          fmt::format("unknown kernel kind `{}`; the kinds are {}", args[1].str, fmt::join(names, ", ")));
    return Value::Error();
  }
  const kernels::Model* model = args[0].bundle->Find(kind->name);
  if (b == Builtin::MlpHas) return Value::Bool(model != nullptr);

  if (!model) {
    Error(diag::Kind::no_kernel_model, call->args[1].range,
          fmt::format("{} has no model for `{}`; guard the call with `mlp_has`",
                      args[0].str.empty() ? std::string("the empty bundle")
                                          : fmt::format("bundle `{}`", llvm::sys::path::filename(args[0].str).str()),
                      kind->name.str()));
    return Value::Error();
  }
  // A generic model takes the device's peak and bandwidth after the kind's features; a
  // per-device one has its device in the bundle.
  const bool device_given = args.size() > 3;
  if (model->generic() != device_given) {
    const std::string bundle = fmt::format("bundle `{}`", llvm::sys::path::filename(args[0].str).str());
    Error(diag::Kind::device_inputs, model->generic() ? call->range : call->args[3].range,
          model->generic()
              ? fmt::format("{} models any device from its numbers: give the device's peak and memory bandwidth, "
                            "`mlp_predict(bundle, kind, features, peak, membw)`",
                            bundle)
              : fmt::format("{} models one device; it takes no peak and bandwidth", bundle));
    return Value::Error();
  }
  if (args.size() == 4) {
    CheckArgCount(*this, call, args.size(), 5, 5, name);
    return Value::Error();
  }
  std::vector<Value> device;  // the device's numbers as plain features, FLOP/s and B/s
  if (device_given) {
    const units::Dim per_s = units::Dim::Of(units::BaseDim::Time, -1);
    const units::Dim want_dims[] = {units::Dim::Of(units::BaseDim::Work) * per_s,
                                    units::Dim::Of(units::BaseDim::Data) * per_s};
    const char* what[] = {"the device's peak (FLOP/s)", "the device's memory bandwidth (B/s)"};
    for (size_t i = 0; i < 2; ++i) {
      Value v = args[3 + i];
      if (!v.IsScalar() || !v.type.IsNumeric() || !(v.type.dim == want_dims[i])) {
        Error(diag::Kind::type_mismatch, call->args[3 + i].range,
              fmt::format("`mlp_predict` needs {} here, got `{}`", what[i], Describe(v)));
        return Value::Error();
      }
      v.type.dim = units::Dim{};  // the SI value is the feature
      device.push_back(std::move(v));
    }
  }
  const Value& feats = args[2];
  const size_t want = kind->features.size();
  if (feats.kind != Value::Kind::List || feats.elems->size() != want) {
    std::vector<std::string> names;
    for (llvm::StringRef f : kind->features) names.push_back(f.str());
    Error(diag::Kind::type_mismatch, call->args[2].range,
          fmt::format("`{}` takes {} features ({}), got `{}`{}", kind->name.str(), want, fmt::join(names, " "),
                      Describe(feats),
                      feats.kind == Value::Kind::List ? fmt::format(" of {}", feats.elems->size()) : ""));
    return Value::Error();
  }
  std::vector<Value> all(feats.elems->begin(), feats.elems->end());
  all.insert(all.end(), device.begin(), device.end());
  std::vector<double> consts(all.size());
  bool all_static = true;
  for (size_t i = 0; i < all.size(); ++i) {
    const Value& f = all[i];
    if (i < want && (!f.IsScalar() || !f.type.IsNumeric() || !f.type.dim.IsNone())) {
      Error(diag::Kind::type_mismatch, call->args[2].range,
            fmt::format("feature `{}` of `{}` must be a plain number, got `{}`", kind->features[i].str(),
                        kind->name.str(), Describe(f)));
      return Value::Error();
    }
    all_static &= f.is_const;
    consts[i] = f.c;
  }
  const ScalarType seconds{B::Real, units::Dim::Of(units::BaseDim::Time), false};
  bool shadowed = false;
  for (const Value& f : all) shadowed |= f.shadow.Valid();
  if (all_static && !(shadowed && env.ir)) return Value::Const(model->Predict(consts.data()), seconds);
  const uint32_t id = env.ir->UseKernel(args[0].bundle, model);
  std::vector<ir::ValueId> ids;
  for (const Value& f : all) ids.push_back(Materialize(f, *env.ir, call->range));
  ir::ValueId k = env.ir->Kernel(id, std::move(ids), call->range);
  if (!all_static) return Value::Dynamic(k, seconds);
  // Constant features, some from traced fields: the constant, with the call as its shadow.
  Value v = Value::Const(model->Predict(consts.data()), seconds);
  v.shadow = k;
  return v;
}

}  // namespace rl::check
