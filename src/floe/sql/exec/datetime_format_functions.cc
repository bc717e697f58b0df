// Formatting and parsing with Spark's datetime patterns (datetime_pattern.h; functions.h):
//   date_format(ts, pattern)             the timestamp's local time in the session time zone
//                                        (a timestamp_ntz as written) as text
//   from_unixtime(secs[, pattern])       seconds since the epoch as local text, pattern
//                                        'yyyy-MM-dd HH:mm:ss' by default
//   unix_timestamp([x[, pattern]])       seconds since the epoch (rounded down) of now, of a
//                                        timestamp or date, or of a string read with the pattern
//                                        (an offset in it wins, else the session time zone);
//                                        NULL when the string does not match, as in Spark with
//                                        ANSI mode off. to_unix_timestamp is the same.
// A malformed pattern is an error naming it.
#include <memory>
#include <mutex>

#include "floe/sql/exec/datetime_pattern.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/time.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

constexpr int64_t kFormatSecondMicros = 1000000;
constexpr std::string_view kFormatDefaultPattern = "yyyy-MM-dd HH:mm:ss";

// The last pattern a kernel compiled, kept while the rows bring the same text (threads share
// the kernel: a lock guards it).
class PatternCache {
 public:
  Result<std::shared_ptr<const DatetimePattern>> Get(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!pattern_ || text != text_) {
      FLOE_ASSIGN_OR_RETURN(DatetimePattern p, DatetimePattern::Make(text));
      pattern_ = std::make_shared<const DatetimePattern>(std::move(p));
      text_ = text;
    }
    return pattern_;
  }

 private:
  std::mutex mutex_;
  std::string text_;
  std::shared_ptr<const DatetimePattern> pattern_;
};

// Timestamps as micros (a nanosecond one is cast), dates and strings as timestamps.
DataTypePtr TimestampInput(const DataTypePtr& t) {
  if (IsTimestamp(*t)) {
    return t->unit() == columnar::TimeUnit::kMicro
               ? t
               : columnar::Timestamp(columnar::TimeUnit::kMicro, t->timezone());
  }
  return TimestampType();
}

Scalar FormatUtc(const DatetimePattern& pattern, int64_t utc_micros, const EvalContext& ctx) {
  const int64_t offset = ctx.time_zone.OffsetSecondsAt(utc_micros);
  return Scalar::String(
      pattern.Format(utc_micros + offset * kFormatSecondMicros, offset, ctx.time_zone.name()));
}

bool IsTextPattern(const DataTypePtr& t) {
  return t->id() == TypeId::kString || t->id() == TypeId::kNull;
}

}  // namespace

FamilyBinding BindDatetimeFormatFunction(std::string_view name,
                                         const std::vector<DataTypePtr>& args,
                                         const EvalContextPtr& ctx) {
  const DataTypePtr text = columnar::Utf8();
  if (name == "date_format") {
    if (args.size() != 2 || !IsTextPattern(args[1]))
      return FamilyBinding(InvalidArgument("date_format takes a timestamp and a pattern string"));
    DataTypePtr in = TimestampInput(args[0]);
    const bool zoned = !in->timezone().empty();
    auto cache = std::make_shared<PatternCache>();
    return FamilyBinding(FunctionBinding{
        text,
        {in, text},
        MakeRowKernel(text, [ctx, zoned, cache](const std::vector<Scalar>& v) -> Result<Scalar> {
          FLOE_ASSIGN_OR_RETURN(std::shared_ptr<const DatetimePattern> pattern,
                                cache->Get(v[1].as_string()));
          if (zoned) return FormatUtc(*pattern, v[0].as_int(), *ctx);
          return Scalar::String(pattern->Format(v[0].as_int(), 0, ctx->time_zone.name()));
        })});
  }
  if (name == "from_unixtime") {
    if (args.empty() || args.size() > 2 || (args.size() == 2 && !IsTextPattern(args[1])))
      return FamilyBinding(
          InvalidArgument("from_unixtime takes seconds since the epoch and an optional pattern"));
    if (!IsNumeric(*args[0]) && args[0]->id() != TypeId::kNull &&
        args[0]->id() != TypeId::kString) {
      return FamilyBinding(InvalidArgument("from_unixtime of {}: takes seconds as a number",
                                           SparkTypeName(*args[0])));
    }
    std::vector<DataTypePtr> types{columnar::Int64()};
    if (args.size() == 2) types.push_back(text);
    auto cache = std::make_shared<PatternCache>();
    return FamilyBinding(FunctionBinding{
        text, types,
        MakeRowKernel(text, [ctx, cache](const std::vector<Scalar>& v) -> Result<Scalar> {
          FLOE_ASSIGN_OR_RETURN(
              std::shared_ptr<const DatetimePattern> pattern,
              cache->Get(v.size() == 2 ? v[1].as_string() : std::string(kFormatDefaultPattern)));
          return FormatUtc(*pattern, v[0].as_int() * kFormatSecondMicros, *ctx);
        })});
  }
  if (name == "unix_timestamp" || name == "to_unix_timestamp") {
    if (args.size() > 2 || (args.size() == 2 && !IsTextPattern(args[1])) ||
        (name == "to_unix_timestamp" && args.empty()))
      return FamilyBinding(InvalidArgument(
          "{} takes a timestamp, date or string and an optional pattern string", name));
    const DataTypePtr out = columnar::Int64();
    if (args.empty()) {
      return FamilyBinding(FunctionBinding{
          out, {}, [ctx, out](const std::vector<columnar::ArrayPtr>&, int64_t n) {
            return ScalarArray(out, Scalar::Int(FloorDiv(ctx->now_micros, kFormatSecondMicros)), n);
          }});
    }
    if (args[0]->id() == TypeId::kString || args[0]->id() == TypeId::kNull) {
      std::vector<DataTypePtr> types{text};
      if (args.size() == 2) types.push_back(text);
      auto cache = std::make_shared<PatternCache>();
      return FamilyBinding(FunctionBinding{
          out, types,
          MakeRowKernel(out, [ctx, cache](const std::vector<Scalar>& v) -> Result<Scalar> {
            FLOE_ASSIGN_OR_RETURN(
                std::shared_ptr<const DatetimePattern> pattern,
                cache->Get(v.size() == 2 ? v[1].as_string() : std::string(kFormatDefaultPattern)));
            std::optional<int64_t> offset;
            std::optional<int64_t> local = pattern->Parse(v[0].as_string(), &offset);
            if (!local) return Scalar::Null();
            const int64_t utc =
                offset ? *local - *offset * kFormatSecondMicros : ctx->time_zone.ToUtc(*local);
            return Scalar::Int(FloorDiv(utc, kFormatSecondMicros));
          })});
    }
    if (args[0]->id() != TypeId::kDate32 && !IsTimestamp(*args[0])) {
      return FamilyBinding(InvalidArgument("{} of {}: takes a timestamp, date or string", name,
                                           SparkTypeName(*args[0])));
    }
    const bool date = args[0]->id() == TypeId::kDate32;
    std::vector<DataTypePtr> types{date ? args[0] : TimestampInput(args[0])};
    if (args.size() == 2) types.push_back(text);  // read only for strings
    return FamilyBinding(FunctionBinding{
        out, types, MakeRowKernel(out, [ctx, date](const std::vector<Scalar>& v) -> Result<Scalar> {
          const int64_t micros =
              date ? ctx->time_zone.ToUtc(v[0].as_int() * 86400 * kFormatSecondMicros)
                   : v[0].as_int();
          return Scalar::Int(FloorDiv(micros, kFormatSecondMicros));
        })});
  }
  return std::nullopt;
}

}  // namespace floe::sql
