#include "floe/sql/exec/posix_tz_rule.h"

#include <cctype>

#include "floe/util/time.h"

namespace floe::sql {
namespace {

// A cursor over the rule's text.
struct TzRuleText {
  std::string_view text;
  size_t at = 0;

  bool done() const { return at >= text.size(); }
  char peek() const { return done() ? '\0' : text[at]; }
  bool accept(char c) {
    if (peek() != c) return false;
    ++at;
    return true;
  }
  // A zone abbreviation: 3+ letters, or anything between < and >.
  bool name() {
    if (accept('<')) {
      size_t close = text.find('>', at);
      if (close == std::string_view::npos) return false;
      at = close + 1;
      return true;
    }
    size_t begin = at;
    while (!done() && std::isalpha(static_cast<unsigned char>(peek()))) ++at;
    return at - begin >= 3;
  }
  std::optional<int64_t> number(int64_t max) {
    if (done() || !std::isdigit(static_cast<unsigned char>(peek()))) return std::nullopt;
    int64_t v = 0;
    while (!done() && std::isdigit(static_cast<unsigned char>(peek()))) {
      v = v * 10 + (text[at++] - '0');
      if (v > max) return std::nullopt;
    }
    return v;
  }
  // [+-]hh[:mm[:ss]] in seconds.
  std::optional<int64_t> duration() {
    int64_t sign = 1;
    if (accept('-')) {
      sign = -1;
    } else {
      accept('+');
    }
    auto hours = number(167);
    if (!hours) return std::nullopt;
    int64_t seconds = *hours * 3600;
    if (accept(':')) {
      auto minutes = number(59);
      if (!minutes) return std::nullopt;
      seconds += *minutes * 60;
      if (accept(':')) {
        auto secs = number(59);
        if (!secs) return std::nullopt;
        seconds += *secs;
      }
    }
    return sign * seconds;
  }
};

}  // namespace

Result<PosixTzRule> PosixTzRule::Parse(std::string_view text) {
  auto bad = [&](std::string_view what) {
    return InvalidArgument("time zone rule \"{}\": {}", text, what);
  };
  TzRuleText t{text};
  PosixTzRule rule;
  if (!t.name()) return bad("expected a zone name (3+ letters or <...>)");
  auto std_west = t.duration();
  if (!std_west) return bad("expected the standard offset after the name");
  rule.std_offset_ = -*std_west;
  if (t.done()) return rule;
  Daylight dst;
  if (!t.name()) return bad("expected a daylight-time name");
  dst.offset = rule.std_offset_ + 3600;
  if (!t.done() && t.peek() != ',') {
    auto dst_west = t.duration();
    if (!dst_west) return bad("expected the daylight-time offset");
    dst.offset = -*dst_west;
  }
  if (!t.accept(',')) return bad("expected \",\" and the daylight-time dates");
  auto parse_date = [&](RuleDate& d) -> bool {
    if (t.accept('M')) {
      d.kind = 'M';
      auto m = t.number(12);
      if (!m || *m < 1 || !t.accept('.')) return false;
      auto w = t.number(5);
      if (!w || *w < 1 || !t.accept('.')) return false;
      auto wd = t.number(6);
      if (!wd) return false;
      d.month = static_cast<int>(*m), d.week = static_cast<int>(*w),
      d.weekday = static_cast<int>(*wd);
    } else if (t.accept('J')) {
      d.kind = 'J';
      auto n = t.number(365);
      if (!n || *n < 1) return false;
      d.day = static_cast<int>(*n);
    } else {
      d.kind = 'n';
      auto n = t.number(365);
      if (!n) return false;
      d.day = static_cast<int>(*n);
    }
    if (t.accept('/')) {
      auto time = t.duration();
      if (!time) return false;
      d.time = *time;
    }
    return true;
  };
  if (!parse_date(dst.start)) return bad("malformed daylight-time start date");
  if (!t.accept(',')) return bad("expected \",\" and the daylight-time end date");
  if (!parse_date(dst.end)) return bad("malformed daylight-time end date");
  if (!t.done()) return bad("unexpected text after the rule");
  rule.dst_ = dst;
  return rule;
}

int64_t PosixTzRule::DayOf(const RuleDate& date, int64_t year) {
  const int64_t jan1 = DaysFromCivil(year, 1, 1);
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  switch (date.kind) {
    case 'J':  // 1..365, February 29 not counted: day 60 is always March 1
      return jan1 + date.day - 1 + (leap && date.day >= 60 ? 1 : 0);
    case 'n':
      return jan1 + date.day;
    default: {
      const int64_t first = DaysFromCivil(year, date.month, 1);
      const int64_t first_weekday = FloorMod(first + 4, 7);  // 1970-01-01 was a Thursday (4)
      int64_t day = first + FloorMod(date.weekday - first_weekday, 7) + 7 * (date.week - 1);
      const int64_t next_month =
          date.month == 12 ? DaysFromCivil(year + 1, 1, 1) : DaysFromCivil(year, date.month + 1, 1);
      while (day >= next_month) day -= 7;  // week 5: the last such weekday
      return day;
    }
  }
}

std::vector<std::pair<int64_t, int64_t>> PosixTzRule::TransitionsOf(int64_t year) const {
  if (!dst_) return {};
  // The start is given in standard local time, the end in daylight local time.
  int64_t start = DayOf(dst_->start, year) * 86400 + dst_->start.time - std_offset_;
  int64_t end = DayOf(dst_->end, year) * 86400 + dst_->end.time - dst_->offset;
  std::vector<std::pair<int64_t, int64_t>> out = {{start, dst_->offset}, {end, std_offset_}};
  if (end < start) std::swap(out[0], out[1]);
  return out;
}

}  // namespace floe::sql
