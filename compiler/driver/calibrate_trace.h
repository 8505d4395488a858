// `ringline calibrate --trace`: a PyTorch profiler trace of a few training steps, matched
// to a network's layers, fits the constants stdlib.training leaves to the machine (a
// device's achieved bandwidth, a framework's time per kernel and per step) and writes
// them as a spec (docs/kernel-models.md, "Calibrating from a trace").
#pragma once
#include <string>

namespace rl::driver {

struct TraceCalibration {
  std::string trace;      // the Chrome trace (torch.profiler's export_chrome_trace)
  std::string spec;       // a spec holding the network, device or framework, or ""
  std::string model;      // the network
  std::string device;     // the Device the trace ran on
  std::string framework;  // the Framework (stdlib.training's `pytorch` by default)
  std::string precision;  // the Precision (`fp32` by default)
  unsigned batch = 0;     // samples per step; 0: from the trace's shapes
  std::string profile;    // where to write the matched kernels as profile rows, or ""
  std::string output;     // the spec to write, or ""
  std::string command;    // the command line, for the written spec's header
};

// The exit status (messages.h): 0, or 2 after the diagnostics.
int CalibrateFromTrace(const TraceCalibration& c);

}  // namespace rl::driver
