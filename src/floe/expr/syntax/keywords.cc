#include "floe/expr/syntax/keywords.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <string>

namespace floe::expr::syntax {
namespace {

constexpr std::array<std::string_view, 37> kReservedWords = {
    "ALL",  "AND",  "AS",     "BETWEEN", "CASE", "CROSS", "DISTINCT",  "ELSE",  "EXCEPT", "FALSE",
    "FROM", "FULL", "HAVING", "ILIKE",   "IN",   "INNER", "INTERSECT", "IS",    "JOIN",   "LEFT",
    "LIKE", "NOT",  "NULL",   "ON",      "OR",   "OUTER", "REGEXP",    "RIGHT", "RLIKE",  "SELECT",
    "THEN", "TRUE", "UNION",  "USING",   "WHEN", "WHERE", "WITH",
};

// END, ORDER and GROUP are common column names ("end" of a range, "order", "group"): they are
// keywords only where a clause or CASE may end.
constexpr std::array<std::string_view, 18> kClauseWords = {
    "ANTI",      "DIV",     "END",     "FOR",    "GROUP", "LATERAL",     "LIMIT",
    "MINUS",     "NATURAL", "OFFSET",  "ORDER",  "SEMI",  "SYSTEM_TIME", "SYSTEM_VERSION",
    "TIMESTAMP", "VALUES",  "VERSION", "WINDOW",
};

std::string KeywordUpper(std::string_view word) {
  std::string upper(word);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

template <std::size_t N>
bool KeywordListHas(const std::array<std::string_view, N>& list, std::string_view upper) {
  return std::find(list.begin(), list.end(), upper) != list.end();
}

}  // namespace

bool IsReservedWord(std::string_view word) {
  if (word.size() > 10) return false;
  std::string upper = KeywordUpper(word);
  return KeywordListHas(kReservedWords, upper);
}

bool IsClauseWord(std::string_view word) {
  if (IsReservedWord(word)) return true;
  return KeywordListHas(kClauseWords, KeywordUpper(word));
}

}  // namespace floe::expr::syntax
