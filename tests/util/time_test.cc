#include "floe/util/time.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

TEST(TimeTest, CivilRoundTripAcrossEpochAndCenturies) {
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(DaysFromCivil(1969, 12, 31), -1);
  EXPECT_EQ(DaysFromCivil(2017, 11, 16), 17486);
  EXPECT_EQ(DaysFromCivil(2000, 2, 29), 11016);
  for (int64_t d = -800000; d <= 800000; d += 997) {
    CivilDate c = CivilFromDays(d);
    EXPECT_EQ(DaysFromCivil(c.year, c.month, c.day), d);
  }
}

TEST(TimeTest, FloorDivisionRoundsDown) {
  EXPECT_EQ(FloorDiv(-1, 86400), -1);
  EXPECT_EQ(FloorDiv(-86400, 86400), -1);
  EXPECT_EQ(FloorDiv(-86401, 86400), -2);
  EXPECT_EQ(FloorMod(-1, 86400), 86399);
}

TEST(TimeTest, FormatsAsCliSays) {
  EXPECT_EQ(FormatDate(17486), "2017-11-16");
  EXPECT_EQ(FormatDate(-1), "1969-12-31");
  EXPECT_EQ(FormatDate(DaysFromCivil(12000, 1, 1)), "+012000-01-01");
  EXPECT_EQ(FormatDate(DaysFromCivil(-5, 1, 1)), "-000005-01-01");
  EXPECT_EQ(FormatTimeMicros(81068000000), "22:31:08.000000");
  EXPECT_EQ(FormatTimestampMicros(1510871468000001, true), "2017-11-16T22:31:08.000001+00:00");
  EXPECT_EQ(FormatTimestampMicros(-1, false), "1969-12-31T23:59:59.999999");
  EXPECT_EQ(FormatTimestampNanos(1510871468000000001, false), "2017-11-16T22:31:08.000000001");
}

TEST(TimeTest, ParsesDatesTimesAndTimestamps) {
  EXPECT_EQ(ParseDate("2017-11-16"), 17486);
  EXPECT_FALSE(ParseDate("2017-02-30"));
  EXPECT_FALSE(ParseDate("2017-1-16"));
  EXPECT_EQ(ParseTimeNanos("22:31:08"), 81068000000000);
  EXPECT_EQ(ParseTimeNanos("22:31:08.5"), 81068500000000);
  auto ts = ParseTimestamp("2017-11-16T14:31:08-08:00");
  ASSERT_TRUE(ts);
  EXPECT_TRUE(ts->has_offset);
  EXPECT_EQ(ts->nanos, 1510871468000000000);
  auto local = ParseTimestamp("2017-11-16 22:31:08.000001");
  ASSERT_TRUE(local);
  EXPECT_FALSE(local->has_offset);
  EXPECT_EQ(local->nanos, 1510871468000001000);
  EXPECT_FALSE(ParseTimestamp("2017-11-16T22:31:08+25:00"));
  EXPECT_FALSE(ParseTimestamp("2017-11-16T22:31:08 junk"));
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(TimeTest, TimestampsOutsideTheNanosecondRange) {
  auto old = ParseTimestamp("1000-01-01T00:00:00.000001");
  ASSERT_TRUE(old.has_value());
  EXPECT_FALSE(old->nanos_in_range);
  EXPECT_EQ(old->micros, DaysFromCivil(1000, 1, 1) * 86400000000LL + 1);
  auto ns = ParseTimestamp("2017-11-16T22:31:08.123456789+00:00");
  ASSERT_TRUE(ns.has_value());
  EXPECT_TRUE(ns->nanos_in_range);
  EXPECT_EQ(ns->micros, 1510871468123456);
  EXPECT_EQ(ns->nanos_of_micro, 789);
  EXPECT_FALSE(ParseTimestamp("+999999-01-01T00:00:00").has_value());
}

}  // namespace
}  // namespace floe
