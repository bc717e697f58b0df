#include "floe/manifest/manifest_entry_decoder.h"

#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/partition_value.h"

namespace floe::manifest {
namespace {

using avro::Decoder;
using avro::ReadPlan;
using Op = ReadPlan::Op;
using Target = ManifestEntryDecoder::Target;
using Encoding = ManifestEntryDecoder::Encoding;
using PartitionEncoding = ManifestEntryDecoder::PartitionEncoding;

// The reader-field positions of ManifestEntryReadSchema (manifest_schema.cc): manifest_entry's
// status, snapshot_id, sequence_number, file_sequence_number, data_file; data_file's fields map
// onto the targets from kContent on, in the same order.
constexpr int kEntryDecoderDataFileField = 4;
constexpr Target kEntryDecoderTargets[] = {Target::kStatus, Target::kSnapshotId,
                                           Target::kSequenceNumber, Target::kFileSequenceNumber};
constexpr int kEntryDecoderDataFileFields =
    static_cast<int>(Target::kContentSize) - static_cast<int>(Target::kContent) + 1;

// The plan of a reader field's value and the writer union's null branch (-1: the writer wrote
// the value plainly). False for anything but a plain value or a union of null and one value.
bool EntryDecoderValuePlan(const ReadPlan& p, const ReadPlan** value, int8_t* null_branch) {
  *null_branch = -1;
  *value = &p;
  if (p.op == Op::kWriterUnion) {
    if (p.branches.size() != 2) return false;
    int8_t null_at = p.branches[0].plan->op == Op::kNull   ? 0
                     : p.branches[1].plan->op == Op::kNull ? 1
                                                           : -1;
    if (null_at < 0) return false;
    *null_branch = null_at;
    *value = p.branches[1 - null_at].plan;
  } else if (p.op == Op::kReaderUnion) {
    *value = p.child;
  }
  Op op = (*value)->op;
  return op != Op::kWriterUnion && op != Op::kReaderUnion && op != Op::kFail && op != Op::kNull;
}

// True when the default a reader-only field takes is null.
bool EntryDecoderDefaultIsNull(const ReadPlan::FieldStep& step) {
  Decoder d(step.default_bytes);
  int branch = -1;
  Result<const ReadPlan*> v = avro::ResolveBranch(*step.plan, d, &branch);
  return v.ok() && (*v)->op == Op::kNull;
}

// Arrays of {int key, `value_op` value} records written plainly: Iceberg's metric maps.
bool IsPlainMetricArray(const ReadPlan& array, Op value_op) {
  if (array.op != Op::kArray || array.child->op != Op::kRecord) return false;
  const std::vector<ReadPlan::FieldStep>& steps = array.child->steps;
  return steps.size() == 2 && steps[0].reader_field == 0 && !steps[0].from_default &&
         steps[0].plan->op == Op::kInt && steps[1].reader_field == 1 && !steps[1].from_default &&
         steps[1].plan->op == value_op;
}

bool EntryDecoderIsBytesOp(Op op) {
  return op == Op::kBytes || op == Op::kString || op == Op::kStringAsBytes ||
         op == Op::kBytesAsString;
}

// How a target's value plan is read, or false when only the general path reads it.
bool EntryDecoderEncoding(Target target, const ReadPlan& v, Encoding* out) {
  switch (target) {
    case Target::kStatus:
    case Target::kContent:
    case Target::kSortOrderId:
      *out = Encoding::kInt;
      return v.op == Op::kInt;
    case Target::kSnapshotId:
    case Target::kSequenceNumber:
    case Target::kFileSequenceNumber:
    case Target::kRecordCount:
    case Target::kFileSize:
    case Target::kFirstRowId:
    case Target::kContentOffset:
    case Target::kContentSize:
      *out = v.op == Op::kLong ? Encoding::kLong : Encoding::kInt;
      return v.op == Op::kLong || v.op == Op::kInt || v.op == Op::kIntAsLong;
    case Target::kFilePath:
    case Target::kFileFormat:
    case Target::kKeyMetadata:
    case Target::kReferencedDataFile:
      *out = Encoding::kBytes;
      return EntryDecoderIsBytesOp(v.op);
    case Target::kColumnSizes:
    case Target::kValueCounts:
    case Target::kNullValueCounts:
    case Target::kNanValueCounts:
      *out = Encoding::kCounts;
      return IsPlainMetricArray(v, Op::kLong);
    case Target::kLowerBounds:
    case Target::kUpperBounds:
      *out = Encoding::kBounds;
      return IsPlainMetricArray(v, Op::kBytes);
    case Target::kSplitOffsets:
    case Target::kEqualityIds:  // read as long (PyIceberg writes longs), Java writes ints
      if (v.op != Op::kArray) return false;
      *out = v.child->op == Op::kLong ? Encoding::kLongList : Encoding::kIntList;
      return v.child->op == Op::kLong || v.child->op == Op::kInt || v.child->op == Op::kIntAsLong;
    case Target::kPartition:
      *out = Encoding::kPartition;
      return v.op == Op::kRecord;
    case Target::kSkip:
      break;
  }
  return false;
}

CountMap* EntryDecoderCounts(Target t, DataFile* f) {
  switch (t) {
    case Target::kColumnSizes:
      return &f->column_sizes;
    case Target::kValueCounts:
      return &f->value_counts;
    case Target::kNullValueCounts:
      return &f->null_value_counts;
    default:
      return &f->nan_value_counts;
  }
}

// `v` into `s`: a plain copy when the length is the one `s` has (bounds and paths of one
// manifest mostly keep their lengths from entry to entry), std::string's general replace else.
inline void AssignEntryDecoderBytes(std::string* s, std::string_view v) {
  if (s->size() == v.size()) {
    if (!v.empty()) std::memcpy(s->data(), v.data(), v.size());
  } else {
    s->assign(v);
  }
}

// A block count given as its negation: the block's size in bytes follows.
bool ReadEntryDecoderBlockSize(Decoder& d, int64_t* n) {
  if (*n == INT64_MIN) return false;
  *n = -*n;
  int64_t bytes = 0;
  return d.TryReadLong(&bytes) && bytes >= 0 && static_cast<uint64_t>(bytes) <= d.remaining();
}

// The count of an array or map block (negative: followed by its size in bytes), or false.
inline bool ReadEntryDecoderBlockCount(Decoder& d, int64_t* n) {
  if (!d.TryReadLong(n)) return false;
  return *n >= 0 || ReadEntryDecoderBlockSize(d, n);
}

// A metric map read past (a projection on no column: scan planning without a filter), its
// items {int key, long count} or {int key, bytes bound}.
bool SkipEntryDecoderMetrics(Decoder& d, Encoding encoding) {
  const bool counts = encoding == Encoding::kCounts;
  for (;;) {
    int64_t n = 0;
    if (!ReadEntryDecoderBlockCount(d, &n)) return false;
    if (n == 0) return true;
    if (static_cast<uint64_t>(n) > d.remaining() / 2) return false;  // as ReadEntryDecoderMetrics
    if (counts && d.TrySkipShortVarints(2 * static_cast<uint64_t>(n))) continue;
    int64_t i = counts ? 0 : static_cast<int64_t>(d.SkipShortKeyedBytes(static_cast<uint64_t>(n)));
    std::string_view bound;
    for (; i < n; ++i) {
      if (!d.TrySkipInt()) return false;
      if (counts ? !d.TrySkipLong() : !d.TryReadBytes(&bound)) return false;
    }
  }
}

// A metric map's items into `out`, reusing its storage (bound strings keep their capacity);
// items of columns `keep` leaves out are read past. read_value(Decoder&, Value*) -> bool, with
// nullptr for a value to read past. Two loops: keep every item (each block's items written in
// place), keep some (SkipEntryDecoderMetrics keeps none).
template <typename Map, typename ReadValue>
bool ReadEntryDecoderMetrics(Decoder& d, const MetricsProjection& keep, Map* out,
                             ReadValue&& read_value) {
  const bool all = keep.all();
  size_t used = 0;
  for (;;) {
    int64_t n = 0;
    if (!ReadEntryDecoderBlockCount(d, &n)) return false;
    if (n == 0) break;
    // An item takes two bytes at least: a larger count is corrupt (and is not allocated for).
    if (static_cast<uint64_t>(n) > d.remaining() / 2) return false;
    int32_t key = 0;
    if (all) {
      size_t need = used + static_cast<size_t>(n);
      if (out->size() < need) out->resize(need);
      auto* item = out->data() + used;
      for (int64_t i = 0; i < n; ++i, ++item) {
        if (!d.TryReadInt(&item->first) || !read_value(d, &item->second)) return false;
      }
      used = need;
    } else {
      for (int64_t i = 0; i < n; ++i) {
        if (!d.TryReadInt(&key)) return false;
        if (!keep.Keep(key)) {
          if (!read_value(d, nullptr)) return false;
          continue;
        }
        if (used == out->size()) out->emplace_back();
        auto& item = (*out)[used++];
        item.first = key;
        if (!read_value(d, &item.second)) return false;
      }
    }
  }
  out->resize(used);
  return true;
}

// A list of ints or longs (`ints`: as the writer wrote them) into `out`; int32 items must fit.
template <typename T>
bool ReadEntryDecoderList(Decoder& d, bool ints, std::optional<std::vector<T>>* out) {
  if (!*out) out->emplace();
  std::vector<T>& list = **out;
  list.clear();
  for (;;) {
    int64_t n = 0;
    if (!ReadEntryDecoderBlockCount(d, &n)) return false;
    if (n == 0) return true;
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = 0;
      if (ints) {
        int32_t x = 0;
        if (!d.TryReadInt(&x)) return false;
        v = x;
      } else if (!d.TryReadLong(&v)) {
        return false;
      }
      if (std::is_same_v<T, int32_t> && (v < INT32_MIN || v > INT32_MAX)) return false;
      list.push_back(static_cast<T>(v));
    }
  }
}

}  // namespace

std::unique_ptr<ManifestEntryDecoder> ManifestEntryDecoder::Prepare(const avro::ReadPlan& root,
                                                                    spec::TypePtr partition_type) {
  std::unique_ptr<ManifestEntryDecoder> decoder(new ManifestEntryDecoder());
  decoder->partition_type_ = std::move(partition_type);
  if (root.op != Op::kRecord || !decoder->PrepareRecord(root, false)) return nullptr;
  return decoder;
}

bool ManifestEntryDecoder::PrepareRecord(const ReadPlan& record, bool data_file) {
  bool has_data_file = false;
  for (const ReadPlan::FieldStep& field : record.steps) {
    if (field.reader_field < 0) {
      steps_.push_back(Step{Target::kSkip, Encoding::kSkip, -1, field.plan->writer});
      continue;
    }
    bool is_data_file = !data_file && field.reader_field == kEntryDecoderDataFileField;
    if (!data_file && field.reader_field > kEntryDecoderDataFileField) return false;
    if (data_file && field.reader_field >= kEntryDecoderDataFileFields) return false;
    Target target =
        data_file ? static_cast<Target>(static_cast<int>(Target::kContent) + field.reader_field)
        : is_data_file ? Target::kSkip
                       : kEntryDecoderTargets[field.reader_field];
    if (field.from_default) {
      // A missing status or data_file makes every entry corrupt: the general path says so.
      if (is_data_file || target == Target::kStatus || !EntryDecoderDefaultIsNull(field))
        return false;
      absent_.push_back(target);
      continue;
    }
    Step step;
    step.target = target;
    const ReadPlan* value = nullptr;
    if (!EntryDecoderValuePlan(*field.plan, &value, &step.null_branch)) return false;
    if (is_data_file) {
      // Flattened into this list; a data_file written as a union is left to the general path.
      if (step.null_branch >= 0 || value->op != Op::kRecord || !PrepareRecord(*value, true))
        return false;
      has_data_file = true;
      continue;
    }
    if (!EntryDecoderEncoding(target, *value, &step.encoding)) return false;
    if (step.encoding == Encoding::kPartition && !PreparePartition(*value)) return false;
    steps_.push_back(step);
  }
  return data_file || has_data_file;
}

bool ManifestEntryDecoder::PreparePartition(const ReadPlan& record) {
  const std::vector<spec::NestedField>& fields = partition_type_->fields();
  std::vector<bool> written(fields.size());
  for (const ReadPlan::FieldStep& field : record.steps) {
    PartitionStep step;
    if (field.reader_field < 0) {
      step.writer = field.plan->writer;
      partition_steps_.push_back(step);
      continue;
    }
    if (field.reader_field >= static_cast<int>(fields.size())) return false;
    if (field.from_default) {
      if (!EntryDecoderDefaultIsNull(field)) return false;
      continue;  // null (partition_absent_)
    }
    step.field = field.reader_field;
    written[static_cast<size_t>(step.field)] = true;
    if (!EntryDecoderValuePlan(*field.plan, &step.value, &step.null_branch)) return false;
    spec::TypeId type = fields[static_cast<size_t>(step.field)].type->id();
    Op op = step.value->op;
    step.encoding = PartitionEncoding::kGeneral;
    if ((type == spec::TypeId::kInt || type == spec::TypeId::kDate) && op == Op::kInt) {
      step.encoding = PartitionEncoding::kInt;
    } else if ((type == spec::TypeId::kLong || type == spec::TypeId::kTime ||
                type == spec::TypeId::kTimestamp || type == spec::TypeId::kTimestampTz ||
                type == spec::TypeId::kTimestampNs || type == spec::TypeId::kTimestampTzNs) &&
               op == Op::kLong) {
      step.encoding = PartitionEncoding::kLong;
    } else if (type == spec::TypeId::kString && EntryDecoderIsBytesOp(op)) {
      step.encoding = PartitionEncoding::kString;
    }
    partition_steps_.push_back(step);
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!written[i]) partition_absent_.push_back(static_cast<int>(i));
  }
  return true;
}

bool ManifestEntryDecoder::DecodePartition(Decoder& d, std::vector<spec::Literal>* out) const {
  for (const PartitionStep& step : partition_steps_) {
    if (step.null_branch >= 0) {
      int64_t branch = 0;
      if (!d.TryReadLong(&branch)) return false;
      if (branch == step.null_branch) {
        if (step.field >= 0) (*out)[static_cast<size_t>(step.field)] = spec::Literal();
        continue;
      }
      if (branch != 1 - step.null_branch) return false;
    }
    spec::Literal* value = step.field >= 0 ? &(*out)[static_cast<size_t>(step.field)] : nullptr;
    switch (step.encoding) {
      case PartitionEncoding::kInt: {
        int32_t v = 0;
        if (!d.TryReadInt(&v)) return false;
        *value = spec::Literal::Int(v);
        break;
      }
      case PartitionEncoding::kLong: {
        int64_t v = 0;
        if (!d.TryReadLong(&v)) return false;
        *value = spec::Literal::Long(v);
        break;
      }
      case PartitionEncoding::kString: {
        std::string_view v;
        if (!d.TryReadBytes(&v)) return false;
        *value = spec::Literal::String(std::string(v));
        break;
      }
      case PartitionEncoding::kGeneral: {
        const spec::Type& type = *partition_type_->fields()[static_cast<size_t>(step.field)].type;
        Result<spec::Literal> v = DecodePartitionValue(type, *step.value, d);
        if (!v.ok()) return false;
        *value = std::move(v).value();
        break;
      }
      case PartitionEncoding::kSkip:
        if (!avro::SkipValue(*step.writer, d).ok()) return false;
        break;
    }
  }
  return true;
}

namespace {

// Sets a target to what a null value gives in the general path (required targets stay unset:
// the caller fails when it never sees them).
void SetEntryDecoderNull(Target t, size_t partition_size, ManifestEntry* e) {
  DataFile& f = e->data_file;
  switch (t) {
    case Target::kSnapshotId:
      e->snapshot_id.reset();
      break;
    case Target::kSequenceNumber:
      e->sequence_number.reset();
      break;
    case Target::kFileSequenceNumber:
      e->file_sequence_number.reset();
      break;
    case Target::kContent:
      f.content = FileContent::kData;
      break;
    case Target::kPartition:
      f.partition.assign(partition_size, spec::Literal());
      break;
    case Target::kColumnSizes:
      f.column_sizes.clear();
      break;
    case Target::kValueCounts:
      f.value_counts.clear();
      break;
    case Target::kNullValueCounts:
      f.null_value_counts.clear();
      break;
    case Target::kNanValueCounts:
      f.nan_value_counts.clear();
      break;
    case Target::kLowerBounds:
      f.lower_bounds.clear();
      break;
    case Target::kUpperBounds:
      f.upper_bounds.clear();
      break;
    case Target::kKeyMetadata:
      f.key_metadata.reset();
      break;
    case Target::kSplitOffsets:
      f.split_offsets.reset();
      break;
    case Target::kEqualityIds:
      f.equality_ids.reset();
      break;
    case Target::kSortOrderId:
      f.sort_order_id.reset();
      break;
    case Target::kFirstRowId:
      f.first_row_id.reset();
      break;
    case Target::kReferencedDataFile:
      f.referenced_data_file.reset();
      break;
    case Target::kContentOffset:
      f.content_offset.reset();
      break;
    case Target::kContentSize:
      f.content_size_in_bytes.reset();
      break;
    case Target::kSkip:
    case Target::kStatus:
    case Target::kFilePath:
    case Target::kFileFormat:
    case Target::kRecordCount:
    case Target::kFileSize:
      break;
  }
}

// Stores an int or long value; false for a status or content out of range.
bool SetEntryDecoderNumber(Target t, int64_t v, ManifestEntry* e) {
  DataFile& f = e->data_file;
  switch (t) {
    case Target::kStatus:
      if (v < 0 || v > 2) return false;
      e->status = static_cast<EntryStatus>(v);
      return true;
    case Target::kContent:
      if (v < 0 || v > 2) return false;
      f.content = static_cast<FileContent>(v);
      return true;
    case Target::kSnapshotId:
      e->snapshot_id = v;
      return true;
    case Target::kSequenceNumber:
      e->sequence_number = v;
      return true;
    case Target::kFileSequenceNumber:
      e->file_sequence_number = v;
      return true;
    case Target::kRecordCount:
      f.record_count = v;
      return true;
    case Target::kFileSize:
      f.file_size_in_bytes = v;
      return true;
    case Target::kSortOrderId:
      f.sort_order_id = static_cast<int32_t>(v);
      return true;
    case Target::kFirstRowId:
      f.first_row_id = v;
      return true;
    case Target::kContentOffset:
      f.content_offset = v;
      return true;
    case Target::kContentSize:
      f.content_size_in_bytes = v;
      return true;
    default:
      return false;
  }
}

void SetEntryDecoderBytes(Target t, std::string_view v, ManifestEntry* e) {
  DataFile& f = e->data_file;
  switch (t) {
    case Target::kFilePath:
      AssignEntryDecoderBytes(&f.file_path, v);
      break;
    case Target::kFileFormat:
      AssignEntryDecoderBytes(&f.file_format, v);
      break;
    case Target::kKeyMetadata:
      f.key_metadata.emplace(v);
      break;
    default:
      f.referenced_data_file.emplace(v);
      break;
  }
}

constexpr uint32_t EntryDecoderBit(Target t) { return 1u << static_cast<int>(t); }

}  // namespace

bool ManifestEntryDecoder::Decode(Decoder& d, const MetricsProjection& keep,
                                  ManifestEntry* e) const {
  DataFile& f = e->data_file;
  size_t partition_size = partition_type_->fields().size();
  // What the general path starts from: absent fields, as the schema's null defaults give them.
  e->snapshot_id.reset();
  e->sequence_number.reset();
  e->file_sequence_number.reset();
  f.content = FileContent::kData;
  for (Target t : absent_) SetEntryDecoderNull(t, partition_size, e);
  const bool skip_metrics = keep.none();
  uint32_t seen = 0;
  for (const Step& step : steps_) {
    if (step.null_branch >= 0) {
      int64_t branch = 0;
      if (!d.TryReadLong(&branch)) return false;
      if (branch == step.null_branch) {
        SetEntryDecoderNull(step.target, partition_size, e);
        continue;
      }
      if (branch != 1 - step.null_branch) return false;
    }
    switch (step.encoding) {
      case Encoding::kInt: {
        int32_t v = 0;
        if (!d.TryReadInt(&v) || !SetEntryDecoderNumber(step.target, v, e)) return false;
        break;
      }
      case Encoding::kLong: {
        int64_t v = 0;
        if (!d.TryReadLong(&v) || !SetEntryDecoderNumber(step.target, v, e)) return false;
        break;
      }
      case Encoding::kBytes: {
        std::string_view v;
        if (!d.TryReadBytes(&v)) return false;
        SetEntryDecoderBytes(step.target, v, e);
        break;
      }
      case Encoding::kCounts: {
        CountMap* counts = EntryDecoderCounts(step.target, &f);
        if (skip_metrics) {
          if (!SkipEntryDecoderMetrics(d, step.encoding)) return false;
          counts->clear();
          break;
        }
        if (!ReadEntryDecoderMetrics(d, keep, counts, [](Decoder& dd, int64_t* v) {
              return v ? dd.TryReadLong(v) : dd.TrySkipLong();
            })) {
          return false;
        }
        break;
      }
      case Encoding::kBounds: {
        BoundMap* bounds = step.target == Target::kLowerBounds ? &f.lower_bounds : &f.upper_bounds;
        if (skip_metrics) {
          if (!SkipEntryDecoderMetrics(d, step.encoding)) return false;
          bounds->clear();
          break;
        }
        if (!ReadEntryDecoderMetrics(d, keep, bounds, [](Decoder& dd, std::string* v) {
              std::string_view b;
              if (!dd.TryReadBytes(&b)) return false;
              if (v) AssignEntryDecoderBytes(v, b);
              return true;
            })) {
          return false;
        }
        break;
      }
      case Encoding::kLongList:
      case Encoding::kIntList: {
        bool ints = step.encoding == Encoding::kIntList;
        bool ok = step.target == Target::kSplitOffsets
                      ? ReadEntryDecoderList(d, ints, &f.split_offsets)
                      : ReadEntryDecoderList(d, ints, &f.equality_ids);
        if (!ok) return false;
        break;
      }
      case Encoding::kPartition:
        // Every value is overwritten: the writer's fields, then nulls for the ones it lacks.
        if (f.partition.size() != partition_size)
          f.partition.assign(partition_size, spec::Literal());
        for (int i : partition_absent_) f.partition[static_cast<size_t>(i)] = spec::Literal();
        if (!DecodePartition(d, &f.partition)) return false;
        break;
      case Encoding::kSkip:
        if (!avro::SkipValue(*step.writer, d).ok()) return false;
        break;
    }
    seen |= EntryDecoderBit(step.target);
  }
  constexpr uint32_t kRequired =
      EntryDecoderBit(Target::kStatus) | EntryDecoderBit(Target::kFilePath) |
      EntryDecoderBit(Target::kFileFormat) | EntryDecoderBit(Target::kRecordCount) |
      EntryDecoderBit(Target::kFileSize);
  return (seen & kRequired) == kRequired;
}

}  // namespace floe::manifest
