// The process-wide table of kernel models that IR and JIT code refer to by id. The
// checker registers each model it lowers a call to (once per model); the interpreter,
// constant folding and JIT code then predict through rl_kernel_predict (runtime/abi.h).
// Ids are dense and never reused; a registered model (and its bundle) lives until exit,
// so JIT'd code never holds a dangling reference.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "runtime/kernels/kernels.h"

namespace rl::kernels {

int64_t RegisterModel(std::shared_ptr<const Bundle> bundle, const Model* model);
// nullptr for an id never handed out.
const Model* ModelById(int64_t id);
// "conv2d_fwd" for messages and the IR printer; "?" for an unknown id.
std::string ModelLabel(int64_t id);

}  // namespace rl::kernels
