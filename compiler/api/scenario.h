// Internal to compiler/api: ringline::Scenario over a lowered scenario's variants, and
// the sinks the command and the library share.
#pragma once
#include <memory>

#include "compiler/api/spec_state.h"
#include "runtime/sinks.h"

namespace rl::api {

std::unique_ptr<ringline::Scenario> MakeScenario(std::shared_ptr<SpecState> lib, check::Variants variants);

// A ringline::Sink that is one of the runtime's writers (MakeSink): sweeps hand it rows
// directly, as the command does.
class NativeSink : public ringline::Sink {
 public:
  explicit NativeSink(std::unique_ptr<runtime::Sink> inner) : inner_(std::move(inner)) {}
  runtime::Sink& inner() { return *inner_; }
  void Begin(const std::string& scenario, const std::vector<ringline::Column>& columns) override;
  void Row(const double* values) override { inner_->Row(values); }
  void End() override { inner_->End(); }

 private:
  std::unique_ptr<runtime::Sink> inner_;
};

}  // namespace rl::api
