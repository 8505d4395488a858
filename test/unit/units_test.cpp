// Unit words, dimension algebra and exact decimal conversion (base/units).
#include "base/units/units.h"

#include <gtest/gtest.h>

namespace rl::units {
namespace {

TEST(Units, WordsCarryDimensionAndScale) {
  auto gb = LookupWord("GB");
  ASSERT_TRUE(gb);
  EXPECT_EQ(gb->dim, Dim::Of(BaseDim::Data));
  EXPECT_EQ(LiteralToSI("12.5", *gb), 12.5e9);
  EXPECT_EQ(LiteralToSI("16", *LookupWord("GiB")), 17179869184.0);
  EXPECT_EQ(LiteralToSI("200", *LookupWord("Gbit")), 25e9);
  EXPECT_EQ(LiteralToSI("1.5", *LookupWord("us")), 1.5e-6);
  EXPECT_EQ(LiteralToSI("1.5", *LookupWord("\u00B5s")), 1.5e-6);
  EXPECT_EQ(LiteralToSI("2", *LookupWord("min")), 120.0);
  EXPECT_EQ(LiteralToSI("1_000", *LookupWord("kFLOP")), 1e6);
  EXPECT_FALSE(LookupWord("Gb"));
  EXPECT_FALSE(LookupWord("mB"));   // no sub-byte prefixes
  EXPECT_FALSE(LookupWord("KiFLOP"));  // binary prefixes only on data
}

TEST(Units, DimensionAlgebraAndSpelling) {
  Dim bps = Dim::Of(BaseDim::Data) / Dim::Of(BaseDim::Time);
  EXPECT_EQ(bps.Str(), "B/s");
  EXPECT_EQ(Dim::Of(BaseDim::Time, -1).Str(), "1/s");
  EXPECT_EQ((Dim::Of(BaseDim::Work) / Dim::Of(BaseDim::Data)).Str(), "FLOP/B");
  EXPECT_EQ(Dim::Of(BaseDim::Time).Pow(2).Str(), "s^2");
  EXPECT_EQ(Dim{}.Str(), "1");
  EXPECT_TRUE((bps * Dim::Of(BaseDim::Time) / Dim::Of(BaseDim::Data)).IsNone());
  EXPECT_FALSE(Dim::Of(BaseDim::Time).Sqrt());
  EXPECT_EQ(*Dim::Of(BaseDim::Time, 2).Sqrt(), Dim::Of(BaseDim::Time));
}

TEST(Units, ExactDecimalConversionForPrinting) {
  Unit ms = *LookupWord("ms");
  double t = LiteralToSI("16", *LookupWord("GiB")) / LiteralToSI("12.5", *LookupWord("GB"));
  EXPECT_EQ(FormatNumber(t), "1.37438953472");
  EXPECT_EQ(FormatNumber(FromSI(t, ms)), "1374.38953472");
  std::string bad;
  auto gbps = ParseUnitString("GB/s", &bad);
  ASSERT_TRUE(gbps);
  EXPECT_EQ(FromSI(25e9, *gbps), 25.0);
  EXPECT_EQ(FromSI(25e9, *ParseUnitString("Gbit/s", &bad)), 200.0);
  EXPECT_FALSE(ParseUnitString("parsec", &bad));
  EXPECT_EQ(bad, "parsec");
}

TEST(Units, HintsForNearMisses) {
  EXPECT_NE(HintFor("Gb").find("Gbit"), std::string::npos);
  EXPECT_NE(HintFor("sec").find("`s`"), std::string::npos);
  EXPECT_EQ(HintFor("bottleneck"), "");
  // A known prefix on a unit that does not take it says which prefixes go where.
  EXPECT_EQ(HintFor("kh"), "`h` takes no prefix: write `1e3 h` for 1 kh");
  EXPECT_EQ(HintFor("mB"), "`B` takes no prefix `m`: m, u, n and p go on `s` only");
  EXPECT_EQ(HintFor("KiFLOP"), "`FLOP` takes no prefix `Ki`: binary prefixes go on `B` and `bit` only");
}

}  // namespace
}  // namespace rl::units
