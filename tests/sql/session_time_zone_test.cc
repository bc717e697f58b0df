// Session time zones against glibc (an independent reader of the same tzdata files and of POSIX
// TZ rules): the offset at random instants from 1900 to 2400 — past 2037 only the files' footer
// rules give the daylight-saving time — and the POSIX rule parser's forms and errors.
#include "floe/sql/exec/session_time_zone.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <random>
#include <string>

#include "floe/sql/exec/posix_tz_rule.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

// glibc's offset (seconds east of UTC) at `seconds` in zone `tz` (a region or a POSIX rule).
int64_t GlibcOffset(const std::string& tz, int64_t seconds) {
  setenv("TZ", tz.c_str(), 1);
  tzset();
  time_t t = static_cast<time_t>(seconds);
  struct tm local;
  localtime_r(&t, &local);
  return local.tm_gmtoff;
}

TEST(SessionTimeZoneTest, RegionOffsetsEqualGlibcBeyondTheListedTransitions) {
  const char* saved = std::getenv("TZ");
  std::string saved_tz = saved ? saved : "";
  std::mt19937_64 rng(2037);
  const int64_t from = -2208988800LL;  // 1900-01-01
  const int64_t to = 13569465600LL;    // 2400-01-01
  for (const char* zone : {"America/New_York", "Europe/Berlin", "Australia/Sydney",
                           "America/Santiago", "Asia/Seoul", "Europe/London", "Pacific/Chatham"}) {
    auto tz = SessionTimeZone::Make(zone);
    ASSERT_OK(tz) << zone;
    int mismatches = 0;
    for (int k = 0; k < 4000; ++k) {
      int64_t s = from + static_cast<int64_t>(rng() % static_cast<uint64_t>(to - from));
      int64_t want = GlibcOffset(zone, s);
      int64_t got = tz->OffsetSecondsAt(s * 1000000);
      if (got != want && ++mismatches <= 3) {
        ADD_FAILURE() << zone << " at " << s << ": " << got << " vs glibc " << want;
      }
    }
  }
  // Known values after 2037: New York in July 2046 is on daylight time (EDT, -04:00).
  auto ny = SessionTimeZone::Make("America/New_York");
  ASSERT_OK(ny);
  EXPECT_EQ(ny->OffsetSecondsAt(2414318400LL * 1000000), -4 * 3600);  // 2046-07-04 12:00 UTC
  EXPECT_EQ(ny->OffsetSecondsAt(2398420800LL * 1000000), -5 * 3600);  // 2046-01-01 12:00 UTC
  if (saved) {
    setenv("TZ", saved_tz.c_str(), 1);
  } else {
    unsetenv("TZ");
  }
  tzset();
}

TEST(SessionTimeZoneTest, PosixRulesEqualGlibc) {
  const char* saved = std::getenv("TZ");
  std::string saved_tz = saved ? saved : "";
  std::mt19937_64 rng(8536);
  for (const char* text :
       {"EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "<+0330>-3:30", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "XXX3YYY,J60/25,300/-1",
        "NZST-12NZDT-13:45,M9.5.0/2:45,M4.1.0/3:45"}) {
    auto rule = PosixTzRule::Parse(text);
    ASSERT_OK(rule) << text;
    for (int k = 0; k < 2000; ++k) {
      int64_t year = 1971 + static_cast<int64_t>(rng() % 400);
      // An instant in that year, and the offset the rule gives: the last transition before it.
      int64_t s = (year - 1970) * 31556952LL + static_cast<int64_t>(rng() % 31536000);
      int64_t offset = rule->standard_offset();
      bool before_first = true;
      for (int64_t y = year - 1; y <= year + 1; ++y) {
        for (const auto& [when, off] : rule->TransitionsOf(y)) {
          if (when <= s) offset = off, before_first = false;
        }
      }
      if (rule->has_daylight_time()) {
        ASSERT_FALSE(before_first);
      }
      ASSERT_EQ(offset, GlibcOffset(text, s)) << text << " at " << s;
    }
  }
  if (saved) {
    setenv("TZ", saved_tz.c_str(), 1);
  } else {
    unsetenv("TZ");
  }
  tzset();
}

TEST(SessionTimeZoneTest, MalformedPosixRulesAreRefusedWithTheText) {
  for (const char* text :
       {"", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.2.7,M11.1.0",
        "EST5EDT,J0,J100", "<EST5", "EST5EDT,M3.2.0,M11.1.0x", "EST99999"}) {
    auto rule = PosixTzRule::Parse(text);
    ASSERT_FALSE(rule.ok()) << text;
    EXPECT_NE(rule.error().message.find(std::string("\"") + text + "\""), std::string::npos)
        << rule.error().message;
  }
}

}  // namespace
}  // namespace floe::sql
