// A PyTorch profiler trace (torch.profiler's Chrome trace export, Kineto's object form or
// the legacy profiler's bare list of events) read into training steps: per step its wall
// time and the framework ops it ran, forward and backward, each with its class (the layer
// kind it runs), its input shapes where the trace recorded them, its time on the host and,
// on a GPU, the time of the device kernels it launched. `ringline calibrate --trace`
// matches these ops to a network's layers (compiler/driver/calibrate_trace.cpp).
#pragma once
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <cstdint>
#include <string>
#include <vector>

namespace rl::calibrate {

// One framework op of a step: an aten op forward ("aten::conv2d"), an autograd node
// backward ("ConvolutionBackward0"), taken at the outermost event that names it.
struct TraceOp {
  std::string name;
  std::string cls;     // conv, linear, batchnorm, layernorm, relu, tanh, sigmoid, gelu, add, maxpool,
                       // avgpool, gap, dropout, concat, loss, accumulate, other
  bool backward = false;
  std::vector<std::vector<int64_t>> dims;  // "Input Dims" (empty where not recorded)
  double start = 0;    // s, from the trace's first event
  double host = 0;     // s, its duration on the host
  double device = 0;   // s, its kernels' time on the device (GPU traces)
  int kernels = 0;     // device kernels it launched
  // The time on the device where there is one, else on the host: what the step spends on it.
  double Time(bool gpu) const { return gpu ? device : host; }
};

struct TraceStep {
  double wall = 0;                 // s
  std::vector<TraceOp> forward;    // the forward ops, in order (views and other zero-work ops left out)
  std::vector<TraceOp> backward;   // the backward ops, in the order autograd ran them
  double update = 0;               // the optimizer's step (its device time on a GPU)
  double zero_grad = 0;            // the optimizer's zero_grad
  int update_kernels = 0;          // device kernels of both (GPU)
  std::vector<TraceOp> other;      // ops of no layer: the loss, gradient accumulation, unclassified
};

struct Trace {
  bool gpu = false;        // device kernels on a timeline of their own
  bool shapes = false;     // forward ops carry their input shapes (record_shapes=True)
  bool marked = false;     // steps from ProfilerStep#N marks; else from the optimizer's steps
  std::vector<TraceStep> steps;
};

// Reads a trace; `source` names it in the errors (the driver reports them as bad_data).
llvm::Expected<Trace> ParseTrace(llvm::StringRef text, const std::string& source);

// The class of an op by name: forward aten ops by their name, backward autograd nodes by
// theirs without the version suffix; "" for a view or another op without work, "?" for a
// name not known.
std::string ForwardClass(llvm::StringRef aten);
std::string BackwardClass(llvm::StringRef node);

}  // namespace rl::calibrate
