// Uses the installed library as a user would: the standard library from the install tree
// (no RINGLINE_STDLIB, no source tree named), a call, a scenario of a spec given as text,
// and a transformer's layout search. Prints what test/install/check.sh compares.
#include <ringline/ringline.h>
#include <ringline/tools.h>

#include <iostream>

int main() {
  try {
    auto lib = ringline::Spec::Library();
    lib->Import("stdlib.advise_llm");
    ringline::Value gpt3 = lib->Get("transformer_models").items.at(4);
    ringline::Value p = lib->Call("stdlib.megatron.transformer_params", {gpt3});
    std::cout << "gpt3_175b params " << static_cast<long long>(p.number) << "\n";
    auto spec = ringline::Spec::CompileString(
        "scenario s {\n  param n: Int = 4\n  report t = n * 2.5 ms in ms\n}\n", "mine.rl");
    ringline::Row r = spec->Lower("s", {{"n", "8"}})->Eval();
    std::cout << "t " << r.values.at(1) << "\n";
    ringline::LayoutQuery q;
    q.model = "gpt3_175b", q.gpus = {1024}, q.global_batch = 1536, q.top = 1, q.tp = 8, q.pp = 16;
    ringline::Table t = ringline::Advise(*lib, q);
    std::cout << "layouts " << t.rows.size() << " columns " << t.columns.size() << " first " << t.columns[0].name << "\n";
  } catch (const ringline::SpecError& e) {
    std::cerr << e.what();
    return 1;
  }
  return 0;
}
