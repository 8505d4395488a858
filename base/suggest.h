// "Did you mean" suggestions for a misspelt name, field, unit, param or model: the known
// spellings closest to what was written, by llvm::StringRef::edit_distance. Header-only;
// every user links LLVM already.
#pragma once
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rl {

// The candidates `word` is most likely a slip for, best first (at most `max`):
//  - one that differs only in case (`mhz` for `MHz`);
//  - else those at the least edit distance, when that distance is small for the word's
//    length (a third of it, rounded up: `nvlnk2` for `nvlink2`, `bacth` for `batch`),
//    then those that `word` begins, shortest first (a word of 3 or more letters: `mem`
//    for `membw` and `memory`, `iter` for `inter` and `iter_time`); when the least
//    distance is 2 or more and `word` begins some names, those names alone.
// Candidates equal to `word`, repeated or empty are ignored; a word longer than
// kMaxSuggestedLength is matched by case and prefix only.
inline constexpr size_t kMaxSuggestedLength = 256;
inline std::vector<std::string> ClosestNames(llvm::StringRef word, const std::vector<std::string>& candidates,
                                             size_t max = 3) {
  std::vector<std::string> out;
  if (word.empty()) return out;
  auto add = [&](const std::string& c) {
    if (out.size() < max && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (const std::string& c : candidates)
    if (c != word && llvm::StringRef(c).equals_insensitive(word)) add(c);
  if (!out.empty()) return out;
  // Edit distance costs the product of the two lengths: a name of 200,000 letters against
  // one of as many would take minutes, and nobody mistypes a name that long.
  const bool measure = word.size() <= kMaxSuggestedLength;
  const unsigned limit = std::max<unsigned>(1, (static_cast<unsigned>(word.size()) + 2) / 3);
  unsigned best = limit + 1;
  for (const std::string& c : candidates) {
    if (!measure || c.empty() || c == word) continue;
    // The distance is at least the difference in length.
    if (std::max(c.size(), word.size()) - std::min(c.size(), word.size()) > limit) continue;
    unsigned d = word.edit_distance(c, /*AllowReplacements=*/true, /*MaxEditDistance=*/limit);
    if (d > limit || d >= word.size()) continue;  // not every letter replaced: `y` is no slip for `x`
    if (d < best) {
      best = d;
      out.clear();
    }
    if (d == best) add(c);
  }
  if (word.size() >= 3) {
    std::vector<std::string> prefixed;
    for (const std::string& c : candidates)
      if (c != word && llvm::StringRef(c).starts_with(word)) prefixed.push_back(c);
    std::sort(prefixed.begin(), prefixed.end(), [](const std::string& a, const std::string& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    // A word that begins a name is likelier meant for it than for one two slips away
    // (`a100` for `a100_sxm4_40gb`, not `b200`).
    if (!prefixed.empty() && best >= 2) out.clear();
    for (const std::string& c : prefixed) add(c);
  }
  return out;
}

// `a`, `a` or `b`, `a`, `b` or `c`: names in backticks for a message.
inline std::string QuotedAlternatives(const std::vector<std::string>& names, const char* last_sep = " or ") {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += i + 1 == names.size() ? last_sep : ", ";
    s += "`" + names[i] + "`";
  }
  return s;
}

// "; did you mean `nvlink2`?" (to append to a message), or "" when nothing is close.
inline std::string DidYouMean(llvm::StringRef word, const std::vector<std::string>& candidates) {
  std::vector<std::string> close = ClosestNames(word, candidates);
  return close.empty() ? "" : "; did you mean " + QuotedAlternatives(close) + "?";
}

// " (did you mean `nvlink2`?)": the same suggestion, for a message that goes on after it.
inline std::string DidYouMeanAside(llvm::StringRef word, const std::vector<std::string>& candidates) {
  std::vector<std::string> close = ClosestNames(word, candidates);
  return close.empty() ? "" : " (did you mean " + QuotedAlternatives(close) + "?)";
}

// An option's name that is none of `names`: "--best names `iter`, which is not a report of
// scenario `s` (did you mean `iter_time`?); its reports are `iter_time`, `throughput`".
inline std::string NotOneOf(llvm::StringRef option, llvm::StringRef name, llvm::StringRef what, llvm::StringRef of,
                            const std::vector<std::string>& names) {
  return option.str() + " names `" + name.str() + "`, which is not a " + what.str() + " of " + of.str() +
         DidYouMeanAside(name, names) + "; its " + what.str() + "s are " +
         (names.empty() ? std::string("none") : QuotedAlternatives(names, ", "));
}

}  // namespace rl
