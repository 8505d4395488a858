// Per-layer accounting of a network, shared by `ringline stats` (which prints it) and
// `ringline plot --roofline` (which places each layer on a device's roofline): the
// `Network` record (stdlib.layers) the checker computes, looked up in a spec or in
// stdlib/models, and with a device each layer's predicted time (stdlib.kernel_time) and
// its forward memory traffic (stdlib.roofline).
#pragma once
#include <string>
#include <vector>

#include "compiler/driver/session.h"

namespace rl::driver {

struct LayerRow {
  std::string layer, kind, shape;
  double params, macs, fwd, bwd, act_bytes;  // for the batch; FLOPs and bytes
  double fwd_time = 0, bwd_time = 0;         // with a device
  std::string model = "";                    // with a device: "mlp", "roofline" or "mixed"
  double traffic = 0;                        // with a device: forward bytes moved (layer_roofline)
};

struct NetworkStats {
  std::string model;   // the network's own name (`ResNet-50`)
  std::string device;  // the device's name, with a device
  double peak = 0, membw = 0;  // with a device: its FLOP/s roof (`peak`) and memory bandwidth
  std::vector<LayerRow> rows;
  LayerRow total{"total", "", "", 0, 0, 0, 0, 0};
};

struct NetworkQuery {
  std::string file;    // a spec, or "" for stdlib/models
  std::string model;   // "" for the file's only network
  std::string device;  // "" for none
  unsigned batch = 1;
  unsigned element_bytes = 4;
};

// The network's stats; kUsageError (after a message naming the choices, with a
// did-you-mean) for an unknown network or device, kSpecError for errors in the spec.
Exit CollectNetworkStats(const NetworkQuery& q, NetworkStats& out);

}  // namespace rl::driver
