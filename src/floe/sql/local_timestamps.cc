#include "floe/sql/local_timestamps.h"

#include <fmt/format.h>

#include "floe/columnar/array_builder.h"
#include "floe/util/time.h"

namespace floe::sql {

namespace {

// "YYYY-MM-DDTHH:MM:SS.ffffff+HH:MM" of an instant (micros or nanos) in a zone.
std::string LocalTimestampText(int64_t value, bool nanos, const SessionTimeZone& zone) {
  int64_t micros = nanos ? FloorDiv(value, 1000) : value;
  int64_t offset = zone.OffsetSecondsAt(micros);
  int64_t local = micros + offset * 1000000;
  std::string text = nanos ? FormatTimestampNanos(local * 1000 + FloorMod(value, 1000), false)
                           : FormatTimestampMicros(local, false);
  int64_t a = offset < 0 ? -offset : offset;
  return text + fmt::format("{}{:02}:{:02}", offset < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

}  // namespace

Result<columnar::RecordBatch> LocalizeTimestamps(const columnar::RecordBatch& batch, const SessionTimeZone& zone) {
  if (zone.is_utc()) return batch;
  std::vector<columnar::Field> fields = batch.schema()->fields();
  std::vector<columnar::ArrayPtr> columns = batch.columns();
  bool changed = false;
  for (size_t c = 0; c < fields.size(); ++c) {
    const columnar::DataType& t = *fields[c].type;
    if (t.id() != columnar::TypeId::kTimestamp || t.timezone().empty()) continue;
    bool nanos = t.unit() == columnar::TimeUnit::kNano;
    const columnar::ArrayData& a = *columns[c];
    columnar::BinaryBuilder builder(columnar::Utf8());
    for (int64_t i = 0; i < a.length; ++i) {
      if (a.IsNull(i)) {
        FLOE_RETURN_IF_ERROR(builder.AppendNull());
      } else {
        FLOE_RETURN_IF_ERROR(builder.Append(LocalTimestampText(a.values<int64_t>()[i], nanos, zone)));
      }
    }
    FLOE_ASSIGN_OR_RETURN(columns[c], builder.Finish());
    fields[c] = columnar::Field(fields[c].name, columnar::Utf8(), true);
    changed = true;
  }
  if (!changed) return batch;
  return columnar::RecordBatch::Make(std::make_shared<const columnar::Schema>(std::move(fields)), batch.num_rows(),
                                     std::move(columns));
}

}  // namespace floe::sql
