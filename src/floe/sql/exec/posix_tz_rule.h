// A POSIX TZ rule, the footer of a version 2+ TZif file: how a zone's offsets continue after the
// file's last listed transition (Debian's tzdata lists them up to 2037; later years follow the
// rule). Forms (POSIX.1-2017 8.3, with RFC 8536's extensions):
//   JST-9                         standard time only, 9 hours east of UTC
//   <+0330>-3:30                  a quoted name
//   EST5EDT,M3.2.0,M11.1.0        daylight time from the 2nd Sunday of March to the 1st Sunday
//                                 of November, at 02:00 local time (the default)
//   CET-1CEST,M3.5.0,M10.5.0/3    last Sunday of March at 02:00 to last Sunday of October at 03:00
//   AEST-10AEDT,M10.1.0,M4.1.0/3  southern hemisphere: daylight time spans the new year
// Dates are Mm.w.d (week w of month m, 5 = the last; weekday d, 0 = Sunday), Jn (day 1..365,
// February 29 never counted) or n (day 0..365 counting it); a time may be negative or past 24h.
// Note POSIX's sign: "EST5" is five hours *west* of UTC (offset -05:00).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/result.h"

namespace floe::sql {

class PosixTzRule {
 public:
  // InvalidArgument naming the text for anything malformed.
  static Result<PosixTzRule> Parse(std::string_view text);

  // Offsets in seconds east of UTC.
  int64_t standard_offset() const { return std_offset_; }
  bool has_daylight_time() const { return dst_.has_value(); }

  // The transitions of `year` as (UTC seconds, offset in force from then on), in time order:
  // none without daylight time.
  std::vector<std::pair<int64_t, int64_t>> TransitionsOf(int64_t year) const;

 private:
  struct RuleDate {
    char kind = 'M';  // 'M' month/week/weekday, 'J' 1-based day without Feb 29, 'n' 0-based day
    int month = 0, week = 0, weekday = 0, day = 0;
    int64_t time = 7200;  // seconds after local midnight
  };
  struct Daylight {
    int64_t offset = 0;
    RuleDate start, end;
  };
  // Days since the epoch of the rule date in `year`.
  static int64_t DayOf(const RuleDate& date, int64_t year);

  int64_t std_offset_ = 0;
  std::optional<Daylight> dst_;
};

}  // namespace floe::sql
