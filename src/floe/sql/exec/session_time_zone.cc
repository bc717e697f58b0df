#include "floe/sql/exec/session_time_zone.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "floe/sql/exec/posix_tz_rule.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

namespace {

// "+09:00", "-5", "+0530", "9" after an optional UTC/GMT prefix; seconds east of UTC.
std::optional<int64_t> ParseZoneOffset(std::string_view s) {
  if (s.empty()) return 0;
  int sign = 1;
  if (s[0] == '+' || s[0] == '-') {
    sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
  } else {
    return std::nullopt;
  }
  int hours = 0, minutes = 0;
  size_t i = 0;
  auto digits = [&](int max_len) {
    int v = 0, n = 0;
    while (i < s.size() && n < max_len && s[i] >= '0' && s[i] <= '9')
      v = v * 10 + (s[i++] - '0'), ++n;
    return n == 0 ? -1 : v;
  };
  hours = digits(2);
  if (hours < 0 || hours > 18) return std::nullopt;
  if (i < s.size() && s[i] == ':') ++i;
  if (i < s.size()) {
    minutes = digits(2);
    if (minutes < 0 || minutes > 59) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  return sign * (hours * 3600 + minutes * 60);
}

int64_t ReadBigEndian(const unsigned char* p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | p[i];
  if (n == 4) return static_cast<int32_t>(static_cast<uint32_t>(v));
  return static_cast<int64_t>(v);
}

}  // namespace

Result<SessionTimeZone> SessionTimeZone::Make(std::string_view name) {
  SessionTimeZone tz;
  tz.name_ = std::string(name);
  std::string upper(name);
  for (char& ch : upper) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  for (std::string_view prefix : {"UTC", "GMT", "Z"}) {
    if (std::string_view(upper).starts_with(prefix)) {
      std::string_view rest = std::string_view(upper).substr(prefix.size());
      if (auto off = ParseZoneOffset(rest)) {
        tz.fixed_offset_ = *off;
        return tz;
      }
    }
  }
  if (auto off = ParseZoneOffset(name)) {
    tz.fixed_offset_ = *off;
    return tz;
  }
  if (name.empty() || name.find("..") != std::string_view::npos || name[0] == '/') {
    return InvalidArgument("time zone \"{}\": not a region name or an offset like +09:00", name);
  }
  std::string path = "/usr/share/zoneinfo/" + std::string(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return NotFound(
        "time zone \"{}\": unknown (not in /usr/share/zoneinfo; offsets like +09:00 "
        "work too)",
        name);
  }
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto bad = [&] { return Corrupt("{}: not a TZif time zone file", path); };
  auto* p = reinterpret_cast<const unsigned char*>(data.data());
  size_t size = data.size();
  if (size < 44 || data.compare(0, 4, "TZif") != 0) return bad();
  auto counts = [&](size_t at, int64_t c[6]) {
    for (int k = 0; k < 6; ++k) c[k] = ReadBigEndian(p + at + 20 + 4 * k, 4);
  };
  int64_t c[6];  // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
  counts(0, c);
  size_t at = 44;
  int time_size = 4;
  if (data[4] >= '2') {
    // Skip the version 1 block and read the 64-bit one.
    size_t v1 = static_cast<size_t>(c[3] * 5 + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0]);
    if (44 + v1 + 44 > size) return bad();
    at = 44 + v1;
    if (data.compare(at, 4, "TZif") != 0) return bad();
    counts(at, c);
    at += 44;
    time_size = 8;
  }
  int64_t timecnt = c[3], typecnt = c[4];
  if (timecnt < 0 || typecnt <= 0 ||
      at + static_cast<size_t>(timecnt * (time_size + 1) + typecnt * 6) > size) {
    return bad();
  }
  std::vector<int64_t> type_offsets;
  const unsigned char* types_at = p + at + timecnt * (time_size + 1);
  for (int64_t k = 0; k < typecnt; ++k) type_offsets.push_back(ReadBigEndian(types_at + 6 * k, 4));
  for (int64_t k = 0; k < timecnt; ++k) {
    tz.transitions_.push_back(ReadBigEndian(p + at + k * time_size, time_size));
    size_t type = p[at + static_cast<size_t>(timecnt * time_size + k)];
    if (type >= type_offsets.size()) return bad();
    tz.offsets_.push_back(type_offsets[type]);
  }
  tz.initial_offset_ = type_offsets[0];
  if (time_size == 8) {
    // After the listed transitions the footer's POSIX rule goes on (posix_tz_rule.h): its
    // transitions are listed too, up to the year 9999.
    int64_t leapcnt = c[2], charcnt = c[5], isstdcnt = c[1], isutcnt = c[0];
    size_t footer = at + static_cast<size_t>(timecnt * 9 + typecnt * 6 + charcnt + leapcnt * 12 +
                                             isstdcnt + isutcnt);
    if (footer + 1 < size && data[footer] == '\n') {
      size_t end = data.find('\n', footer + 1);
      if (end == std::string::npos) return bad();
      std::string_view text = std::string_view(data).substr(footer + 1, end - footer - 1);
      if (!text.empty()) {
        FLOE_ASSIGN_OR_RETURN(PosixTzRule rule, PosixTzRule::Parse(text));
        int64_t last = tz.transitions_.empty() ? INT64_MIN : tz.transitions_.back();
        if (tz.transitions_.empty() && !rule.has_daylight_time())
          tz.initial_offset_ = rule.standard_offset();
        int64_t first_year =
            tz.transitions_.empty() ? 1970 : CivilFromDays(FloorDiv(last, 86400)).year;
        for (int64_t year = first_year; rule.has_daylight_time() && year <= 9999; ++year) {
          for (const auto& [when, offset] : rule.TransitionsOf(year)) {
            if (when <= last) continue;
            tz.transitions_.push_back(when);
            tz.offsets_.push_back(offset);
            last = when;
          }
        }
      }
    }
  }
  if (tz.transitions_.empty()) tz.fixed_offset_ = tz.initial_offset_;
  return tz;
}

int64_t SessionTimeZone::OffsetSecondsAt(int64_t utc_micros) const {
  if (transitions_.empty()) return fixed_offset_;
  int64_t seconds = FloorDiv(utc_micros, 1000000);
  auto it = std::upper_bound(transitions_.begin(), transitions_.end(), seconds);
  if (it == transitions_.begin()) return initial_offset_;
  return offsets_[static_cast<size_t>(it - transitions_.begin() - 1)];
}

int64_t SessionTimeZone::ToUtc(int64_t local_micros) const {
  if (transitions_.empty()) return local_micros - fixed_offset_ * 1000000;
  // Try the offset in force at the guess, then once more at the corrected instant.
  int64_t guess = local_micros - OffsetSecondsAt(local_micros) * 1000000;
  int64_t offset = OffsetSecondsAt(guess);
  int64_t utc = local_micros - offset * 1000000;
  if (OffsetSecondsAt(utc) != offset) {
    // In a gap: use the offset from before the transition (moves the time forward).
    utc = local_micros - OffsetSecondsAt(guess - int64_t{86400} * 1000000) * 1000000;
  }
  return utc;
}

}  // namespace floe::sql
