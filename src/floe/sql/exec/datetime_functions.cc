// Date and time functions (functions.h). A timestamp (with time zone) is cut into dates and
// hours in the session time zone (cast.h EvalContext); a timestamp_ntz as written.
//   to_date(x)            date of a timestamp / string (NULL when the string is not a date)
//   date_trunc(unit, ts)  'year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'
//   year, quarter, month, day / dayofmonth, dayofweek (1 = Sunday), hour, minute, second
//   date_add(d, n), date_sub(d, n), datediff(end, start)
//   current_date(), current_timestamp() / now(): the statement's start, the same on every row
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

constexpr int64_t kDayMicros = int64_t{86400} * 1000000;

// The argument type a date part function reads: dates stay dates, timestamps stay, strings and
// others are cast to timestamp.
DataTypePtr DatePartInput(const DataTypePtr& t, bool needs_time) {
  if (t->id() == TypeId::kDate32 && !needs_time) return t;
  if (t->id() == TypeId::kDate32) return TimestampType();
  if (IsTimestamp(*t)) {
    return t->unit() == columnar::TimeUnit::kNano
               ? columnar::Timestamp(columnar::TimeUnit::kMicro, t->timezone())
               : t;
  }
  return needs_time ? TimestampType() : columnar::Date32();
}

// Local micros of a date or timestamp value.
int64_t LocalMicros(const Scalar& v, const columnar::DataType& t, const EvalContext& ctx) {
  if (t.id() == TypeId::kDate32) return v.as_int() * kDayMicros;
  return t.timezone().empty() ? v.as_int() : ctx.time_zone.ToLocal(v.as_int());
}

}  // namespace

FamilyBinding BindDatetimeFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                   const EvalContextPtr& ctx) {
  if (name == "current_date" || name == "current_timestamp" || name == "now") {
    if (!args.empty()) return FamilyBinding(InvalidArgument("{} takes no arguments", name));
    bool date = name == "current_date";
    DataTypePtr out = date ? columnar::Date32() : TimestampType();
    return FamilyBinding(FunctionBinding{
        out, {}, [ctx, date, out](const std::vector<columnar::ArrayPtr>&, int64_t n) {
          int64_t v = date ? FloorDiv(ctx->time_zone.ToLocal(ctx->now_micros), kDayMicros)
                           : ctx->now_micros;
          return ScalarArray(out, Scalar::Int(v), n);
        }});
  }
  if (name == "to_date") {
    if (args.empty() || args.size() > 2)
      return FamilyBinding(InvalidArgument("to_date takes a value and an optional format"));
    DataTypePtr in = args[0];
    if (args.size() == 2) {
      return FamilyBinding(
          NotSupported("to_date with a format: cast the string instead (to_date(x))"));
    }
    DataTypePtr out = columnar::Date32();
    return FamilyBinding(
        FunctionBinding{out, {in}, [ctx, out](const std::vector<columnar::ArrayPtr>& a, int64_t) {
                          return CastArray(a[0], out, *ctx);
                        }});
  }
  static const std::string_view kParts[] = {"year",       "quarter",   "month",     "day",
                                            "dayofmonth", "dayofweek", "dayofyear", "hour",
                                            "minute",     "second"};
  for (std::string_view part : kParts) {
    if (name != part) continue;
    if (args.size() != 1)
      return FamilyBinding(InvalidArgument("{} takes one date or timestamp", name));
    bool needs_time = part == "hour" || part == "minute" || part == "second";
    DataTypePtr in = DatePartInput(args[0], needs_time);
    std::string p(part);
    return FamilyBinding(FunctionBinding{
        columnar::Int32(),
        {in},
        MakeRowKernel(
            columnar::Int32(), [ctx, in, p](const std::vector<Scalar>& v) -> Result<Scalar> {
              int64_t local = LocalMicros(v[0], *in, *ctx);
              int64_t days = FloorDiv(local, kDayMicros);
              int64_t in_day = FloorMod(local, kDayMicros) / 1000000;
              CivilDate d = CivilFromDays(days);
              if (p == "year") return Scalar::Int(d.year);
              if (p == "quarter") return Scalar::Int((d.month - 1) / 3 + 1);
              if (p == "month") return Scalar::Int(d.month);
              if (p == "day" || p == "dayofmonth") return Scalar::Int(d.day);
              if (p == "dayofweek")
                return Scalar::Int(FloorMod(days + 4, 7) + 1);  // 1970-01-01 was a Thursday
              if (p == "dayofyear") return Scalar::Int(days - DaysFromCivil(d.year, 1, 1) + 1);
              if (p == "hour") return Scalar::Int(in_day / 3600);
              if (p == "minute") return Scalar::Int(in_day / 60 % 60);
              return Scalar::Int(in_day % 60);
            })});
  }
  if (name == "date_add" || name == "date_sub" || name == "dateadd") {
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("{} takes a date and a number of days", name));
    int sign = name == "date_sub" ? -1 : 1;
    DataTypePtr d = columnar::Date32();
    return FamilyBinding(FunctionBinding{
        d,
        {d, columnar::Int32()},
        MakeRowKernel(d, [sign](const std::vector<Scalar>& v) -> Result<Scalar> {
          return Scalar::Int(static_cast<int32_t>(v[0].as_int() + sign * v[1].as_int()));
        })});
  }
  if (name == "datediff") {
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("datediff takes an end date and a start date"));
    DataTypePtr d = columnar::Date32();
    return FamilyBinding(FunctionBinding{
        columnar::Int32(),
        {d, d},
        MakeRowKernel(columnar::Int32(), [](const std::vector<Scalar>& v) -> Result<Scalar> {
          return Scalar::Int(v[0].as_int() - v[1].as_int());
        })});
  }
  if (name == "date_trunc") {
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("date_trunc takes a unit and a timestamp"));
    DataTypePtr ts = DatePartInput(args[1], true);
    return FamilyBinding(FunctionBinding{
        ts,
        {columnar::Utf8(), ts},
        MakeRowKernel(ts, [ctx, ts](const std::vector<Scalar>& v) -> Result<Scalar> {
          std::string unit = AsciiLower(v[0].as_string());
          int64_t local = LocalMicros(v[1], *ts, *ctx);
          int64_t days = FloorDiv(local, kDayMicros);
          CivilDate d = CivilFromDays(days);
          int64_t out;
          if (unit == "year" || unit == "yyyy" || unit == "yy") {
            out = DaysFromCivil(d.year, 1, 1) * kDayMicros;
          } else if (unit == "quarter") {
            out = DaysFromCivil(d.year, (d.month - 1) / 3 * 3 + 1, 1) * kDayMicros;
          } else if (unit == "month" || unit == "mon" || unit == "mm") {
            out = DaysFromCivil(d.year, d.month, 1) * kDayMicros;
          } else if (unit == "week") {
            out = (days - FloorMod(days + 3, 7)) * kDayMicros;  // Monday
          } else if (unit == "day" || unit == "dd") {
            out = days * kDayMicros;
          } else if (unit == "hour") {
            out = FloorDiv(local, int64_t{3600} * 1000000) * int64_t{3600} * 1000000;
          } else if (unit == "minute") {
            out = FloorDiv(local, int64_t{60} * 1000000) * int64_t{60} * 1000000;
          } else if (unit == "second") {
            out = FloorDiv(local, 1000000) * 1000000;
          } else {
            return Scalar::Null();  // Spark: an unknown unit gives NULL
          }
          return Scalar::Int(ts->timezone().empty() ? out : ctx->time_zone.ToUtc(out));
        })});
  }
  return std::nullopt;
}

}  // namespace floe::sql
