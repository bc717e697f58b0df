#include "floe/util/time.h"

#include <fmt/format.h>

namespace floe {

// Howard Hinnant's days_from_civil / civil_from_days algorithms (public domain math).
int64_t DaysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = FloorDiv(y, 400);
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

CivilDate CivilFromDays(int64_t z) {
  z += 719468;
  const int64_t era = FloorDiv(z, 146097);
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t y = yoe + era * 400;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return CivilDate{y + (m <= 2), m, d};
}

namespace {
std::string FormatYear(int64_t year) {
  if (year >= 1 && year <= 9999) return fmt::format("{:04d}", year);
  return fmt::format("{}{:06d}", year < 0 ? '-' : '+', year < 0 ? -year : year);
}
}  // namespace

std::string FormatDate(int64_t days) {
  CivilDate c = CivilFromDays(days);
  return fmt::format("{}-{:02d}-{:02d}", FormatYear(c.year), c.month, c.day);
}

std::string FormatTimeMicros(int64_t micros) {
  int64_t s = micros / 1000000, f = micros % 1000000;
  return fmt::format("{:02d}:{:02d}:{:02d}.{:06d}", s / 3600, (s / 60) % 60, s % 60, f);
}

std::string FormatTimestampMicros(int64_t micros, bool with_zone) {
  int64_t days = FloorDiv(micros, 86400000000LL);
  int64_t rest = FloorMod(micros, 86400000000LL);
  return fmt::format("{}T{}{}", FormatDate(days), FormatTimeMicros(rest),
                     with_zone ? "+00:00" : "");
}

std::string FormatTimestampNanos(int64_t nanos, bool with_zone) {
  int64_t days = FloorDiv(nanos, 86400000000000LL);
  int64_t rest = FloorMod(nanos, 86400000000000LL);
  int64_t s = rest / 1000000000, f = rest % 1000000000;
  return fmt::format("{}T{:02d}:{:02d}:{:02d}.{:09d}{}", FormatDate(days), s / 3600, (s / 60) % 60,
                     s % 60, f, with_zone ? "+00:00" : "");
}

namespace {

struct Cursor {
  std::string_view s;
  size_t i = 0;
  bool Digits(int n, int64_t* out) {
    if (i + n > s.size()) return false;
    int64_t v = 0;
    for (int k = 0; k < n; ++k) {
      char c = s[i + k];
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
    }
    i += n;
    *out = v;
    return true;
  }
  bool Eat(char c) {
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  bool Done() const { return i == s.size(); }
};

bool ParseDateAt(Cursor& c, int64_t* days) {
  int64_t y, m, d;
  bool negative = c.Eat('-');
  bool extended = !negative && c.Eat('+');
  if (negative || extended) {
    if (!c.Digits(6, &y)) return false;
    if (negative) y = -y;
  } else if (!c.Digits(4, &y)) {
    return false;
  }
  if (!c.Eat('-') || !c.Digits(2, &m) || !c.Eat('-') || !c.Digits(2, &d)) return false;
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  // Reject days past the month's end (2026-02-30).
  if (CivilFromDays(DaysFromCivil(y, static_cast<int>(m), static_cast<int>(d))).day != d)
    return false;
  *days = DaysFromCivil(y, static_cast<int>(m), static_cast<int>(d));
  return true;
}

bool ParseTimeAt(Cursor& c, int64_t* nanos) {
  int64_t h, m, s = 0, frac = 0;
  if (!c.Digits(2, &h) || !c.Eat(':') || !c.Digits(2, &m)) return false;
  if (c.Eat(':')) {
    if (!c.Digits(2, &s)) return false;
    if (c.Eat('.')) {
      int n = 0;
      while (c.i < c.s.size() && c.s[c.i] >= '0' && c.s[c.i] <= '9') {
        if (n == 9) return false;
        frac = frac * 10 + (c.s[c.i++] - '0');
        ++n;
      }
      if (n == 0) return false;
      for (; n < 9; ++n) frac *= 10;
    }
  }
  if (h > 23 || m > 59 || s > 59) return false;
  *nanos = ((h * 60 + m) * 60 + s) * 1000000000LL + frac;
  return true;
}

}  // namespace

std::optional<int64_t> ParseDate(std::string_view text) {
  Cursor c{text};
  int64_t days;
  if (!ParseDateAt(c, &days) || !c.Done()) return std::nullopt;
  return days;
}

std::optional<int64_t> ParseTimeNanos(std::string_view text) {
  Cursor c{text};
  int64_t nanos;
  if (!ParseTimeAt(c, &nanos) || !c.Done()) return std::nullopt;
  return nanos;
}

std::optional<ParsedTimestamp> ParseTimestamp(std::string_view text) {
  Cursor c{text};
  int64_t days, time = 0;
  if (!ParseDateAt(c, &days)) return std::nullopt;
  if (c.Eat('T') || c.Eat(' ')) {
    if (!ParseTimeAt(c, &time)) return std::nullopt;
  }
  bool has_offset = false;
  int64_t offset_minutes = 0;
  if (c.Eat('Z')) {
    has_offset = true;
  } else if (c.i < c.s.size() && (c.s[c.i] == '+' || c.s[c.i] == '-')) {
    bool minus = c.s[c.i++] == '-';
    int64_t oh, om = 0;
    if (!c.Digits(2, &oh)) return std::nullopt;
    if (c.Eat(':')) {
      if (!c.Digits(2, &om)) return std::nullopt;
    } else if (c.i < c.s.size() && !c.Digits(2, &om)) {
      return std::nullopt;
    }
    if (oh > 18 || om > 59) return std::nullopt;
    has_offset = true;
    offset_minutes = (minus ? -1 : 1) * (oh * 60 + om);
  }
  if (!c.Done()) return std::nullopt;
  // Overflow-checked: a far-away year must not wrap around (nanos hold only +-292 years).
  ParsedTimestamp out{0, has_offset};
  out.nanos_of_micro = static_cast<int32_t>(time % 1000);
  int64_t day_micros = 0, micros = 0;
  if (__builtin_mul_overflow(days, 86400000000LL, &day_micros) ||
      __builtin_add_overflow(day_micros, time / 1000 - offset_minutes * 60000000LL, &micros)) {
    return std::nullopt;
  }
  out.micros = micros;
  int64_t nanos = 0;
  out.nanos_in_range = !__builtin_mul_overflow(micros, int64_t{1000}, &nanos) &&
                       !__builtin_add_overflow(nanos, int64_t{out.nanos_of_micro}, &nanos);
  out.nanos = out.nanos_in_range ? nanos : 0;
  return out;
}

}  // namespace floe
