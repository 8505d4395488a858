// The bounded JSON reader (base/json): nesting, size and value counts past their bounds
// are errors that name the bound and the line, before llvm::json allocates anything;
// strings holding brackets, commas and escaped quotes do not count.
#include <gtest/gtest.h>

#include <string>

#include "base/json/json.h"

namespace rl::json {
namespace {

std::string Nested(size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(Json, NestingIsBounded) {
  EXPECT_TRUE(static_cast<bool>(Parse(Nested(kMaxDepth))));
  EXPECT_EQ(llvm::toString(Parse(Nested(kMaxDepth + 1)).takeError()), "line 1: nested deeper than 64 levels");
  // A million levels (what took 4 GB in llvm::json) stop at the bound.
  std::string deep;
  for (int i = 0; i < 1000000; ++i) deep += "{\"a\":";
  EXPECT_EQ(llvm::toString(Parse("{\n" + deep).takeError()), "line 2: nested deeper than 64 levels");
}

TEST(Json, StringsDoNotCount) {
  llvm::Expected<llvm::json::Value> v = Parse(R"({"k": "[[[{,,,\"]]]"})", {.depth = 1, .values = 2});
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(*v->getAsObject()->getString("k"), "[[[{,,,\"]]]");
}

TEST(Json, ObjectsAreBounded) {
  // Each llvm::json object takes kilobytes: their count is bounded apart from the values'.
  EXPECT_EQ(llvm::toString(Parse("[{},\n{},{}]", {.objects = 2}).takeError()), "line 2: more than 2 objects");
  EXPECT_TRUE(static_cast<bool>(Parse("[{},\n{},{}]", {.objects = 3})));
}

TEST(Json, ValuesAndBytesAreBounded) {
  EXPECT_EQ(llvm::toString(Parse("[1,\n2,3,4]", {.values = 3}).takeError()), "line 2: more than 3 values");
  EXPECT_TRUE(static_cast<bool>(Parse("[1,\n2,3,4]", {.values = 5})));
  EXPECT_EQ(llvm::toString(Parse(std::string(3 << 20, ' '), {.bytes = 2 << 20}).takeError()),
            "it holds 3 MiB; JSON inputs are read up to 2 MiB");
  EXPECT_EQ(llvm::toString(Parse("[1,").takeError()).substr(0, 9), "[1:3, byt");  // llvm::json says why
}

}  // namespace
}  // namespace rl::json
