// What the command and the library API share about a lowered scenario's results: its
// columns (params, reports, `feasible`) as the sinks take them, and the diagnostic for a
// report that came out NaN or infinite, located by the interpreter whichever backend
// produced it.
#pragma once
#include <memory>
#include <vector>

#include "compiler/diag/diag.h"
#include "compiler/ir/ir.h"
#include "include/ringline/tools.h"
#include "runtime/sinks.h"

namespace rl::api {

std::vector<runtime::Column> ColumnsOf(const ir::Scenario& s, bool feasible_column);

// The library API's form of a column (its unit's name, its labels).
ringline::Column PublicColumn(const runtime::Column& c);
// A sink that fills `table`'s columns and rows, and its members from `options`' JSON
// members (the tools' answers as the library returns them, ringline/tools.h).
std::unique_ptr<runtime::Sink> CollectTable(ringline::Table& table, const runtime::SinkOptions& options);

// A report of the point `params` is NaN or infinite: a [non_finite] diagnostic at the
// instruction of `written` (the scenario as lowered, before the passes merge sites) that
// first produced a non-finite value from finite operands, else at report `report`'s
// declaration.
void ReportNonFinite(diag::Engine& diags, const ir::Scenario& written, const double* params, size_t report,
                     double value);

}  // namespace rl::api
