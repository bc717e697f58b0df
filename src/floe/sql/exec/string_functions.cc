// String functions (functions.h): lower, upper, length / char_length (characters, UTF-8),
// substr / substring (1-based, negative from the end, Spark's rules), concat and || (NULL if any
// argument is NULL), trim / ltrim / rtrim (spaces), starts_with / startswith, contains.
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;

namespace {

// Byte offsets of each UTF-8 character start, plus the end.
std::vector<size_t> Utf8Starts(std::string_view s) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
  }
  starts.push_back(s.size());
  return starts;
}

std::string AsciiCase(std::string s, bool upper) {
  for (char& c : s) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// Spark's substring(str, pos, len): pos 1-based, 0 acts as 1, negative counts from the end.
std::string Substring(std::string_view s, int64_t pos, int64_t len) {
  std::vector<size_t> starts = Utf8Starts(s);
  auto n = static_cast<int64_t>(starts.size()) - 1;
  int64_t start = pos > 0 ? pos - 1 : (pos < 0 ? n + pos : 0);
  int64_t end = len == INT64_MAX ? n : start + len;
  if (pos < 0 && start < 0) {
    // Spark: the window is cut at the start of the string.
    start = 0;
  }
  start = std::clamp<int64_t>(start, 0, n);
  end = std::clamp<int64_t>(end, start, n);
  if (len < 0) end = start;
  return std::string(
      s.substr(starts[static_cast<size_t>(start)],
               starts[static_cast<size_t>(end)] - starts[static_cast<size_t>(start)]));
}

}  // namespace

FamilyBinding BindStringFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                 const EvalContextPtr&) {
  DataTypePtr s = columnar::Utf8();
  auto unary = [&](RowFunction fn, DataTypePtr out) -> FamilyBinding {
    if (args.size() != 1) return FamilyBinding(InvalidArgument("{} takes one argument", name));
    return FamilyBinding(FunctionBinding{out, {s}, MakeRowKernel(out, std::move(fn))});
  };
  if (name == "lower" || name == "lcase" || name == "upper" || name == "ucase") {
    bool upper = name == "upper" || name == "ucase";
    return unary(
        [upper](const std::vector<Scalar>& v) -> Result<Scalar> {
          return Scalar::String(AsciiCase(v[0].as_string(), upper));
        },
        s);
  }
  if (name == "length" || name == "char_length" || name == "character_length") {
    bool binary = args.size() == 1 && args[0]->id() == columnar::TypeId::kBinary;
    if (binary) {
      return FamilyBinding(FunctionBinding{
          columnar::Int32(),
          {args[0]},
          MakeRowKernel(columnar::Int32(), [](const std::vector<Scalar>& v) -> Result<Scalar> {
            return Scalar::Int(static_cast<int64_t>(v[0].as_string().size()));
          })});
    }
    return unary(
        [](const std::vector<Scalar>& v) -> Result<Scalar> {
          return Scalar::Int(static_cast<int64_t>(Utf8Starts(v[0].as_string()).size()) - 1);
        },
        columnar::Int32());
  }
  if (name == "trim" || name == "ltrim" || name == "rtrim") {
    bool left = name != "rtrim", right = name != "ltrim";
    return unary(
        [left, right](const std::vector<Scalar>& v) -> Result<Scalar> {
          std::string_view t = v[0].as_string();
          while (left && !t.empty() && t.front() == ' ') t.remove_prefix(1);
          while (right && !t.empty() && t.back() == ' ') t.remove_suffix(1);
          return Scalar::String(std::string(t));
        },
        s);
  }
  if (name == "substr" || name == "substring") {
    if (args.size() != 2 && args.size() != 3) {
      return FamilyBinding(
          InvalidArgument("{} takes a string, a position and an optional length", name));
    }
    std::vector<DataTypePtr> types{s, columnar::Int32()};
    if (args.size() == 3) types.push_back(columnar::Int32());
    return FamilyBinding(FunctionBinding{
        s, types, MakeRowKernel(s, [](const std::vector<Scalar>& v) -> Result<Scalar> {
          int64_t len = v.size() == 3 ? v[2].as_int() : INT64_MAX;
          return Scalar::String(Substring(v[0].as_string(), v[1].as_int(), len));
        })});
  }
  if (name == "left" || name == "right") {
    // Spark's left(s, n) / right(s, n): the first / last n characters; none when n <= 0.
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("{} takes a string and a length", name));
    const bool left = name == "left";
    return FamilyBinding(
        FunctionBinding{s,
                        {s, columnar::Int32()},
                        MakeRowKernel(s, [left](const std::vector<Scalar>& v) -> Result<Scalar> {
                          const int64_t n = v[1].as_int();
                          if (n <= 0) return Scalar::String("");
                          return Scalar::String(Substring(v[0].as_string(), left ? 1 : -n, n));
                        })});
  }
  if (name == "concat" || name == "||") {
    std::vector<DataTypePtr> types(args.size(), s);
    return FamilyBinding(FunctionBinding{
        s, types, MakeRowKernel(s, [](const std::vector<Scalar>& v) -> Result<Scalar> {
          std::string out;
          for (const auto& x : v) out += x.as_string();
          return Scalar::String(std::move(out));
        })});
  }
  if (name == "starts_with" || name == "startswith" || name == "contains" || name == "ends_with" ||
      name == "endswith") {
    if (args.size() != 2) return FamilyBinding(InvalidArgument("{} takes two strings", name));
    int mode = name.starts_with("start") ? 0 : (name == "contains" ? 1 : 2);
    return FamilyBinding(FunctionBinding{
        columnar::Boolean(),
        {s, s},
        MakeRowKernel(columnar::Boolean(), [mode](const std::vector<Scalar>& v) -> Result<Scalar> {
          std::string_view a = v[0].as_string(), b = v[1].as_string();
          bool r = mode == 0   ? a.starts_with(b)
                   : mode == 1 ? a.find(b) != std::string_view::npos
                               : a.ends_with(b);
          return Scalar::Bool(r);
        })});
  }
  return std::nullopt;
}

}  // namespace floe::sql
