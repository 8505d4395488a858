// Per-layer accounting of a network, shared by `ringline stats` (which prints it) and
// `ringline plot --roofline` (which places each layer on a device's roofline): the
// `Network` record (stdlib.layers) the checker computes, looked up in a spec or in
// stdlib/models, and with a device each layer's predicted time (stdlib.kernel_time) and
// its forward memory traffic (stdlib.roofline), all through the library API.
#pragma once
#include <string>
#include <vector>

#include "include/ringline/tools.h"

namespace rl::stats {

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
  std::vector<std::string> warnings;  // for the user: a CPU bundle profiled on another CPU ([cpu_mismatch])
};

using NetworkQuery = ringline::StatsQuery;

// Where a named value is looked up and how a missing one is reported: a record `type`
// ("Device") called `what` ("device") among `names` (their values of that type are the
// choices), found `where` ("spec.rl or stdlib.hardware"); the note lists them as `listed`,
// and a value of another type points at the file that `defined` the type.
struct NamedChoice {
  const char* type;
  const char* what;
  std::vector<std::string> names;
  std::string where;
  std::string listed;
  const char* defined;
  // Whether `names` are offered as they are (stdlib.models.all's names, functions of a
  // sequence length among them) rather than only those whose values are a `type`.
  bool as_given = false;
};
// The value `name` in `spec`. Throws ringline::SpecError of kind `bad_option` when there is
// none (a did-you-mean and the choices) or it is not a `c.type`.
ringline::Value LookUp(ringline::Spec& spec, const std::string& name, const NamedChoice& c);

// The network's stats. Throws ringline::SpecError: of kind `usage` for an unknown network
// or device (a did-you-mean, and a note naming the choices), else the spec's diagnostics.
NetworkStats Collect(const NetworkQuery& q, const ringline::Options& options);

}  // namespace rl::stats
