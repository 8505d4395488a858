// Internal to rl_kernels: the fitter's random numbers. std::mt19937_64's output sequence
// is fixed by the C++ standard, but std::uniform_real_distribution and std::shuffle are
// not, so the conversion to doubles and the shuffle are ours: the same seed gives the same
// bundle with any standard library.
#pragma once
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace rl::kernels {

class Rng {
 public:
  explicit Rng(uint64_t seed) : gen_(seed) {}
  // Uniform in [0, 1): the top 53 bits of one draw.
  double Uniform() { return double(gen_() >> 11) * 0x1.0p-53; }
  // Uniform integer in [0, n), n > 0.
  uint64_t Below(uint64_t n) { return uint64_t(Uniform() * double(n)); }
  // Fisher-Yates.
  template <class T>
  void Shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[Below(i)]);
  }

 private:
  std::mt19937_64 gen_;
};

// A seed for one independent stream (a kind, a variant) derived from the user's seed, so
// fitting a subset of kinds gives each kind the model it gets in a full fit (SplitMix64's
// finaliser over the combination).
inline uint64_t StreamSeed(uint64_t seed, uint64_t stream) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ull * (stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace rl::kernels
