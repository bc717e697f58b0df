#include "floe/util/uuid.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

TEST(UuidTest, ParsesAndPrintsCanonically) {
  auto u = Uuid::Parse("F79C3E09-677C-4BBD-A479-3F349CB785E7");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->ToString(), "f79c3e09-677c-4bbd-a479-3f349cb785e7");
  EXPECT_FALSE(Uuid::Parse("f79c3e09677c4bbda4793f349cb785e7"));
  EXPECT_FALSE(Uuid::Parse("g79c3e09-677c-4bbd-a479-3f349cb785e7"));
}

TEST(UuidTest, NewUuidIsVersion4) {
  Uuid u = NewUuid();
  EXPECT_EQ(u.bytes[6] >> 4, 4);
  EXPECT_EQ(u.bytes[8] >> 6, 2);
  EXPECT_NE(NewUuid(), u);
  EXPECT_GT(NewPositiveId(), 0);
}

}  // namespace
}  // namespace floe
