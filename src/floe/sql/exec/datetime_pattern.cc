#include "floe/sql/exec/datetime_pattern.h"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {
namespace {

constexpr int64_t kPatternSecondMicros = 1000000;
constexpr int64_t kPatternDayMicros = 86400 * kPatternSecondMicros;

constexpr const char* kPatternMonths[] = {"January",   "February", "March",    "April",
                                          "May",       "June",     "July",     "August",
                                          "September", "October",  "November", "December"};
constexpr const char* kPatternDays[] = {"Monday", "Tuesday",  "Wednesday", "Thursday",
                                        "Friday", "Saturday", "Sunday"};

// The letters floe formats and parses; the rest of A-Z a-z are refused.
bool PatternLetterSupported(char c) { return std::strchr("yMLdDQqEahHkKmsSVXxZ", c) != nullptr; }

std::string PatternPadded(int64_t v, int width) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  if (static_cast<int>(digits.size()) < width)
    digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
  return v < 0 ? "-" + digits : digits;
}

std::string PatternText(const char* full, int count) {
  if (count == 4) return full;
  if (count == 5) return std::string(1, full[0]);
  return std::string(full, 3);
}

std::string PatternOffset(int64_t seconds, char letter, int count) {
  if (seconds == 0 && letter == 'X') return "Z";
  const char sign = seconds < 0 ? '-' : '+';
  const int64_t a = seconds < 0 ? -seconds : seconds;
  const int64_t h = a / 3600, m = a / 60 % 60;
  if (letter == 'Z' && count <= 3) return fmt::format("{}{:02}{:02}", sign, h, m);
  if (count == 1)
    return m == 0 ? fmt::format("{}{:02}", sign, h) : fmt::format("{}{:02}{:02}", sign, h, m);
  if (count == 2) return fmt::format("{}{:02}{:02}", sign, h, m);
  return fmt::format("{}{:02}:{:02}", sign, h, m);
}

bool PatternIsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool PatternIsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Result<DatetimePattern> DatetimePattern::Make(std::string_view pattern) {
  DatetimePattern out;
  for (size_t i = 0; i < pattern.size();) {
    const char c = pattern[i];
    if (c == '\'') {
      Element literal;
      size_t j = i + 1;
      if (j < pattern.size() && pattern[j] == '\'') {  // '' is a quote
        literal.text = "'";
        out.elements_.push_back(literal);
        i = j + 1;
        continue;
      }
      for (; j < pattern.size(); ++j) {
        if (pattern[j] != '\'') {
          literal.text += pattern[j];
        } else if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
          literal.text += '\'';
          ++j;
        } else {
          break;
        }
      }
      if (j >= pattern.size())
        return InvalidArgument("datetime pattern '{}': unclosed quote", pattern);
      out.elements_.push_back(literal);
      i = j + 1;
      continue;
    }
    if (!PatternIsLetter(c)) {
      if (!out.elements_.empty() && out.elements_.back().letter == 0 &&
          (i == 0 || pattern[i - 1] != '\'')) {
        out.elements_.back().text += c;
      } else {
        out.elements_.push_back(Element{0, 0, std::string(1, c)});
      }
      ++i;
      continue;
    }
    size_t j = i;
    while (j < pattern.size() && pattern[j] == c) ++j;
    const int count = static_cast<int>(j - i);
    if (!PatternLetterSupported(c)) {
      return InvalidArgument(
          "datetime pattern '{}': the letter '{}' is not supported (see Spark's datetime "
          "patterns; quote literal text as 'text')",
          pattern, c);
    }
    const bool text_field = c == 'M' || c == 'L' || c == 'E';
    if ((c == 'a' && count > 1) || (c == 'E' && count > 5) || (text_field && count > 5) ||
        (c == 'S' && count > 9) || (c == 'V' && count != 2) ||
        ((c == 'X' || c == 'x') && count > 3) || (c == 'Z' && count > 3) ||
        (!text_field && c != 'S' && c != 'y' && count > 3 && c != 'D') || (c == 'D' && count > 3)) {
      return InvalidArgument("datetime pattern '{}': too many '{}' letters ({})", pattern, c,
                             count);
    }
    out.elements_.push_back(Element{c, count, {}});
    i = j;
  }
  return out;
}

std::string DatetimePattern::Format(int64_t local_micros, int64_t offset_seconds,
                                    std::string_view zone) const {
  const int64_t days = FloorDiv(local_micros, kPatternDayMicros);
  const int64_t micros = FloorMod(local_micros, kPatternDayMicros);
  const CivilDate date = CivilFromDays(days);
  const int64_t hour = micros / (3600 * kPatternSecondMicros);
  const int64_t minute = micros / (60 * kPatternSecondMicros) % 60;
  const int64_t second = micros / kPatternSecondMicros % 60;
  const int64_t fraction = micros % kPatternSecondMicros;
  std::string out;
  for (const Element& e : elements_) {
    const int n = e.count;
    switch (e.letter) {
      case 0:
        out += e.text;
        break;
      case 'y':
        out += n == 2 ? PatternPadded(FloorMod(date.year, 100), 2) : PatternPadded(date.year, n);
        break;
      case 'M':
      case 'L':
        out +=
            n <= 2 ? PatternPadded(date.month, n) : PatternText(kPatternMonths[date.month - 1], n);
        break;
      case 'd':
        out += PatternPadded(date.day, n);
        break;
      case 'D':
        out += PatternPadded(days - DaysFromCivil(date.year, 1, 1) + 1, n);
        break;
      case 'Q':
      case 'q':
        out += PatternPadded((date.month - 1) / 3 + 1, n);
        break;
      case 'E':
        out += PatternText(kPatternDays[FloorMod(days + 3, 7)], n);  // 1970-01-01 was a Thursday
        break;
      case 'a':
        out += hour < 12 ? "AM" : "PM";
        break;
      case 'H':
        out += PatternPadded(hour, n);
        break;
      case 'k':
        out += PatternPadded(hour == 0 ? 24 : hour, n);
        break;
      case 'K':
        out += PatternPadded(hour % 12, n);
        break;
      case 'h':
        out += PatternPadded(hour % 12 == 0 ? 12 : hour % 12, n);
        break;
      case 'm':
        out += PatternPadded(minute, n);
        break;
      case 's':
        out += PatternPadded(second, n);
        break;
      case 'S': {
        std::string digits = PatternPadded(fraction, 6) + "000";
        out += digits.substr(0, static_cast<size_t>(n));
        break;
      }
      case 'V':
        out += zone;
        break;
      default:  // X, x, Z
        out += PatternOffset(offset_seconds, e.letter, n);
        break;
    }
  }
  return out;
}

std::optional<int64_t> DatetimePattern::Parse(std::string_view text,
                                              std::optional<int64_t>* offset_seconds) const {
  int64_t year = 1970, month = 1, day = 1, day_of_year = 0, hour = 0, minute = 0, second = 0;
  int64_t fraction = 0;
  int pm = -1;
  bool twelve_hour = false;
  size_t at = 0;
  // Reads between min and max digits (max bounded by the next element when it is a number too).
  auto digits = [&](size_t min, size_t max, int64_t* v) {
    size_t k = 0;
    int64_t value = 0;
    while (k < max && at + k < text.size() && PatternIsDigit(text[at + k])) {
      value = value * 10 + (text[at + k] - '0');
      ++k;
    }
    if (k < min) return false;
    at += k;
    *v = value;
    return true;
  };
  auto name = [&](const char* const* names, size_t count_names, int count, int64_t* v) {
    for (size_t k = 0; k < count_names; ++k) {
      std::string candidate = PatternText(names[k], count == 4 ? 4 : 3);
      if (text.size() - at >= candidate.size() &&
          AsciiEqualsIgnoreCase(text.substr(at, candidate.size()), candidate)) {
        at += candidate.size();
        *v = static_cast<int64_t>(k) + 1;
        return true;
      }
    }
    return false;
  };
  for (size_t i = 0; i < elements_.size(); ++i) {
    const Element& e = elements_[i];
    const bool next_is_number =
        i + 1 < elements_.size() && elements_[i + 1].letter != 0 &&
        std::strchr("yMLdDQqhHkKmsS", elements_[i + 1].letter) &&
        !(elements_[i + 1].count >= 3 && std::strchr("ML", elements_[i + 1].letter));
    const size_t n = static_cast<size_t>(e.count);
    const size_t max =
        next_is_number ? n : (e.letter == 'y' && n != 2 ? 9 : std::max<size_t>(n, 2));
    int64_t ignored = 0;
    bool ok = true;
    switch (e.letter) {
      case 0:
        ok = text.substr(at, e.text.size()) == e.text;
        at += ok ? e.text.size() : 0;
        break;
      case 'y':
        ok = digits(n == 2 ? 2 : std::min<size_t>(n, 4), n == 2 ? 2 : max, &year);
        if (ok && n == 2) year += 2000;
        break;
      case 'M':
      case 'L':
        ok = n >= 3 ? name(kPatternMonths, 12, e.count, &month) : digits(n, max, &month);
        break;
      case 'd':
        ok = digits(n, max, &day);
        break;
      case 'D':
        ok = digits(n, std::max<size_t>(max, 3), &day_of_year);
        break;
      case 'Q':
      case 'q':
        ok = digits(n, max, &ignored);
        break;
      case 'E':
        ok = name(kPatternDays, 7, e.count, &ignored);
        break;
      case 'a':
        if (text.size() - at >= 2 && AsciiEqualsIgnoreCase(text.substr(at, 2), "AM")) {
          pm = 0;
        } else if (text.size() - at >= 2 && AsciiEqualsIgnoreCase(text.substr(at, 2), "PM")) {
          pm = 1;
        } else {
          ok = false;
        }
        at += 2;
        break;
      case 'H':
      case 'k':
      case 'K':
      case 'h':
        ok = digits(n, max, &hour);
        if (e.letter == 'k' && hour == 24) hour = 0;
        twelve_hour = e.letter == 'h' || e.letter == 'K';
        if (e.letter == 'h' && hour == 12) hour = 0;
        break;
      case 'm':
        ok = digits(n, max, &minute);
        break;
      case 's':
        ok = digits(n, max, &second);
        break;
      case 'S': {
        const size_t start = at;
        ok = digits(n, next_is_number ? n : 9, &fraction);
        for (size_t k = at - start; ok && k < 6; ++k) fraction *= 10;
        for (size_t k = at - start; ok && k > 6; --k) fraction /= 10;
        break;
      }
      case 'V': {
        size_t end = at;
        while (end < text.size() && (PatternIsLetter(text[end]) || text[end] == '/' ||
                                     text[end] == '_' || text[end] == '+' || text[end] == '-'))
          ++end;
        ok = end > at;
        at = end;
        break;
      }
      default: {  // X, x, Z: Z, +HH, +HHMM, +HH:MM
        if (e.letter == 'X' && at < text.size() && text[at] == 'Z') {
          ++at;
          *offset_seconds = 0;
          break;
        }
        if (at >= text.size() || (text[at] != '+' && text[at] != '-')) {
          ok = false;
          break;
        }
        const int64_t sign = text[at++] == '-' ? -1 : 1;
        int64_t h = 0, m = 0;
        ok = digits(2, 2, &h);
        if (ok && at < text.size() && text[at] == ':') ++at;
        if (ok && at < text.size() && PatternIsDigit(text[at])) ok = digits(2, 2, &m);
        if (ok) *offset_seconds = sign * (h * 3600 + m * 60);
        break;
      }
    }
    if (!ok || at > text.size()) return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  if (pm == 1 && hour < 12) hour += 12;
  if (twelve_hour && hour > 23) return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return std::nullopt;
  int64_t days = DaysFromCivil(year, static_cast<int>(month), static_cast<int>(day));
  if (CivilFromDays(days).day != day) return std::nullopt;  // 2026-02-30
  if (day_of_year > 0) days = DaysFromCivil(year, 1, 1) + day_of_year - 1;
  return days * kPatternDayMicros + ((hour * 60 + minute) * 60 + second) * kPatternSecondMicros +
         fraction;
}

}  // namespace floe::sql
