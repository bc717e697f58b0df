// Functions that build strings (functions.h), with Spark 3.5's rules:
//   concat_ws(sep, a, b, …)   the non-NULL arguments joined by sep; NULL only when sep is NULL
//   lpad(s, n[, pad])         s cut or left-padded to n characters (pad defaults to a space;
//   rpad(s, n[, pad])         an empty pad or n below s's length cuts s; n <= 0 gives '')
// Lengths count UTF-8 characters.
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// The byte offset where character `chars` of s starts (s.size() when s is shorter).
size_t Utf8Prefix(std::string_view s, int64_t chars) {
  int64_t seen = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (seen == chars) return i;
      ++seen;
    }
  }
  return s.size();
}

int64_t Utf8Length(std::string_view s) {
  int64_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string Pad(std::string_view s, int64_t len, std::string_view pad, bool left) {
  if (len <= 0) return "";
  const int64_t have = Utf8Length(s);
  if (have >= len || pad.empty()) return std::string(s.substr(0, Utf8Prefix(s, len)));
  // The pad repeated and cut to the missing characters.
  const int64_t missing = len - have;
  const int64_t pad_chars = Utf8Length(pad);
  std::string fill;
  for (int64_t k = 0; k < missing / pad_chars; ++k) fill += pad;
  fill += pad.substr(0, Utf8Prefix(pad, missing % pad_chars));
  return left ? fill + std::string(s) : std::string(s) + fill;
}

}  // namespace

FamilyBinding BindStringBuildingFunction(std::string_view name,
                                         const std::vector<DataTypePtr>& args,
                                         const EvalContextPtr&) {
  const DataTypePtr s = columnar::Utf8();
  if (name == "concat_ws") {
    if (args.empty()) {
      return FamilyBinding(InvalidArgument("concat_ws takes a separator and strings to join"));
    }
    for (const auto& a : args) {
      if (a->is_nested()) {
        return FamilyBinding(NotSupported("concat_ws of {} is not supported yet: {}",
                                          SparkTypeName(*a), FunctionSignature(name, args)));
      }
    }
    return FamilyBinding(FunctionBinding{s, std::vector<DataTypePtr>(args.size(), s),
                                         MakeRowKernel(
                                             s,
                                             [](const std::vector<Scalar>& v) -> Result<Scalar> {
                                               if (v[0].is_null()) return Scalar::Null();
                                               std::string out;
                                               bool first = true;
                                               for (size_t i = 1; i < v.size(); ++i) {
                                                 if (v[i].is_null()) continue;
                                                 if (!first) out += v[0].as_string();
                                                 out += v[i].as_string();
                                                 first = false;
                                               }
                                               return Scalar::String(std::move(out));
                                             },
                                             /*propagate_nulls=*/false)});
  }
  if (name == "lpad" || name == "rpad") {
    if (args.size() != 2 && args.size() != 3) {
      return FamilyBinding(
          InvalidArgument("{} takes a string, a length and an optional pad string", name));
    }
    std::vector<DataTypePtr> types{s, columnar::Int32()};
    if (args.size() == 3) types.push_back(s);
    const bool left = name == "lpad";
    return FamilyBinding(FunctionBinding{
        s, types, MakeRowKernel(s, [left](const std::vector<Scalar>& v) -> Result<Scalar> {
          std::string_view pad = v.size() == 3 ? std::string_view(v[2].as_string()) : " ";
          return Scalar::String(Pad(v[0].as_string(), v[1].as_int(), pad, left));
        })});
  }
  return std::nullopt;
}

}  // namespace floe::sql
