// The sweep's progress line (runtime/sweep.h EtaText): the time left in whole seconds,
// so a minute never reads `5m60s`.
#include <gtest/gtest.h>

#include "runtime/sweep.h"

namespace rl::runtime {
namespace {

TEST(Progress, EtaReadsInWholeSeconds) {
  EXPECT_EQ(EtaText(0), "0s");
  EXPECT_EQ(EtaText(89.4), "89s");
  EXPECT_EQ(EtaText(89.6), "1m30s");
  EXPECT_EQ(EtaText(359.7), "6m00s");
  EXPECT_EQ(EtaText(3599.5), "60m00s");
  EXPECT_EQ(EtaText(9000), "2.5h");
  EXPECT_EQ(EtaText(-3), "0s");
}

}  // namespace
}  // namespace rl::runtime
