// JSON built-ins (builtins.def's Json family), for what a model's own files say (a Hugging
// Face config.json; stdlib.hf reads one into a Transformer):
//   json_has(path, key)           Bool: the file's top-level object has `key`, not null
//   json_get(path, key, default)  the value at `key` as the default's kind: a number (an
//                                 Int default takes whole numbers only), a String, a Bool,
//                                 or a list of one of these (`[]` takes strings); the
//                                 default itself when the key is missing or null
// A relative path is the root spec's folder's (stdlib.hf's calls read the user's file, not
// the library's); the file must be one the spec may read (Program::MayRead) and is parsed
// once per compilation (llvm::json). An unreadable file is a [file_error], one that is not
// a JSON object a [bad_json], a value of another kind than the default a [type_mismatch]
// naming the key.
#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <cmath>

#include "compiler/check/program.h"
#include "base/json/json.h"

namespace rl::check {
namespace {

bool WantString(Program& p, const ast::CallExpr* call, const std::vector<Value>& args, size_t i, const char* name,
                const char* what) {
  if (args[i].kind == Value::Kind::String) return true;
  p.Error(diag::Kind::type_mismatch, call->args[i].range,
          fmt::format("`{}` needs {} here, got `{}`", name, what, Describe(args[i])));
  return false;
}

const char* JsonKind(const llvm::json::Value& v) {
  switch (v.kind()) {
    case llvm::json::Value::Null: return "null";
    case llvm::json::Value::Boolean: return "a boolean";
    case llvm::json::Value::Number: return "a number";
    case llvm::json::Value::String: return "a string";
    case llvm::json::Value::Array: return "a list";
    case llvm::json::Value::Object: return "an object";
  }
  return "a value";
}

}  // namespace

const llvm::json::Object* Program::JsonFile(const std::string& written, const ast::CallExpr* call) {
  llvm::SmallString<256> path(written);
  if (!llvm::sys::path::is_absolute(path) && root) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(root->path));
    llvm::sys::path::append(dir, written);
    path = dir;
  }
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  if (!MayRead(std::string(path), call->args[0].range, "read")) return nullptr;
  auto [it, fresh] = json_files_.try_emplace(std::string(path));
  if (fresh) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buf) {
      Error(diag::Kind::file_error, call->args[0].range,
            fmt::format("cannot read `{}`: {}", path.str(), buf.getError().message()));
      return nullptr;
    }
    llvm::Expected<llvm::json::Value> parsed = rl::json::Parse((*buf)->getBuffer());
    if (!parsed) {
      Error(diag::Kind::bad_json, call->args[0].range,
            fmt::format("`{}` is not JSON: {}", path.str(), llvm::toString(parsed.takeError())));
      return nullptr;
    }
    if (!parsed->getAsObject()) {
      Error(diag::Kind::bad_json, call->args[0].range,
            fmt::format("`{}` holds {}, not a JSON object", path.str(), JsonKind(*parsed)));
      return nullptr;
    }
    it->second = std::make_shared<const llvm::json::Value>(std::move(*parsed));
  }
  if (!it->second) {  // failed before; reported there
    Error(diag::Kind::bad_json, call->args[0].range, fmt::format("cannot use `{}`", path.str()));
    return nullptr;
  }
  return it->second->getAsObject();
}

// `j` as a value of `like`'s kind; Error after a [type_mismatch] at `at` naming `key`.
Value Program::FromJson(const llvm::json::Value& j, const Value& like, const std::string& key, SourceRange at) {
  auto wrong = [&](const char* want) {
    Error(diag::Kind::type_mismatch, at, fmt::format("`{}` is {} in the file, not {}", key, JsonKind(j), want));
    return Value::Error();
  };
  switch (like.kind) {
    case Value::Kind::String:
      if (std::optional<llvm::StringRef> s = j.getAsString()) {
        Value v;
        v.kind = Value::Kind::String;
        v.str = s->str();
        return v;
      }
      return wrong("a string");
    case Value::Kind::Scalar: {
      if (like.type.base == ScalarType::Base::Bool) {
        if (std::optional<bool> b = j.getAsBoolean()) return Value::Bool(*b);
        return wrong("a boolean");
      }
      std::optional<double> n = j.getAsNumber();
      if (!n) return wrong("a number");
      if (like.type.base == ScalarType::Base::Int) {
        if (*n != std::floor(*n) || std::fabs(*n) > 9.007e15) return wrong("a whole number");
        return Value::Int(*n);
      }
      return Value::Const(*n, like.type);
    }
    case Value::Kind::List: {
      const llvm::json::Array* a = j.getAsArray();
      if (!a) return wrong("a list");
      Value elem_like;
      elem_like.kind = Value::Kind::String;
      if (like.elems && !like.elems->empty()) elem_like = (*like.elems)[0];
      auto out = std::make_shared<std::vector<Value>>();
      for (const llvm::json::Value& e : *a) {
        Value v = FromJson(e, elem_like, key + "[]", at);
        if (v.kind == Value::Kind::Error) return v;
        out->push_back(std::move(v));
      }
      Value l;
      l.kind = Value::Kind::List;
      l.elems = out;
      return l;
    }
    default: return wrong("what `json_get` reads (a number, string, boolean or list)");
  }
}

Value Program::CallJsonBuiltin(Builtin b, const ast::CallExpr* call, std::vector<Value>& args, const Env& env) {
  const char* name = b == Builtin::JsonHas ? "json_has" : "json_get";
  const size_t n = b == Builtin::JsonHas ? 2 : 3;
  if (!CheckArgCount(*this, call, args.size(), n, n, name)) return Value::Error();
  if (!WantString(*this, call, args, 0, name, "a file name (String)") ||
      !WantString(*this, call, args, 1, name, "a key (String)"))
    return Value::Error();
  const llvm::json::Object* obj = JsonFile(args[0].str, call);
  if (!obj) return Value::Error();
  const llvm::json::Value* at = obj->get(args[1].str);
  const bool present = at && at->kind() != llvm::json::Value::Null;
  if (b == Builtin::JsonHas) return Value::Bool(present);
  if (!present) return args[2];
  return FromJson(*at, args[2], args[1].str, call->args[1].range);
}

}  // namespace rl::check
