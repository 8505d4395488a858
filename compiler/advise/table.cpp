// ringline::Advise and IsTransformer (include/ringline/tools.h): the rows as the command's
// CSV and JSON carry them (WriteData, DataOptions), collected into a Table.
#include "compiler/api/columns.h"
#include "compiler/advise/advise.h"
#include "compiler/advise/transformer.h"

namespace ringline {
namespace {

template <class Result>
Table Collect(const Result& res) {
  Table t;
  rl::advise::WriteData(*rl::api::CollectTable(t, rl::advise::DataOptions(res)), res);
  t.title = res.title;
  return t;
}

}  // namespace

bool IsTransformer(Spec& spec, const std::string& model) { return rl::advise::IsTransformer(spec, model); }

Table Advise(Spec& spec, const AdviseQuery& q) { return Collect(rl::advise::Run(spec, q)); }

Table Advise(Spec& spec, const LayoutQuery& q) { return Collect(rl::advise::Run(spec, q)); }

}  // namespace ringline
