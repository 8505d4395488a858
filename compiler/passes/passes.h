// IR passes over one scenario, run in the order pipeline.cpp lists them. Each returns
// true when it changed something. All preserve the IR's invariants (operands precede
// users) and every report's and require's value.
#pragma once
#include <llvm/Support/raw_ostream.h>

#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace rl::passes {

bool ConstFold(ir::Scenario& s);  // const_fold.cpp: constants and safe identities
bool CSE(ir::Scenario& s);        // cse.cpp: one instruction per distinct computation
bool DCE(ir::Scenario& s);        // dce.cpp: drop what no report or require uses

// dce.cpp: the scenario's requires as its only reports (`Bool`, in order: report k holds
// where require k does) and no requires, with what they do not need dropped. Same
// params; evaluated where a point is infeasible, to tell which require it fails.
ir::Scenario RequireOutcomes(const ir::Scenario& s);

// tangent.cpp: appends, for each of `s.inputs` listed (indices), the tangent of every
// instruction and a derivative report `d_R_d_X` per `Real` report (ir::Report::tangent_of,
// wrt). Runs once, on a scenario as lowered (before RunPipeline).
void Differentiate(ir::Scenario& s, const std::vector<uint32_t>& inputs);

struct Pass {
  const char* name;
  bool (*run)(ir::Scenario&);
};
// The pipeline, in order (pipeline.cpp).
const std::vector<Pass>& Pipeline();

struct PipelineOptions {
  bool print_after_all = false;
  std::string print_after;  // a pass name
  llvm::raw_ostream* out = nullptr;
};
void RunPipeline(ir::Scenario& s, const PipelineOptions& opts = {});

// Shared by the passes: rebuilds `s` keeping instruction i when keep[i], rewriting
// operands through `replace` (old id -> old id it was replaced by) first.
void Rebuild(ir::Scenario& s, const std::vector<bool>& keep, std::vector<uint32_t>& replace);

}  // namespace rl::passes
