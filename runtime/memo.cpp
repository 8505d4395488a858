// Memo-table fillers (see memo.h).
#include "runtime/memo.h"

#include <memory>
#include <mutex>

namespace rl::runtime {

namespace {

struct Shared {
  MemoTable memo;
  size_t np;
  std::once_flag filled;
  std::vector<double> table;

  void Fill(const double* const* axes) {
    table.assign(memo.columns * static_cast<size_t>(memo.rows), 0.0);
    std::vector<int64_t> lo(np, 0);
    std::vector<uint8_t> feasible(static_cast<size_t>(memo.rows));  // the fill has no requires
    memo.fill(axes, lo.data(), memo.extent.data(), memo.stride.data(), table.data(), feasible.data(), memo.rows);
  }
};

class MemoFiller : public BoxFiller {
 public:
  MemoFiller(rl_sweep_fn fn, std::shared_ptr<Shared> shared) : fn_(fn), shared_(std::move(shared)) {}
  void Fill(const double* const* axes, const int64_t* lo, const int64_t* hi, const int64_t* stride, double* reports,
            uint8_t* feasible, int64_t count) override {
    Shared& s = *shared_;
    std::call_once(s.filled, [&] { s.Fill(axes); });
    with_table_.assign(axes, axes + s.np);
    with_table_.push_back(s.table.data());
    fn_(with_table_.data(), lo, hi, stride, reports, feasible, count);
  }

 private:
  rl_sweep_fn fn_;
  std::shared_ptr<Shared> shared_;
  std::vector<const double*> with_table_;
};

}  // namespace

FillerFactory MemoFillers(rl_sweep_fn fn, MemoTable memo, size_t num_params) {
  auto shared = std::make_shared<Shared>();
  shared->memo = std::move(memo);
  shared->np = num_params;
  return [fn, shared] { return std::make_unique<MemoFiller>(fn, shared); };
}

}  // namespace rl::runtime
