// Internal to compiler/api and the command: the sinks the command and the library share.
#pragma once
#include <memory>
#include <optional>

#include "include/ringline/ringline.h"
#include "runtime/sinks.h"

namespace rl::api {

// A ringline::Sink that is one of the runtime's writers (MakeSink, or the command's tee
// of one and a chart's rows): sweeps hand it rows directly, as the command does. A
// table's `table_digits` sizes its param columns for a sweep's values.
class NativeSink : public ringline::Sink {
 public:
  explicit NativeSink(std::unique_ptr<runtime::Sink> inner, std::optional<unsigned> table_digits = std::nullopt)
      : inner_(std::move(inner)), table_digits_(table_digits) {}
  runtime::Sink& inner() { return *inner_; }
  std::optional<unsigned> table_digits() const { return table_digits_; }
  void Begin(const std::string& scenario, const std::vector<ringline::Column>& columns) override;
  void Row(const double* values) override { inner_->Row(values); }
  void End() override { inner_->End(); }

 private:
  std::unique_ptr<runtime::Sink> inner_;
  std::optional<unsigned> table_digits_;
};

}  // namespace rl::api
