#include "floe/util/result.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe {
namespace {

Result<int> Half(int x) {
  if (x % 2 != 0) return InvalidArgument("{} is odd", x);
  return x / 2;
}

Result<int> Quarter(int x) {
  FLOE_ASSIGN_OR_RETURN(int h, Half(x));
  FLOE_ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

Status CheckEven(int x) {
  FLOE_RETURN_IF_ERROR(Half(x));
  return Ok();
}

TEST(ResultTest, PropagatesValuesAndErrors) {
  EXPECT_EQ(*Quarter(8), 2);
  Result<int> bad = Quarter(6);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(bad.error().message, "3 is odd");
  EXPECT_OK(CheckEven(4));
  EXPECT_FALSE(CheckEven(5).ok());
}

TEST(ResultTest, ContextNamesTheFile) {
  Result<int> r = Result<int>(Corrupt("bad byte")).WithContext("file x.avro");
  EXPECT_EQ(r.error().message, "file x.avro: bad byte");
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
}

TEST(ResultTest, KindsMapOntoExitCodes) {
  EXPECT_EQ(ExitCodeFor(ErrorKind::kInternal), 1);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kInvalidArgument), 2);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kNotFound), 3);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kAlreadyExists), 4);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kCorrupt), 5);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kNotSupported), 6);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kIo), 7);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kCommitConflict), 8);
  EXPECT_EQ(ExitCodeFor(ErrorKind::kCommitStateUnknown), 9);
}

}  // namespace
}  // namespace floe
