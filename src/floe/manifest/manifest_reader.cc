#include "floe/manifest/manifest_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

#include "floe/manifest/manifest_schema.h"
#include "floe/manifest/optional_value.h"
#include "floe/manifest/partition_value.h"
#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/util/json_reader.h"

namespace floe::manifest {
namespace {

using avro::Decoder;
using avro::ReadPlan;

// Reader-field positions in ManifestEntryReadSchema (manifest_schema.cc, Use::kRead order).
enum EntryField { kStatus, kSnapshotId, kSequenceNumber, kFileSequenceNumber, kDataFileField };
enum DataFileField {
  kContent,
  kFilePath,
  kFileFormat,
  kPartition,
  kRecordCount,
  kFileSize,
  kColumnSizes,
  kValueCounts,
  kNullValueCounts,
  kNanValueCounts,
  kLowerBounds,
  kUpperBounds,
  kKeyMetadata,
  kSplitOffsets,
  kEqualityIds,
  kSortOrderId,
  kFirstRowId,
  kReferencedDataFile,
  kContentOffset,
  kContentSize,
  kDataFileFieldCount
};

using internal::OptInt;
using internal::OptLong;
using internal::Value;

// True when the items of `array` are records of an int key and a value read by `value_op`, as
// written (no unions, promotions, defaults or skipped fields): how every Iceberg writer lays out
// the metric maps. Their items are then read straight off the decoder instead of walking the
// plan for each key and value, which costs several times more (a manifest entry holds a few
// hundred of them).
bool IsPlainKeyValueArray(const ReadPlan& array, ReadPlan::Op value_op) {
  if (array.op != ReadPlan::Op::kArray || array.child->op != ReadPlan::Op::kRecord) return false;
  const std::vector<ReadPlan::FieldStep>& steps = array.child->steps;
  return steps.size() == 2 && steps[0].reader_field == 0 && !steps[0].from_default &&
         steps[0].plan->op == ReadPlan::Op::kInt && steps[1].reader_field == 1 &&
         !steps[1].from_default && steps[1].plan->op == value_op;
}

// Reads the items of a plain key-value array (IsPlainKeyValueArray) into `out`, reusing the
// storage `out` already has (its strings keep their capacity from entry to entry): the loop
// that decodes most of a manifest's bytes, so it reads without a Result per value. Items of
// columns `keep` leaves out are read past. read_value(Decoder&, Value* or nullptr) -> bool.
template <typename Map, typename ReadValue>
Status ReadPlainItems(const ReadPlan& array, Decoder& d, const MetricsProjection& keep, Map* out,
                      const char* what, ReadValue&& read_value) {
  size_t used = 0;
  int64_t total = 0;
  for (;;) {
    FLOE_ASSIGN_OR_RETURN(int64_t n, avro::ReadBlockCount(array, d, &total));
    if (n == 0) break;
    for (int64_t i = 0; i < n; ++i) {
      int32_t key = 0;
      bool ok = d.TryReadInt(&key);
      if (ok && !keep.Keep(key)) {
        ok = read_value(d, nullptr);
      } else if (ok) {
        if (used == out->size()) out->emplace_back();
        auto& item = (*out)[used++];
        item.first = key;
        ok = read_value(d, &item.second);
      }
      if (!ok) {
        out->resize(used);
        return d.Error(fmt::format("bad {} item", what));
      }
    }
  }
  out->resize(used);
  return Ok();
}

Status ReadCounts(const ReadPlan& p, Decoder& d, const MetricsProjection& keep, CountMap* out) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) {
    out->clear();
    return Ok();
  }
  if (IsPlainKeyValueArray(*v, ReadPlan::Op::kLong)) {
    return ReadPlainItems(*v, d, keep, out, "metrics map", [](Decoder& dd, int64_t* value) {
      int64_t skipped;
      return dd.TryReadLong(value ? value : &skipped);
    });
  }
  out->clear();
  return avro::ReadArray(*v, d, [&](const ReadPlan& item_plan, Decoder& dd) -> Status {
    // BigQuery writes the items as unions with null; a null item carries nothing.
    FLOE_ASSIGN_OR_RETURN(const ReadPlan* item, Value(item_plan, dd));
    if (!item) return Ok();
    int32_t key = 0;
    int64_t value = 0;
    FLOE_RETURN_IF_ERROR(
        avro::ReadRecord(*item, dd, [&](int f, const ReadPlan& fp, Decoder& fd) -> Status {
          FLOE_ASSIGN_OR_RETURN(const ReadPlan* vp, Value(fp, fd));
          if (!vp) return fd.Error("a null key or value in a metrics map");
          if (f == 0) {
            FLOE_ASSIGN_OR_RETURN(key, avro::ReadIntValue(*vp, fd));
          } else {
            FLOE_ASSIGN_OR_RETURN(value, avro::ReadLongValue(*vp, fd));
          }
          return Ok();
        }));
    if (keep.Keep(key)) out->emplace_back(key, value);
    return Ok();
  });
}

Status ReadBounds(const ReadPlan& p, Decoder& d, const MetricsProjection& keep, BoundMap* out) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) {
    out->clear();
    return Ok();
  }
  if (IsPlainKeyValueArray(*v, ReadPlan::Op::kBytes)) {
    return ReadPlainItems(*v, d, keep, out, "bounds map", [](Decoder& dd, std::string* value) {
      std::string_view b;
      if (!dd.TryReadBytes(&b)) return false;
      if (value) value->assign(b);
      return true;
    });
  }
  out->clear();
  return avro::ReadArray(*v, d, [&](const ReadPlan& item_plan, Decoder& dd) -> Status {
    FLOE_ASSIGN_OR_RETURN(const ReadPlan* item, Value(item_plan, dd));
    if (!item) return Ok();
    std::pair<int32_t, std::string> kv;
    FLOE_RETURN_IF_ERROR(
        avro::ReadRecord(*item, dd, [&](int f, const ReadPlan& fp, Decoder& fd) -> Status {
          FLOE_ASSIGN_OR_RETURN(const ReadPlan* vp, Value(fp, fd));
          if (!vp) return fd.Error("a null key or value in a bounds map");
          if (f == 0) {
            FLOE_ASSIGN_OR_RETURN(kv.first, avro::ReadIntValue(*vp, fd));
          } else {
            FLOE_ASSIGN_OR_RETURN(std::string_view b, avro::ReadBytesValue(*vp, fd));
            kv.second.assign(b);
          }
          return Ok();
        }));
    if (keep.Keep(kv.first)) out->push_back(std::move(kv));
    return Ok();
  });
}

template <typename T>
Status ReadList(const ReadPlan& p, Decoder& d, std::optional<std::vector<T>>* out) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) {
    out->reset();
    return Ok();
  }
  if (!*out) out->emplace();
  (*out)->clear();
  return avro::ReadArray(*v, d, [&](const ReadPlan& item_plan, Decoder& dd) -> Status {
    FLOE_ASSIGN_OR_RETURN(const ReadPlan* item, Value(item_plan, dd));
    if (!item) return Ok();
    FLOE_ASSIGN_OR_RETURN(int64_t x, avro::ReadLongValue(*item, dd));
    if constexpr (std::is_same_v<T, int32_t>) {
      if (x < INT32_MIN || x > INT32_MAX)
        return dd.Error(fmt::format("field id {} out of range", x));
    }
    (*out)->push_back(static_cast<T>(x));
    return Ok();
  });
}

Status ReadOptBytes(const ReadPlan& p, Decoder& d, std::optional<std::string>* out) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) {
    out->reset();
    return Ok();
  }
  FLOE_ASSIGN_OR_RETURN(std::string_view b, avro::ReadBytesValue(*v, d));
  out->emplace(b);
  return Ok();
}

Status ReadPartition(const ReadPlan& p, Decoder& d, const spec::Type& type,
                     std::vector<spec::Literal>* out) {
  const auto& fields = type.fields();
  out->assign(fields.size(), spec::Literal());
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) return Ok();
  return avro::ReadRecord(*v, d, [&](int f, const ReadPlan& fp, Decoder& fd) -> Status {
    FLOE_ASSIGN_OR_RETURN(const ReadPlan* value, Value(fp, fd));
    if (!value) return Ok();
    auto lit = DecodePartitionValue(*fields[f].type, *value, fd);
    if (!lit.ok()) return std::move(lit).error().WithContext("partition field " + fields[f].name);
    (*out)[f] = std::move(lit).value();
    return Ok();
  });
}

Status DecodeDataFile(const ReadPlan& p, Decoder& d, const spec::Type& partition_type,
                      const MetricsProjection& keep, DataFile* f) {
  uint32_t seen = 0;
  Status st = avro::ReadRecord(p, d, [&](int field, const ReadPlan& fp, Decoder& fd) -> Status {
    switch (field) {
      case kContent: {
        FLOE_ASSIGN_OR_RETURN(auto v, OptInt(fp, fd));
        if (v) {
          if (*v < 0 || *v > 2)
            return fd.Error(fmt::format("data_file.content {} is not 0, 1 or 2", *v));
          f->content = static_cast<FileContent>(*v);
        }
        return Ok();
      }
      case kFilePath:
      case kFileFormat: {
        FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(fp, fd));
        if (!v) return Ok();
        FLOE_ASSIGN_OR_RETURN(std::string_view s, avro::ReadBytesValue(*v, fd));
        (field == kFilePath ? f->file_path : f->file_format).assign(s);
        seen |= 1u << field;
        return Ok();
      }
      case kPartition:
        return ReadPartition(fp, fd, partition_type, &f->partition);
      case kRecordCount:
      case kFileSize: {
        FLOE_ASSIGN_OR_RETURN(auto v, OptLong(fp, fd));
        if (v) {
          (field == kRecordCount ? f->record_count : f->file_size_in_bytes) = *v;
          seen |= 1u << field;
        }
        return Ok();
      }
      case kColumnSizes:
        return ReadCounts(fp, fd, keep, &f->column_sizes);
      case kValueCounts:
        return ReadCounts(fp, fd, keep, &f->value_counts);
      case kNullValueCounts:
        return ReadCounts(fp, fd, keep, &f->null_value_counts);
      case kNanValueCounts:
        return ReadCounts(fp, fd, keep, &f->nan_value_counts);
      case kLowerBounds:
        return ReadBounds(fp, fd, keep, &f->lower_bounds);
      case kUpperBounds:
        return ReadBounds(fp, fd, keep, &f->upper_bounds);
      case kKeyMetadata:
        return ReadOptBytes(fp, fd, &f->key_metadata);
      case kSplitOffsets:
        return ReadList(fp, fd, &f->split_offsets);
      case kEqualityIds:
        return ReadList(fp, fd, &f->equality_ids);
      case kSortOrderId: {
        FLOE_ASSIGN_OR_RETURN(f->sort_order_id, OptInt(fp, fd));
        return Ok();
      }
      case kFirstRowId: {
        FLOE_ASSIGN_OR_RETURN(f->first_row_id, OptLong(fp, fd));
        return Ok();
      }
      case kReferencedDataFile:
        return ReadOptBytes(fp, fd, &f->referenced_data_file);
      case kContentOffset: {
        FLOE_ASSIGN_OR_RETURN(f->content_offset, OptLong(fp, fd));
        return Ok();
      }
      case kContentSize: {
        FLOE_ASSIGN_OR_RETURN(f->content_size_in_bytes, OptLong(fp, fd));
        return Ok();
      }
      default:
        return Internal("unexpected data_file field {}", field);
    }
  });
  FLOE_RETURN_IF_ERROR(st);
  for (int field : {kFilePath, kFileFormat, kRecordCount, kFileSize}) {
    if (!(seen & (1u << field))) {
      static constexpr const char* kNames[] = {"content",   "file_path",    "file_format",
                                               "partition", "record_count", "file_size_in_bytes"};
      return Corrupt("data_file.{} is missing or null", kNames[field]);
    }
  }
  return Ok();
}

void ResetDataFile(DataFile* f) {
  f->content = FileContent::kData;
  f->file_path.clear();
  f->file_format.clear();
  f->record_count = 0;
  f->file_size_in_bytes = 0;
  // Metric maps, lists and partition values are reset by their readers (absent fields read as
  // null from the reader schema's defaults).
}

bool HasFieldId(const avro::Node& record, int32_t id) {
  for (const avro::Field& f : record.fields) {
    if (f.field_id == id) return true;
  }
  return false;
}

const avro::Node* FieldType(const avro::Node& record, int32_t id, std::string_view name) {
  for (const avro::Field& f : record.fields) {
    if (f.field_id == id || (!f.field_id && f.name == name)) {
      const avro::Node* t = f.type;
      if (t->type == avro::Type::kUnion) {
        for (const avro::Node* b : t->branches) {
          if (b->type != avro::Type::kNull) return b;
        }
      }
      return t;
    }
  }
  return nullptr;
}

Status ParseHeader(const avro::ContainerReader& c, bool schema_json_too, ManifestMetadata* m) {
  auto meta_int = [&](std::string_view key) -> Result<std::optional<int64_t>> {
    auto v = c.Meta(key);
    if (!v || v->empty() || *v == "null") return std::optional<int64_t>();
    int64_t x = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
    if (ec != std::errc() || ptr != v->data() + v->size()) {
      return Corrupt("header {} is \"{}\", not a number", key, *v);
    }
    return std::optional<int64_t>(x);
  };
  FLOE_ASSIGN_OR_RETURN(auto version, meta_int("format-version"));
  const avro::Node& root = c.schema()->root();
  if (version) {
    if (*version < 1 || *version > 3) return NotSupported("manifest format-version {}", *version);
    m->format_version = static_cast<int>(*version);
  } else {
    // No header: v2+ writers always write data_file.content.
    const avro::Node* df =
        root.type == avro::Type::kRecord ? FieldType(root, 2, "data_file") : nullptr;
    bool content = false;
    if (df && df->type == avro::Type::kRecord) {
      for (const avro::Field& f : df->fields) {
        content |= f.field_id == 134 || (!f.field_id && f.name == "content");
      }
    }
    m->format_version = content ? 2 : 1;
  }
  if (auto content = c.Meta("content")) {
    if (*content == "data") {
      m->content = ManifestContent::kData;
    } else if (*content == "deletes") {
      m->content = ManifestContent::kDeletes;
    } else {
      return Corrupt("header content is \"{}\", not data or deletes", *content);
    }
  }
  FLOE_ASSIGN_OR_RETURN(auto schema_id, meta_int("schema-id"));
  if (schema_id) m->schema_id = static_cast<int32_t>(*schema_id);
  FLOE_ASSIGN_OR_RETURN(auto spec_id, meta_int("partition-spec-id"));
  if (spec_id) m->partition_spec_id = static_cast<int32_t>(*spec_id);
  // The schema and spec JSON are informative; an unreadable one does not stop the entries.
  if (!schema_json_too) return Ok();
  if (auto schema_json = c.Meta("schema")) {
    if (auto doc = JsonDocument::Parse(*schema_json); doc.ok()) {
      if (auto s = spec::ParseSchema((*doc)->root()); s.ok()) m->schema = std::move(s).value();
    }
  }
  if (auto spec_json = c.Meta("partition-spec")) {
    if (auto doc = JsonDocument::Parse(*spec_json); doc.ok()) {
      if (auto fields = spec::ParsePartitionFields((*doc)->root()); fields.ok()) {
        spec::PartitionSpec spec;
        spec.spec_id = m->partition_spec_id.value_or(0);
        spec.fields = std::move(fields).value();
        m->partition_spec = std::move(spec);
      }
    }
  }
  return Ok();
}

}  // namespace

bool MetricsProjection::KeepLarge(int32_t id) const {
  if (id >= 0 && id < kBitmapIds) {
    return static_cast<size_t>(id) < bitmap_.size() && bitmap_[static_cast<size_t>(id)];
  }
  return std::find(others_.begin(), others_.end(), id) != others_.end();
}

namespace {

// How the entries of a writer schema are read with a partition type: the resolution against the
// entry read schema, and the fast decoder when the writer's layout allows one. The manifests of
// a table share a few (one per writer schema and partition spec); making them for each manifest
// was an eighth of planning a table of a thousand small manifests, so they are made once and
// kept (a few dozen at most: then the cache starts over). The key holds the partition type's
// field ids, names and types: all the read schema is made of.
struct EntryReading {
  std::shared_ptr<const avro::Resolution> resolution;  // holds the writer schema: its address stays
  std::shared_ptr<const ManifestEntryDecoder> fast;    // null: the general path only
};

Result<EntryReading> EntryReadingFor(const std::shared_ptr<const avro::Schema>& writer,
                                     const spec::TypePtr& partition_type, bool fast_path) {
  constexpr size_t kMaxEntryReadings = 32;
  using Key = std::tuple<const avro::Schema*, std::string, bool>;
  static std::mutex mutex;
  static std::map<Key, EntryReading> made;
  Key key{writer.get(), partition_type->ToString(), fast_path};
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = made.find(key);
    if (it != made.end()) return it->second;
  }
  FLOE_ASSIGN_OR_RETURN(std::shared_ptr<const avro::Schema> read_schema,
                        ManifestEntryReadSchema(*partition_type));
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<avro::Resolution> resolution,
                        avro::Resolution::Make(writer, read_schema));
  EntryReading reading;
  if (fast_path) reading.fast = ManifestEntryDecoder::Prepare(resolution->root(), partition_type);
  reading.resolution = std::move(resolution);
  std::lock_guard<std::mutex> lock(mutex);
  if (made.size() >= kMaxEntryReadings) made.clear();
  made.emplace(std::move(key), reading);
  return reading;
}

// Whether a partition value written as `from` reads as `to` by promotion (spec: "Schema
// Evolution"): int to long, float to double, a decimal's precision widened at the same scale.
// Hive-migrated tables whose columns were promoted keep the old types in older manifests.
bool IsPartitionPromotion(const spec::Type& from, const spec::Type& to) {
  if (from.id() == spec::TypeId::kInt) return to.id() == spec::TypeId::kLong;
  if (from.id() == spec::TypeId::kFloat) return to.id() == spec::TypeId::kDouble;
  if (from.id() == spec::TypeId::kDecimal && to.id() == spec::TypeId::kDecimal) {
    return from.scale() == to.scale() && from.precision() < to.precision();
  }
  return false;
}

// The type to decode the partition tuple with: `wanted` (the table's), except that fields the
// writer's own partition record holds in a type `wanted` promotes take the writer's type;
// `promoted` gets their indexes. The writer's fields are matched by field id, else by name.
spec::TypePtr PartitionReadType(const spec::TypePtr& wanted, const avro::Node* writer_partition,
                                std::vector<size_t>* promoted) {
  promoted->clear();
  if (writer_partition == nullptr) return wanted;
  auto written = PartitionTypeFromAvro(*writer_partition);
  if (!written.ok()) return wanted;
  std::vector<spec::NestedField> fields = wanted->fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    const spec::NestedField* w = nullptr;
    for (const spec::NestedField& candidate : (*written)->fields()) {
      if (candidate.id == fields[i].id) w = &candidate;
    }
    if (w == nullptr) {
      for (const spec::NestedField& candidate : (*written)->fields()) {
        if (candidate.name == fields[i].name) w = &candidate;
      }
    }
    if (w != nullptr && IsPartitionPromotion(*w->type, *fields[i].type)) {
      fields[i].type = w->type;
      promoted->push_back(i);
    }
  }
  if (promoted->empty()) return wanted;
  return spec::Type::Struct(std::move(fields));
}

// A partition value decoded in the writer's type, in the promoted type `to`.
spec::Literal PromotePartitionValue(const spec::Literal& value, const spec::Type& to) {
  const auto& v = value.value();
  if (to.id() == spec::TypeId::kLong) {
    if (const int32_t* i = std::get_if<int32_t>(&v)) return spec::Literal::Long(*i);
  } else if (to.id() == spec::TypeId::kDouble) {
    if (const float* f = std::get_if<float>(&v)) return spec::Literal::Double(*f);
  }
  return value;  // null, or a decimal: the unscaled value and scale stay
}

}  // namespace

Result<std::unique_ptr<ManifestReader>> ManifestReader::Open(std::shared_ptr<io::InputFile> file,
                                                             ManifestReadOptions options) {
  std::string location = file->location();
  auto run = [&]() -> Result<std::unique_ptr<ManifestReader>> {
    std::unique_ptr<ManifestReader> r(new ManifestReader());
    r->options_ = std::move(options);
    FLOE_ASSIGN_OR_RETURN(r->container_, avro::ContainerReader::Open(std::move(file)));
    const avro::Node& root = r->container_->schema()->root();
    if (root.type != avro::Type::kRecord) {
      return Corrupt("not a manifest: the schema is a {}, not a manifest_entry record",
                     avro::TypeName(root.type));
    }
    FLOE_RETURN_IF_ERROR(ParseHeader(
        *r->container_, r->options_.header_schema || !r->options_.partition_type, &r->metadata_));
    r->writer_has_file_sequence_number_ = HasFieldId(root, 4);
    const avro::Node* df = FieldType(root, 2, "data_file");
    const avro::Node* partition =
        df && df->type == avro::Type::kRecord ? FieldType(*df, 102, "partition") : nullptr;

    // Candidate partition types, best first.
    std::vector<spec::TypePtr> candidates;
    if (r->options_.partition_type) {
      // The table's partition type, decoded in the writer's types where it promotes them.
      candidates.push_back(
          PartitionReadType(r->options_.partition_type, partition, &r->promoted_partition_fields_));
    }
    const ManifestMetadata& m = r->metadata_;
    if (m.schema && m.partition_spec) {
      if (auto t = m.partition_spec->PartitionType(*m.schema); t.ok()) candidates.push_back(*t);
    }
    Error last = Corrupt("the manifest's partition type cannot be read");
    if (partition) {
      auto t = PartitionTypeFromAvro(*partition);
      if (t.ok()) {
        candidates.push_back(std::move(t).value());
      } else {
        last = std::move(t).error();
      }
    } else {
      candidates.push_back(spec::Type::Struct({}));
    }
    for (const spec::TypePtr& t : candidates) {
      auto reading = EntryReadingFor(r->container_->schema(), t, r->options_.fast_path);
      if (!reading.ok()) {
        last = std::move(reading).error();
        continue;
      }
      r->resolution_ = std::move(reading->resolution);
      r->fast_ = std::move(reading->fast);
      r->metadata_.partition_type = t;
      if (!r->promoted_partition_fields_.empty()) {
        if (t == candidates.front()) {
          r->metadata_.partition_type = r->options_.partition_type;  // the values get promoted
        } else {
          r->promoted_partition_fields_.clear();
        }
      }
      break;
    }
    if (!r->resolution_) return last;
    r->metrics_ = MetricsProjection(r->options_.metrics_field_ids);
    if (r->options_.inherit_from && r->options_.inherit_from->first_row_id) {
      r->next_row_id_ = *r->options_.inherit_from->first_row_id;
    }
    return r;
  };
  return run().WithContext("manifest " + location);
}

Status ManifestReader::Decode(Decoder& d, ManifestEntry* e) {
  e->snapshot_id.reset();
  e->sequence_number.reset();
  e->file_sequence_number.reset();
  ResetDataFile(&e->data_file);
  bool status_seen = false, data_file_seen = false;
  const spec::Type& ptype = *metadata_.partition_type;
  FLOE_RETURN_IF_ERROR(avro::ReadRecord(
      resolution_->root(), d, [&](int field, const ReadPlan& p, Decoder& fd) -> Status {
        switch (field) {
          case kStatus: {
            FLOE_ASSIGN_OR_RETURN(auto v, OptInt(p, fd));
            if (!v) return Ok();
            if (*v < 0 || *v > 2) return fd.Error(fmt::format("status {} is not 0, 1 or 2", *v));
            e->status = static_cast<EntryStatus>(*v);
            status_seen = true;
            return Ok();
          }
          case kSnapshotId: {
            FLOE_ASSIGN_OR_RETURN(e->snapshot_id, OptLong(p, fd));
            return Ok();
          }
          case kSequenceNumber: {
            FLOE_ASSIGN_OR_RETURN(e->sequence_number, OptLong(p, fd));
            return Ok();
          }
          case kFileSequenceNumber: {
            FLOE_ASSIGN_OR_RETURN(e->file_sequence_number, OptLong(p, fd));
            return Ok();
          }
          case kDataFileField: {
            FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, fd));
            if (!v) return Ok();
            data_file_seen = true;
            return DecodeDataFile(*v, fd, ptype, metrics_, &e->data_file);
          }
          default:
            return Internal("unexpected manifest_entry field {}", field);
        }
      }));
  if (!status_seen) return Corrupt("status is missing or null");
  if (!data_file_seen) return Corrupt("data_file is missing or null");
  return Ok();
}

Status ManifestReader::Inherit(ManifestEntry* e) {
  const std::optional<ManifestFile>& mf = options_.inherit_from;
  DataFile& f = e->data_file;
  f.spec_id = mf ? mf->partition_spec_id : metadata_.partition_spec_id.value_or(0);
  if (metadata_.format_version == 1) {
    // v1: no sequence numbers; every file is data.
    e->sequence_number = 0;
    e->file_sequence_number = 0;
    if (!e->snapshot_id) {
      if (mf && mf->added_snapshot_id) {
        e->snapshot_id = mf->added_snapshot_id;
      }
    }
    return Ok();
  }
  bool added = e->status == EntryStatus::kAdded;
  std::string_view status = EntryStatusName(e->status);
  if (!e->snapshot_id) {
    if (!added) return Corrupt("{} entry {} has a null snapshot_id", status, f.file_path);
    if (mf) e->snapshot_id = mf->added_snapshot_id;
  }
  if (!e->sequence_number) {
    if (!added) return Corrupt("{} entry {} has a null sequence_number", status, f.file_path);
    if (mf) e->sequence_number = mf->sequence_number;
  }
  if (!e->file_sequence_number) {
    if (!added && writer_has_file_sequence_number_) {
      return Corrupt("{} entry {} has a null file_sequence_number", status, f.file_path);
    }
    if (added && mf) e->file_sequence_number = mf->sequence_number;
  }
  if (metadata_.format_version >= 3 && f.content == FileContent::kData &&
      e->status != EntryStatus::kDeleted && !f.first_row_id && mf && mf->first_row_id) {
    f.first_row_id = next_row_id_;
    next_row_id_ += f.record_count;
  }
  return Ok();
}

Result<bool> ManifestReader::Next(ManifestEntry* entry) {
  while (left_in_block_ == 0) {
    FLOE_ASSIGN_OR_RETURN(bool more, container_->NextBlock(&block_));
    if (!more) return false;
    decoder_ = block_.decoder();
    left_in_block_ = block_.count;
    if (block_.count == 0) FLOE_RETURN_IF_ERROR(container_->CheckBlockEnd(block_, decoder_));
  }
  Status st;
  const avro::Decoder start = decoder_;
  if (!fast_ || !fast_->Decode(decoder_, metrics_, entry)) {
    // The general path, also for an entry the fast path gave up on: it names the problem.
    decoder_ = start;
    st = Decode(decoder_, entry);
  }
  if (st.ok()) st = Inherit(entry);
  if (st.ok() && !promoted_partition_fields_.empty()) {
    std::vector<spec::Literal>& partition = entry->data_file.partition;
    const auto& fields = metadata_.partition_type->fields();
    for (size_t i : promoted_partition_fields_) {
      if (i < partition.size()) partition[i] = PromotePartitionValue(partition[i], *fields[i].type);
    }
  }
  if (!st.ok()) {
    return std::move(st).error().WithContext(
        fmt::format("manifest {}: entry {}", container_->location(), entry_index_));
  }
  --left_in_block_;
  ++entry_index_;
  if (left_in_block_ == 0) FLOE_RETURN_IF_ERROR(container_->CheckBlockEnd(block_, decoder_));
  return true;
}

Result<std::vector<ManifestEntry>> ManifestReader::ReadAll() {
  std::vector<ManifestEntry> out;
  for (;;) {
    ManifestEntry e;
    FLOE_ASSIGN_OR_RETURN(bool more, Next(&e));
    if (!more) break;
    out.push_back(std::move(e));
  }
  return out;
}

Status ReadManifest(io::FileIO& io, const ManifestFile& manifest, ManifestReadOptions options,
                    const std::function<Status(ManifestReader&)>& read) {
  options.inherit_from = manifest;
  auto run = [&](std::optional<int64_t> length) -> Status {
    FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file,
                          io.OpenInput(manifest.manifest_path, length));
    FLOE_ASSIGN_OR_RETURN(auto reader, ManifestReader::Open(std::move(file), options));
    return read(*reader);
  };
  if (manifest.manifest_length <= 0) return run(std::nullopt);
  Status first = run(manifest.manifest_length);
  if (first.ok() || first.error().kind != ErrorKind::kCorrupt) return first;
  Status again = run(std::nullopt);
  return again.ok() ? again : first;
}

Result<std::vector<ManifestEntry>> ReadManifestEntries(io::FileIO& io, const ManifestFile& manifest,
                                                       spec::TypePtr partition_type) {
  std::vector<ManifestEntry> entries;
  ManifestReadOptions options;
  options.partition_type = std::move(partition_type);
  FLOE_RETURN_IF_ERROR(
      ReadManifest(io, manifest, std::move(options), [&](ManifestReader& r) -> Status {
        FLOE_ASSIGN_OR_RETURN(entries, r.ReadAll());
        return Ok();
      }));
  return entries;
}

}  // namespace floe::manifest
