// Spark's datetime patterns (its "Datetime Patterns" page, java.time's DateTimeFormatter letters)
// for date_format, from_unixtime and unix_timestamp (datetime_format_functions.cc):
//   y year (yy: two digits, else padded to the count), M / L month (M, MM: number; MMM: Jan;
//   MMMM: January), d day of month, D day of year, Q / q quarter, E day of week (E..EEE: Mon;
//   EEEE: Monday), a AM / PM, H hour 0-23, k hour 1-24, K hour 0-11, h hour 1-12, m minute,
//   s second, S fraction of a second (as many digits as letters, up to 9), VV the zone id,
//   XXX / xxx / Z offsets ('Z' for UTC with X), 'text' literal text, '' a quote.
// Other letters are refused naming the pattern. A number takes at least as many digits as there
// are letters (zero-padded).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::sql {

class DatetimePattern {
 public:
  // InvalidArgument naming the pattern and the letter at fault.
  static Result<DatetimePattern> Make(std::string_view pattern);

  // The local wall-clock time `local_micros`, `offset_seconds` from UTC in zone `zone`.
  std::string Format(int64_t local_micros, int64_t offset_seconds, std::string_view zone) const;

  // The local wall-clock micros `text` gives (missing fields: 1970-01-01 00:00:00), nullopt when
  // it does not match the whole pattern; *offset_seconds is set when the text has an offset.
  std::optional<int64_t> Parse(std::string_view text, std::optional<int64_t>* offset_seconds) const;

 private:
  struct Element {
    char letter = 0;  // 0: literal text
    int count = 0;
    std::string text;
  };
  std::vector<Element> elements_;
};

}  // namespace floe::sql
