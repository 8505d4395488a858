// ringline::Value: a static value handed to and from Ringline functions (the call API of
// ringline.h, and the checker's own check::Exported): a number with its unit, a Bool, a
// String, a list, a record with its field names, or a function. A value that came out of
// Ringline keeps a handle to the checker's representation, so it goes back into a call as
// it came out (a network, a cluster-making function); one built by hand is converted and
// checked against the parameter's declared type.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rl::check {
struct Value;
}

namespace ringline {

struct Value {
  enum class Kind { Number, Bool, String, List, Record, Function, Other } kind = Kind::Other;
  // Number: `number` in `unit` (a value out of Ringline is in SI units, `unit` the
  // canonical name of its dimension: `s`, `B/s`, `1/s`, "" for a plain number; one built
  // by hand may name any unit, `Number(1.25, "GB/s")`, and is converted exactly). Bool: 0
  // or 1.
  double number = 0;
  std::string unit;
  bool integer = false;                  // Number: an `Int`
  std::string str;                       // String; a record's type name; a function's name
  std::vector<Value> items;              // List elements, Record fields
  std::vector<std::string> field_names;  // Record
  std::shared_ptr<const rl::check::Value> handle = nullptr;  // the checker's value (null: built by hand)

  // A record's field by name, or null.
  const Value* Field(const std::string& name) const;
  // A field a library record always has, of the kind expected: a missing or mistyped one
  // throws std::logic_error naming it (an internal error, never a silent 0).
  const Value& At(const std::string& name, Kind kind = Kind::Number) const;
  static Value Number(double v, std::string unit = "");
  static Value Int(int64_t v);
  static Value Bool(bool v);
  static Value String(std::string s);
  static Value List(std::vector<Value> items);
  // A record of type `type` (looked up where the call is made) with the given fields; the
  // others take their declared defaults.
  static Value Record(std::string type, std::vector<std::pair<std::string, Value>> fields);
};

}  // namespace ringline
