#include "floe/manifest/manifest_list_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>
#include <utility>

#include "floe/format/avro/container_reader.h"
#include "floe/format/avro/read_plan.h"
#include "floe/manifest/manifest_schema.h"
#include "floe/manifest/optional_value.h"

namespace floe::manifest {
namespace {

using avro::Decoder;
using avro::ReadPlan;

// Reader-field positions in ManifestFileReadSchema (manifest_schema.cc, Use::kRead order).
enum ListField {
  kListPath,
  kListLength,
  kListSpecId,
  kListContent,
  kListSequenceNumber,
  kListMinSequenceNumber,
  kListAddedSnapshotId,
  kListAddedFiles,
  kListExistingFiles,
  kListDeletedFiles,
  kListAddedRows,
  kListExistingRows,
  kListDeletedRows,
  kListPartitions,
  kListKeyMetadata,
  kListFirstRowId
};
constexpr const char* kListFieldNames[] = {
    "manifest_path",        "manifest_length",     "partition_spec_id", "content",
    "sequence_number",      "min_sequence_number", "added_snapshot_id", "added_files_count",
    "existing_files_count", "deleted_files_count", "added_rows_count",  "existing_rows_count",
    "deleted_rows_count",   "partitions",          "key_metadata",      "first_row_id"};

using internal::OptInt;
using internal::OptLong;
using internal::Value;

Result<std::optional<std::string>> OptBytes(const ReadPlan& p, Decoder& d) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) return std::optional<std::string>();
  FLOE_ASSIGN_OR_RETURN(std::string_view b, avro::ReadBytesValue(*v, d));
  return std::optional<std::string>(std::string(b));
}

Status ReadSummaries(const ReadPlan& p, Decoder& d,
                     std::optional<std::vector<PartitionFieldSummary>>* out) {
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, Value(p, d));
  if (!v) return Ok();
  out->emplace();
  return avro::ReadArray(*v, d, [&](const ReadPlan& item, Decoder& dd) -> Status {
    PartitionFieldSummary s;
    bool has_null_flag = false;
    FLOE_RETURN_IF_ERROR(
        avro::ReadRecord(item, dd, [&](int f, const ReadPlan& fp, Decoder& fd) -> Status {
          FLOE_ASSIGN_OR_RETURN(const ReadPlan* fv, Value(fp, fd));
          if (!fv) return Ok();
          switch (f) {
            case 0: {
              FLOE_ASSIGN_OR_RETURN(s.contains_null, avro::ReadBoolean(*fv, fd));
              has_null_flag = true;
              return Ok();
            }
            case 1: {
              FLOE_ASSIGN_OR_RETURN(bool nan, avro::ReadBoolean(*fv, fd));
              s.contains_nan = nan;
              return Ok();
            }
            default: {
              FLOE_ASSIGN_OR_RETURN(std::string_view b, avro::ReadBytesValue(*fv, fd));
              (f == 2 ? s.lower_bound : s.upper_bound) = std::string(b);
              return Ok();
            }
          }
        }));
    if (!has_null_flag) return Corrupt("a partition field summary has no contains_null");
    (*out)->push_back(std::move(s));
    return Ok();
  });
}

// The read schema of a field_summary: contains_null, contains_nan, lower_bound, upper_bound.
// ManifestFileReadSchema() declares r508 with every field optional, in that order.

Status DecodeManifestFile(const ReadPlan& root, Decoder& d, int version, ManifestFile* m) {
  uint32_t seen = 0;
  FLOE_RETURN_IF_ERROR(
      avro::ReadRecord(root, d, [&](int f, const ReadPlan& p, Decoder& fd) -> Status {
        auto mark = [&](bool present) {
          if (present) seen |= 1u << f;
        };
        switch (f) {
          case kListPath: {
            FLOE_ASSIGN_OR_RETURN(auto v, OptBytes(p, fd));
            mark(v.has_value());
            if (v) m->manifest_path = std::move(*v);
            return Ok();
          }
          case kListLength:
          case kListSequenceNumber:
          case kListMinSequenceNumber:
          case kListAddedSnapshotId:
          case kListAddedRows:
          case kListExistingRows:
          case kListDeletedRows:
          case kListFirstRowId: {
            FLOE_ASSIGN_OR_RETURN(auto v, OptLong(p, fd));
            mark(v.has_value());
            if (f == kListLength) m->manifest_length = v.value_or(0);
            if (f == kListSequenceNumber) m->sequence_number = v.value_or(0);
            if (f == kListMinSequenceNumber) m->min_sequence_number = v.value_or(0);
            if (f == kListAddedSnapshotId) m->added_snapshot_id = v;
            if (f == kListAddedRows) m->added_rows_count = v;
            if (f == kListExistingRows) m->existing_rows_count = v;
            if (f == kListDeletedRows) m->deleted_rows_count = v;
            if (f == kListFirstRowId) m->first_row_id = v;
            return Ok();
          }
          case kListSpecId:
          case kListContent:
          case kListAddedFiles:
          case kListExistingFiles:
          case kListDeletedFiles: {
            FLOE_ASSIGN_OR_RETURN(auto v, OptInt(p, fd));
            mark(v.has_value());
            if (f == kListSpecId) m->partition_spec_id = v.value_or(0);
            if (f == kListContent) {
              int32_t c = v.value_or(0);
              if (c != 0 && c != 1) return fd.Error(fmt::format("content {} is not 0 or 1", c));
              m->content = static_cast<ManifestContent>(c);
            }
            if (f == kListAddedFiles) m->added_files_count = v;
            if (f == kListExistingFiles) m->existing_files_count = v;
            if (f == kListDeletedFiles) m->deleted_files_count = v;
            return Ok();
          }
          case kListPartitions:
            return ReadSummaries(p, fd, &m->partitions);
          case kListKeyMetadata: {
            FLOE_ASSIGN_OR_RETURN(m->key_metadata, OptBytes(p, fd));
            return Ok();
          }
          default:
            return Internal("unexpected manifest_file field {}", f);
        }
      }));
  std::vector<int> required = {kListPath, kListLength, kListSpecId};
  if (version >= 2) {
    for (int f :
         {kListContent, kListSequenceNumber, kListMinSequenceNumber, kListAddedSnapshotId}) {
      required.push_back(f);
    }
  }
  for (int f : required) {
    if (!(seen & (1u << f))) return Corrupt("{} is missing or null", kListFieldNames[f]);
  }
  return Ok();
}

Result<std::optional<int64_t>> MetaLong(const avro::ContainerReader& c, std::string_view key) {
  auto v = c.Meta(key);
  // Some writers leave a value empty (iceberg-rust wrote format-version "") or "null".
  if (!v || v->empty() || *v == "null") return std::optional<int64_t>();
  int64_t x = 0;
  auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
  if (ec != std::errc() || ptr != v->data() + v->size()) {
    return Corrupt("header {} is \"{}\", not a number", key, *v);
  }
  return std::optional<int64_t>(x);
}

}  // namespace

Result<ManifestList> ReadManifestList(std::shared_ptr<io::InputFile> file) {
  std::string location = file->location();
  auto run = [&]() -> Result<ManifestList> {
    FLOE_ASSIGN_OR_RETURN(auto c, avro::ContainerReader::Open(std::move(file)));
    const avro::Node& root = c->schema()->root();
    if (root.type != avro::Type::kRecord) {
      return Corrupt("not a manifest list: the schema is a {}, not a manifest_file record",
                     avro::TypeName(root.type));
    }
    ManifestList list;
    ManifestListMetadata& meta = list.metadata;
    FLOE_ASSIGN_OR_RETURN(auto version, MetaLong(*c, "format-version"));
    if (version) {
      if (*version < 1 || *version > 3)
        return NotSupported("manifest list format-version {}", *version);
      meta.format_version = static_cast<int>(*version);
    } else {
      meta.format_version = 1;
      for (const avro::Field& f : root.fields) {
        // By id, or by name for writers that leave ids out.
        bool named = !f.field_id;
        if (f.field_id == field_id::kManifestContent || (named && f.name == "content")) {
          meta.format_version = std::max(meta.format_version, 2);
        }
        if (f.field_id == field_id::kManifestFirstRowId || (named && f.name == "first_row_id")) {
          meta.format_version = 3;
        }
      }
    }
    // These header values only inform; one that is not a 64-bit number (a hand-made file in
    // the corpus says snapshot-id 9876543210123456789) reads as absent.
    auto lenient = [&](std::string_view key) {
      auto v = MetaLong(*c, key);
      return v.ok() ? *v : std::optional<int64_t>();
    };
    meta.snapshot_id = lenient("snapshot-id");
    meta.parent_snapshot_id = lenient("parent-snapshot-id");
    meta.sequence_number = lenient("sequence-number");
    meta.first_row_id = lenient("first-row-id");
    FLOE_ASSIGN_OR_RETURN(auto res, avro::Resolution::Make(c->schema(), ManifestFileReadSchema()));
    avro::ContainerReader::Block block;
    int64_t index = 0;
    for (;;) {
      FLOE_ASSIGN_OR_RETURN(bool more, c->NextBlock(&block));
      if (!more) break;
      Decoder d = block.decoder();
      for (int64_t i = 0; i < block.count; ++i, ++index) {
        ManifestFile m;
        Status st = DecodeManifestFile(res->root(), d, meta.format_version, &m);
        if (!st.ok()) return std::move(st).error().WithContext(fmt::format("entry {}", index));
        list.manifests.push_back(std::move(m));
      }
      FLOE_RETURN_IF_ERROR(c->CheckBlockEnd(block, d));
    }
    return list;
  };
  return run().WithContext("manifest list " + location);
}

Result<ManifestList> ReadManifestList(io::FileIO& io, std::string_view location) {
  FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file, io.OpenInput(location));
  return ReadManifestList(std::move(file));
}

}  // namespace floe::manifest
