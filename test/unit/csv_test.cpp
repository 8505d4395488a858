// The CSV reader (base/csv): quoted fields with commas, `""` and line breaks, CRLF, blank
// lines, `#` comments when asked (profiles' device lines) and kept as data when not, each
// record's starting line, and an unterminated quote named by file and line.
#include <gtest/gtest.h>

#include "base/csv/csv.h"

namespace rl::csv {
namespace {

TEST(Csv, QuotedFieldsCrlfAndLines) {
  llvm::Expected<Document> d = Parse("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n\n3,\n");
  ASSERT_TRUE(static_cast<bool>(d)) << llvm::toString(d.takeError());
  ASSERT_EQ(d->records.size(), 3u);
  EXPECT_EQ(d->records[0].fields, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d->records[1].fields, (std::vector<std::string>{"x, \"y\"", "two\nlines"}));
  EXPECT_EQ(d->records[1].line, 2u);
  EXPECT_EQ(d->records[2].line, 5u);  // after the record over lines 2-3 and the blank line 4
  EXPECT_EQ(d->records[2].fields, (std::vector<std::string>{"3", ""}));
  EXPECT_EQ(Find(d->records[0], "b"), 1u);
  EXPECT_FALSE(Find(d->records[0], "c").has_value());
}

TEST(Csv, CommentsOnlyWhenAsked) {
  const char* text = "# peak_flops: 1e12\nkind,median_s\n  # note\ngemm,1e-3\n";
  llvm::Expected<Document> with = Parse(text, {.comments = true});
  ASSERT_TRUE(static_cast<bool>(with));
  ASSERT_EQ(with->comments.size(), 2u);
  EXPECT_EQ(with->comments[0], (std::pair<size_t, std::string>{1, " peak_flops: 1e12"}));
  EXPECT_EQ(with->comments[1].first, 3u);
  ASSERT_EQ(with->records.size(), 2u);
  EXPECT_EQ(with->records[1].line, 4u);
  llvm::Expected<Document> without = Parse(text);
  ASSERT_TRUE(static_cast<bool>(without));
  EXPECT_EQ(without->records.size(), 4u);
}

TEST(Csv, UnterminatedQuoteSaysWhere) {
  EXPECT_EQ(llvm::toString(Parse("a\n\"open\n").takeError()), "line 2: a quoted field does not end");
  EXPECT_EQ(llvm::toString(Parse("a\n\"open\n", {.source = "p.csv"}).takeError()),
            "p.csv:2: a quoted field does not end");
}

}  // namespace
}  // namespace rl::csv

namespace rl::csv {
namespace {

TEST(Csv, BoundsOnSizeAndFields) {
  EXPECT_EQ(llvm::toString(Parse("a,b\n1,2\n3,4\n", {.source = "r.csv", .max_fields = 5}).takeError()),
            "r.csv:3: more than 5 fields");
  EXPECT_TRUE(static_cast<bool>(Parse("a,b\n1,2\n3,4\n", {.max_fields = 6})));
  // Within a record, at the field past the bound: the rest of the line is not read.
  EXPECT_EQ(llvm::toString(Parse("a,b\n1,2,3,\"open", {.max_fields = 4}).takeError()), "line 2: more than 4 fields");
  EXPECT_EQ(llvm::toString(Parse(std::string(3 << 20, 'x'), {.max_bytes = 2 << 20}).takeError()),
            "line 1: it holds 3 MiB; CSV inputs are read up to 2 MiB");
}

}  // namespace
}  // namespace rl::csv
