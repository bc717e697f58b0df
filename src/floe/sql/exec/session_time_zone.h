// The session time zone (Spark's spark.sql.session.timeZone, `floe sql --time-zone`): where
// dates and hours of a timestamp (with time zone) are cut, how such timestamps print in table
// and CSV output, and how a timestamp string without an offset is read. Default UTC.
//
// Zones: "UTC", "Z", "GMT", fixed offsets "+09:00" / "-05:30" / "UTC+9" / "GMT-03:00", and
// region names ("Asia/Seoul", "America/New_York") read from Debian's tzdata
// (/usr/share/zoneinfo, TZif files) with their daylight-saving transitions, continued after the
// listed ones by the file's POSIX rule (posix_tz_rule.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::sql {

class SessionTimeZone {
 public:
  SessionTimeZone() = default;  // UTC
  // NotFound for an unknown region, InvalidArgument for a malformed offset.
  static Result<SessionTimeZone> Make(std::string_view name);

  const std::string& name() const { return name_; }
  bool is_utc() const { return transitions_.empty() && fixed_offset_ == 0; }

  // Seconds to add to UTC to get local wall-clock time at the instant `utc_micros`.
  int64_t OffsetSecondsAt(int64_t utc_micros) const;
  int64_t ToLocal(int64_t utc_micros) const {
    return utc_micros + OffsetSecondsAt(utc_micros) * 1000000;
  }
  // The instant whose local wall-clock time is `local_micros` (in a gap or overlap, the offset
  // in force just before the transition, as java.time does for gaps: shifted forward).
  int64_t ToUtc(int64_t local_micros) const;

 private:
  std::string name_ = "UTC";
  int64_t fixed_offset_ = 0;  // seconds, when there are no transitions
  // TZif data: transition instants (seconds) and the offset in force from each on; the offset
  // before the first transition is initial_offset_.
  std::vector<int64_t> transitions_;
  std::vector<int64_t> offsets_;
  int64_t initial_offset_ = 0;
};

}  // namespace floe::sql
