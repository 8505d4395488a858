// Exporting static values out of the checker: `ringline stats` reads a Network record
// this way, without knowing anything about the evaluator's Value representation.
#include <fmt/format.h>

#include "compiler/check/program.h"
#include "runtime/kernels/kernels.h"

namespace rl::check {

const Exported* Exported::Field(const std::string& name) const {
  for (size_t i = 0; i < field_names.size(); ++i)
    if (field_names[i] == name) return &items[i];
  return nullptr;
}

static Exported Export(const Value& v) {
  Exported e;
  switch (v.kind) {
    case Value::Kind::Scalar:
      e.kind = v.type.base == ScalarType::Base::Bool ? Exported::Kind::Bool : Exported::Kind::Number;
      e.number = v.is_const ? v.c : 0;
      if (!v.is_const) e.kind = Exported::Kind::Other;
      break;
    case Value::Kind::String:
      e.kind = Exported::Kind::String;
      e.str = v.str;
      break;
    case Value::Kind::List:
      e.kind = Exported::Kind::List;
      for (const Value& x : *v.elems) e.items.push_back(Export(x));
      break;
    case Value::Kind::Record:
      e.kind = Exported::Kind::Record;
      e.str = v.record->name;
      for (size_t i = 0; i < v.record->fields.size(); ++i) {
        e.field_names.push_back(v.record->fields[i].name);
        e.items.push_back(Export((*v.elems)[i]));
      }
      break;
    case Value::Kind::Bundle:
      // A record of strings: `path` (empty for `mlp_bundle()`), then the device lines of
      // the profile it was fitted on (`ringline stats --device` compares them with this CPU).
      e.kind = Exported::Kind::Record;
      e.str = "Bundle";
      e.field_names.push_back("path");
      e.items.push_back(Exported{Exported::Kind::String, 0, v.str, {}, {}});
      if (v.bundle)
        for (const auto& [key, value] : v.bundle->device.fields) {
          e.field_names.push_back(key);
          e.items.push_back(Exported{Exported::Kind::String, 0, value, {}, {}});
        }
      break;
    case Value::Kind::Error:
    case Value::Kind::Func:
    case Value::Kind::Builtin:
    case Value::Kind::Module: break;
  }
  return e;
}

std::vector<std::string> Compilation::GlobalNames() const {
  std::vector<std::string> names;
  if (program_->root)
    for (const ast::LetDecl& l : program_->root->ast->lets) names.push_back(l.name);
  return names;
}

std::optional<Exported> Compilation::ExportGlobal(const std::string& name) {
  if (!program_->root) return std::nullopt;
  unsigned before = program_->diags().ErrorCount();
  bool found = false;
  Value v = program_->LookupGlobal(program_->root, name, {}, &found);
  if (!found || v.IsError() || program_->diags().ErrorCount() > before) return std::nullopt;
  return Export(v);
}

}  // namespace rl::check
