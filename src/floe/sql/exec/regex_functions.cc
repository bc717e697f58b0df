// Regular-expression functions (functions.h), with regex.h's engine (PCRE2 with Java's syntax and
// a backtracking limit) and Java's semantics where Spark inherits them:
//   rlike(s, re), regexp(s, re), regexp_like(s, re)  whether re matches somewhere in s
//   regexp_extract(s, re[, idx])   group idx (1 by default; 0 the whole match) of the first
//                                  match, "" when nothing matches or the group took no part
//   regexp_replace(s, re, rep[, pos])  every match from character pos (1 by default) on
//                                  replaced by rep, where $n / ${name} are groups and \x is x
//   split(s, re[, limit])          the parts between matches, as Java's String.split(re, limit)
//                                  (limit > 0: at most limit parts; else all of them)
// A malformed pattern, a group index beyond the pattern's groups and a match that backtracks
// without end are errors naming the pattern.
#include <memory>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/regex.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// The byte offset of character `chars` (0-based) of UTF-8 `s` (its size when beyond).
size_t RegexByteOfChar(std::string_view s, int64_t chars) {
  size_t at = 0;
  for (int64_t k = 0; k < chars && at < s.size(); ++k) {
    ++at;
    while (at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

bool RegexTakesArgument(const DataTypePtr& t) {
  return t->id() != TypeId::kList && t->id() != TypeId::kMap && t->id() != TypeId::kStruct;
}

}  // namespace

FamilyBinding BindRegexFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                const EvalContextPtr&) {
  if (name != "rlike" && name != "regexp" && name != "regexp_like" && name != "regexp_extract" &&
      name != "regexp_replace" && name != "split")
    return std::nullopt;
  const DataTypePtr text = columnar::Utf8();
  for (const DataTypePtr& a : args) {
    if (!RegexTakesArgument(a))
      return FamilyBinding(InvalidArgument("{} of {}: takes strings", name, SparkTypeName(*a)));
  }
  auto cache = std::make_shared<RegexCache>();
  if (name == "rlike" || name == "regexp" || name == "regexp_like") {
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("{} takes a value and a pattern", name));
    return FamilyBinding(FunctionBinding{
        columnar::Boolean(),
        {text, text},
        MakeRowKernel(columnar::Boolean(), [cache](const std::vector<Scalar>& v) -> Result<Scalar> {
          FLOE_ASSIGN_OR_RETURN(auto re, cache->Get(v[1].as_string()));
          std::vector<size_t> groups;
          FLOE_ASSIGN_OR_RETURN(bool found, re->Find(v[0].as_string(), 0, &groups));
          return Scalar::Bool(found);
        })});
  }
  if (name == "regexp_extract") {
    if (args.size() != 2 && args.size() != 3)
      return FamilyBinding(
          InvalidArgument("regexp_extract takes a value, a pattern and an optional group index"));
    std::vector<DataTypePtr> types{text, text};
    if (args.size() == 3) types.push_back(columnar::Int32());
    return FamilyBinding(FunctionBinding{
        text, types, MakeRowKernel(text, [cache](const std::vector<Scalar>& v) -> Result<Scalar> {
          FLOE_ASSIGN_OR_RETURN(auto re, cache->Get(v[1].as_string()));
          const int64_t index = v.size() == 3 ? v[2].as_int() : 1;
          if (index < 0 || index > re->num_groups()) {
            return InvalidArgument(
                "regexp_extract: '{}' has {} group{}, so the group index must be 0 to {}, not {}",
                re->pattern(), re->num_groups(), re->num_groups() == 1 ? "" : "s", re->num_groups(),
                index);
          }
          std::vector<size_t> g;
          const std::string& s = v[0].as_string();
          FLOE_ASSIGN_OR_RETURN(bool found, re->Find(s, 0, &g));
          const auto k = static_cast<size_t>(index);
          if (!found || g[2 * k] == std::string::npos) return Scalar::String("");
          return Scalar::String(s.substr(g[2 * k], g[2 * k + 1] - g[2 * k]));
        })});
  }
  if (name == "regexp_replace") {
    if (args.size() != 3 && args.size() != 4)
      return FamilyBinding(InvalidArgument(
          "regexp_replace takes a value, a pattern, a replacement and an optional position"));
    std::vector<DataTypePtr> types{text, text, text};
    if (args.size() == 4) types.push_back(columnar::Int32());
    return FamilyBinding(FunctionBinding{
        text, types, MakeRowKernel(text, [cache](const std::vector<Scalar>& v) -> Result<Scalar> {
          FLOE_ASSIGN_OR_RETURN(auto re, cache->Get(v[1].as_string()));
          const std::string& s = v[0].as_string();
          const int64_t position = v.size() == 4 ? v[3].as_int() : 1;
          if (position < 1) {
            return InvalidArgument("regexp_replace: the position must be 1 or more, not {}",
                                   position);
          }
          const size_t from = RegexByteOfChar(s, position - 1);
          if (from >= s.size() && position > 1) return Scalar::String(s);
          FLOE_ASSIGN_OR_RETURN(std::string rest,
                                re->ReplaceAll(std::string_view(s).substr(from), v[2].as_string()));
          return Scalar::String(s.substr(0, from) + rest);
        })});
  }
  if (name == "split") {
    if (args.size() != 2 && args.size() != 3)
      return FamilyBinding(InvalidArgument("split takes a value, a pattern and an optional limit"));
    std::vector<DataTypePtr> types{text, text};
    if (args.size() == 3) types.push_back(columnar::Int32());
    DataTypePtr out = columnar::List(columnar::Field("element", text));
    return FamilyBinding(FunctionBinding{
        out, types, [cache, out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
          FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
          auto& lists = static_cast<columnar::ListBuilder&>(*builder);
          auto& parts = static_cast<columnar::BinaryBuilder&>(*lists.value_builder());
          for (int64_t row = 0; row < n; ++row) {
            bool null = false;
            for (const ArrayPtr& arg : a) null = null || arg->IsNull(row);
            if (null) {
              FLOE_RETURN_IF_ERROR(lists.AppendNull());
              continue;
            }
            FLOE_ASSIGN_OR_RETURN(Scalar s, ScalarAt(*a[0], row));
            FLOE_ASSIGN_OR_RETURN(Scalar pattern, ScalarAt(*a[1], row));
            int64_t limit = -1;
            if (a.size() == 3) {
              FLOE_ASSIGN_OR_RETURN(Scalar l, ScalarAt(*a[2], row));
              limit = l.as_int();
            }
            FLOE_ASSIGN_OR_RETURN(auto re, cache->Get(pattern.as_string()));
            FLOE_ASSIGN_OR_RETURN(std::vector<std::string> pieces, re->Split(s.as_string(), limit));
            FLOE_RETURN_IF_ERROR(lists.Append(true));
            for (const std::string& piece : pieces) FLOE_RETURN_IF_ERROR(parts.Append(piece));
          }
          return lists.Finish();
        }});
  }
  return std::nullopt;
}

}  // namespace floe::sql
