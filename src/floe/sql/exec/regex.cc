#include "floe/sql/exec/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace floe::sql {
namespace {

// Backtracking steps one match may take (PCRE2's default is 10 million; a value of a few kB
// under a catastrophic pattern reaches this within a fraction of a second).
constexpr uint32_t kMatchLimit = 5'000'000;
constexpr uint32_t kDepthLimit = 100'000;

std::string Pcre2ErrorText(int code) {
  PCRE2_UCHAR buffer[256];
  if (pcre2_get_error_message(code, buffer, sizeof buffer) < 0)
    return "error " + std::to_string(code);
  return reinterpret_cast<const char*>(buffer);
}

// The byte length of the UTF-8 character starting at s[at] (1 for a stray byte).
size_t Utf8CharLength(std::string_view s, size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  return std::min(n, s.size() - at);
}

}  // namespace

struct Regex::Compiled {
  pcre2_code* code = nullptr;
  pcre2_match_context* context = nullptr;
  ~Compiled() {
    pcre2_match_context_free(context);
    pcre2_code_free(code);
  }
};

Regex::~Regex() = default;

Result<std::shared_ptr<const Regex>> Regex::Make(std::string_view pattern) {
  std::shared_ptr<Regex> out(new Regex());
  out->pattern_ = std::string(pattern);
  out->compiled_ = std::make_unique<Compiled>();
  int error = 0;
  PCRE2_SIZE offset = 0;
  // No PCRE2_UCP: \d \w \s and \b are ASCII, as in Java without UNICODE_CHARACTER_CLASS.
  out->compiled_->code =
      pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                    PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &error, &offset, nullptr);
  if (out->compiled_->code == nullptr) {
    return InvalidArgument("invalid regular expression '{}': {} at offset {}", pattern,
                           Pcre2ErrorText(error), offset);
  }
  uint32_t captures = 0;
  pcre2_pattern_info(out->compiled_->code, PCRE2_INFO_CAPTURECOUNT, &captures);
  out->num_groups_ = static_cast<int>(captures);
  out->compiled_->context = pcre2_match_context_create(nullptr);
  pcre2_set_match_limit(out->compiled_->context, kMatchLimit);
  pcre2_set_depth_limit(out->compiled_->context, kDepthLimit);
  return std::shared_ptr<const Regex>(std::move(out));
}

Result<bool> Regex::Find(std::string_view subject, size_t start,
                         std::vector<size_t>* groups) const {
  // One match data per call: kernels run on several threads at once.
  pcre2_match_data* data = pcre2_match_data_create_from_pattern(compiled_->code, nullptr);
  if (data == nullptr) return Internal("out of memory matching '{}'", pattern_);
  const int rc = pcre2_match(compiled_->code, reinterpret_cast<PCRE2_SPTR>(subject.data()),
                             subject.size(), start, 0, data, compiled_->context);
  if (rc == PCRE2_ERROR_NOMATCH) {
    pcre2_match_data_free(data);
    return false;
  }
  if (rc < 0) {
    pcre2_match_data_free(data);
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT) {
      return InvalidArgument(
          "regular expression '{}' backtracks too much on a value of {} bytes (match limit "
          "reached); write it without nested repetition",
          pattern_, subject.size());
    }
    return InvalidArgument("regular expression '{}': {}", pattern_, Pcre2ErrorText(rc));
  }
  const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
  groups->assign(static_cast<size_t>(2 * (num_groups_ + 1)), std::string_view::npos);
  for (int k = 0; k < rc; ++k) {
    if (ovector[2 * k] == PCRE2_UNSET) continue;
    (*groups)[2 * k] = ovector[2 * k];
    (*groups)[2 * k + 1] = ovector[2 * k + 1];
  }
  pcre2_match_data_free(data);
  return true;
}

Result<std::string> Regex::ReplaceAll(std::string_view subject,
                                      std::string_view replacement) const {
  std::string out;
  std::vector<size_t> g;
  size_t at = 0, copied = 0;
  while (at <= subject.size()) {
    FLOE_ASSIGN_OR_RETURN(bool found, Find(subject, at, &g));
    if (!found) break;
    out.append(subject.substr(copied, g[0] - copied));
    for (size_t i = 0; i < replacement.size(); ++i) {
      const char c = replacement[i];
      if (c == '\\') {
        if (++i >= replacement.size())
          return InvalidArgument("regexp_replace: the replacement '{}' ends with a backslash",
                                 replacement);
        out += replacement[i];
      } else if (c == '$') {
        int group = -1;
        if (i + 1 < replacement.size() && replacement[i + 1] == '{') {
          const size_t close = replacement.find('}', i + 2);
          if (close == std::string_view::npos)
            return InvalidArgument("regexp_replace: unclosed ${{ in the replacement '{}'",
                                   replacement);
          std::string name(replacement.substr(i + 2, close - i - 2));
          group = pcre2_substring_number_from_name(compiled_->code,
                                                   reinterpret_cast<PCRE2_SPTR>(name.c_str()));
          if (group < 0)
            return InvalidArgument("regexp_replace: no group named '{}' in '{}'", name, pattern_);
          i = close;
        } else {
          if (i + 1 >= replacement.size() || replacement[i + 1] < '0' || replacement[i + 1] > '9')
            return InvalidArgument(
                "regexp_replace: '$' in the replacement '{}' must be followed by a group "
                "number or {{name}} (write \\$ for a dollar sign)",
                replacement);
          group = replacement[++i] - '0';
          if (group > num_groups_)
            return InvalidArgument("regexp_replace: no group {} in '{}' (it has {})", group,
                                   pattern_, num_groups_);
          // Java takes more digits while they still name a group.
          while (i + 1 < replacement.size() && replacement[i + 1] >= '0' &&
                 replacement[i + 1] <= '9' &&
                 group * 10 + (replacement[i + 1] - '0') <= num_groups_)
            group = group * 10 + (replacement[++i] - '0');
        }
        const auto k = static_cast<size_t>(group);
        if (g[2 * k] != std::string_view::npos)
          out.append(subject.substr(g[2 * k], g[2 * k + 1] - g[2 * k]));
      } else {
        out += c;
      }
    }
    copied = g[1];
    // After an empty match the next search starts one character on.
    at = g[1] > g[0] ? g[1]
                     : (g[1] < subject.size() ? g[1] + Utf8CharLength(subject, g[1]) : g[1] + 1);
  }
  out.append(subject.substr(std::min(copied, subject.size())));
  return out;
}

Result<std::vector<std::string>> Regex::Split(std::string_view subject, int64_t limit) const {
  std::vector<std::string> parts;
  if (pattern_.empty() && !subject.empty()) {
    // Spark's own case: one part per character, no trailing empty part.
    size_t at = 0;
    while (at < subject.size()) {
      const size_t n = Utf8CharLength(subject, at);
      if (limit > 0 && static_cast<int64_t>(parts.size()) == limit - 1) break;
      parts.emplace_back(subject.substr(at, n));
      at += n;
    }
    if (at < subject.size()) parts.emplace_back(subject.substr(at));
    return parts;
  }
  std::vector<size_t> g;
  size_t at = 0, begin = 0;
  while (at <= subject.size() && (limit <= 0 || static_cast<int64_t>(parts.size()) < limit - 1)) {
    FLOE_ASSIGN_OR_RETURN(bool found, Find(subject, at, &g));
    if (!found) break;
    const bool empty = g[1] == g[0];
    at = !empty ? g[1] : g[1] + (g[1] < subject.size() ? Utf8CharLength(subject, g[1]) : 1);
    if (empty && g[0] == 0) continue;  // no leading empty part for a zero-width match
    parts.emplace_back(subject.substr(begin, g[0] - begin));
    begin = g[1];
  }
  parts.emplace_back(subject.substr(begin));
  return parts;
}

Result<std::shared_ptr<const Regex>> RegexCache::Get(const std::string& pattern) {
  std::lock_guard<std::mutex> lock(mutex_);  // kernels (and so their caches) are shared by threads
  if (!regex_ || pattern != text_) {
    FLOE_ASSIGN_OR_RETURN(regex_, Regex::Make(pattern));
    text_ = pattern;
  }
  return regex_;
}

}  // namespace floe::sql
