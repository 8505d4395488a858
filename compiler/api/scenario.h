// Internal to compiler/api: ringline::Scenario over a lowered scenario's variants.
#pragma once
#include <memory>

#include "compiler/api/spec_state.h"
#include "compiler/api/native_sink.h"

namespace rl::api {

// Appends to every variant (lowered with inputs traced) the derivatives of its reports by
// the inputs named (all when empty); throws SpecError (`bad_option`) for a name that is
// not an input.
void Differentiate(check::Variants& variants, const std::vector<std::string>& inputs);

// With `eval_only`, `variants` holds the variant at the defaults alone.
// `sampled`: lowered with Compilation::Sample (its last param is the sample's index).
std::unique_ptr<ringline::Scenario> MakeScenario(std::shared_ptr<SpecState> lib, check::Variants variants,
                                                bool eval_only, bool sampled = false);

}  // namespace rl::api
