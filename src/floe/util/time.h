// UTC date and time arithmetic on the proleptic Gregorian calendar (no time zones here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace floe {

struct CivilDate {
  int64_t year;
  int month;  // 1..12
  int day;    // 1..31
};

// Days since 1970-01-01 for a civil date, and back (valid for any int64 year range we use).
int64_t DaysFromCivil(int64_t year, int month, int day);
CivilDate CivilFromDays(int64_t days);

// Floor division and modulo (the spec's transforms floor toward negative infinity).
inline int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
// Without FloorDiv(a, b) * b, which overflows near INT64_MIN (FloorMod(INT64_MIN, 86400e9)).
inline int64_t FloorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// "YYYY-MM-DD"; years outside 0001-9999 as "+YYYYYY"/"-YYYYYY" (docs/cli.md).
std::string FormatDate(int64_t days);
// "HH:MM:SS.ffffff" from microseconds since midnight.
std::string FormatTimeMicros(int64_t micros);
// "YYYY-MM-DDTHH:MM:SS.ffffff" (6 digits) or .fffffffff (9 digits) for nanos; with_zone appends
// "+00:00".
std::string FormatTimestampMicros(int64_t micros, bool with_zone);
std::string FormatTimestampNanos(int64_t nanos, bool with_zone);

// Parses "YYYY-MM-DD".
std::optional<int64_t> ParseDate(std::string_view text);
// Parses "HH:MM[:SS[.f{1,9}]]" into nanoseconds since midnight.
std::optional<int64_t> ParseTimeNanos(std::string_view text);

struct ParsedTimestamp {
  int64_t nanos;    // since epoch, in UTC when an offset was given, else as written
  bool has_offset;  // "Z" or "+HH:MM"/"-HH:MM" present
  // The same instant in microseconds (floored) and the nanoseconds below that; these cover
  // every year the parser reads, while int64 nanos only span 1677-09-21..2262-04-11.
  int64_t micros = 0;
  int32_t nanos_of_micro = 0;
  bool nanos_in_range = true;  // false: `nanos` is 0 and only `micros` holds the instant
};
// Parses "YYYY-MM-DD[T| ]HH:MM[:SS[.f{1,9}]][Z|+HH:MM|-HH:MM]" (also a bare date).
std::optional<ParsedTimestamp> ParseTimestamp(std::string_view text);

}  // namespace floe
