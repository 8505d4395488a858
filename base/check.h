// Internal invariant checks (the third diagnostic channel): a failed RL_CHECK is a bug in
// the compiler, never a mistake in a spec, so it aborts with the location of the check.
#pragma once
#include <cstdio>
#include <cstdlib>

#define RL_CHECK(cond, msg)                                                     \
  do {                                                                          \
    if (!(cond)) {                                                              \
      std::fprintf(stderr, "ringline: internal error at %s:%d: %s (%s)\n",      \
                   __FILE__, __LINE__, msg, #cond);                             \
      std::abort();                                                             \
    }                                                                           \
  } while (0)
