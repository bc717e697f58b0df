// The partitions and files tables of partitioned corpus tables against totals recomputed here
// from the live entries floe's manifest reader lists (manifest::ReadLiveEntries): one row per
// partition tuple of the table's unified partition type, with data, position-delete and
// equality-delete totals; the hive table has two partition specs (event_date, then event_date
// and event_type), so files of the first spec show a null event_type.
#include <gtest/gtest.h>

#include <map>

#include "floe/inspect/unified_partition_type.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/spec/single_value.h"
#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::LoadCorpusTable;
using testing_util::ReadRows;

struct ExpectedPartition {
  int64_t records = 0, files = 0, bytes = 0, pos_records = 0, pos_files = 0, eq_records = 0,
          eq_files = 0;
};

// `"partition":{"a":1,"b":null}` for a file, its values looked up by partition field id.
std::string PartitionJson(const spec::TableMetadata& metadata,
                          const std::vector<std::string>& names, const std::vector<int32_t>& ids,
                          const manifest::DataFile& f) {
  std::string out = R"("partition":{)";
  const spec::PartitionSpec* spec = metadata.SpecById(f.spec_id);
  spec::TypePtr type = manifest::PartitionTypeFor(metadata, f.spec_id);
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += ",";
    out += "\"" + names[i] + "\":";
    std::string value = "null";
    for (size_t j = 0; j < spec->fields.size(); ++j) {
      if (spec->fields[j].field_id == ids[i] && !f.partition[j].is_null()) {
        value = *spec::ToJsonString(*type->fields()[j].type, f.partition[j]);
      }
    }
    out += value;
  }
  return out + "}";
}

void CheckPartitionsTable(const std::string& folder, const std::vector<std::string>& names,
                          const std::vector<int32_t>& ids) {
  SCOPED_TRACE(folder);
  auto t = LoadCorpusTable(folder);
  ASSERT_FALSE(t.location.empty());
  Result<spec::TypePtr> unified = UnifiedPartitionType(t.metadata);
  ASSERT_OK(unified);
  ASSERT_EQ((*unified)->fields().size(), ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ((*unified)->fields()[i].id, ids[i]);
    EXPECT_EQ((*unified)->fields()[i].name, names[i]);
  }

  auto list = manifest::ReadSnapshotManifests(*t.io, t.metadata, *t.metadata.CurrentSnapshot());
  ASSERT_OK(list);
  auto live = manifest::ReadLiveEntries(*t.io, t.metadata, *list);
  ASSERT_OK(live);
  std::map<std::string, ExpectedPartition> expected;
  std::multiset<std::string> expected_files;
  for (const manifest::ManifestEntry& e : *live) {
    const manifest::DataFile& f = e.data_file;
    std::string key = PartitionJson(t.metadata, names, ids, f);
    ExpectedPartition& p = expected[key];
    switch (f.content) {
      case manifest::FileContent::kData:
        p.records += f.record_count;
        p.files += 1;
        p.bytes += f.file_size_in_bytes;
        break;
      case manifest::FileContent::kPositionDeletes:
        p.pos_records += f.record_count;
        p.pos_files += 1;
        break;
      case manifest::FileContent::kEqualityDeletes:
        p.eq_records += f.record_count;
        p.eq_files += 1;
        break;
    }
    expected_files.insert(
        "\"file_path\":\"" + f.file_path +
        "\",\"file_format\":\"PARQUET\",\"spec_id\":" + std::to_string(f.spec_id) + "," + key +
        ",\"record_count\":" + std::to_string(f.record_count) +
        ",\"file_size_in_bytes\":" + std::to_string(f.file_size_in_bytes) + ",");
  }

  Result<testing_util::TableRows> rows =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kPartitions);
  ASSERT_OK(rows);
  ASSERT_EQ(rows->json.size(), expected.size());
  for (const auto& [key, p] : expected) {
    const std::string totals = "{" + key + ",\"spec_id\":";
    const std::string counts =
        ",\"record_count\":" + std::to_string(p.records) +
        ",\"file_count\":" + std::to_string(p.files) +
        ",\"total_data_file_size_in_bytes\":" + std::to_string(p.bytes) +
        ",\"position_delete_record_count\":" + std::to_string(p.pos_records) +
        ",\"position_delete_file_count\":" + std::to_string(p.pos_files) +
        ",\"equality_delete_record_count\":" + std::to_string(p.eq_records) +
        ",\"equality_delete_file_count\":" + std::to_string(p.eq_files) + ",";
    int matches = 0;
    for (const std::string& row : rows->json) {
      if (row.rfind(totals, 0) == 0 && row.find(counts) != std::string::npos) ++matches;
    }
    EXPECT_EQ(matches, 1) << totals << counts;
  }

  Result<testing_util::TableRows> files =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kFiles);
  ASSERT_OK(files);
  ASSERT_EQ(files->json.size(), expected_files.size());
  for (const std::string& row : files->json) {
    bool found = false;
    for (const std::string& f : expected_files) found = found || row.find(f) != std::string::npos;
    EXPECT_TRUE(found) << row;
  }
}

TEST(PartitionsTableTest, TotalsMatchLiveEntries) {
  CheckPartitionsTable("partition_integer", {"partition_col"}, {1000});
  CheckPartitionsTable("equality_deletes/warehouse/mydb/mytable_partitioned", {"name"}, {1000});
  CheckPartitionsTable(
      "equality_delete_cross_partition/warehouse/ns/t/metadata/vfinal.metadata.json", {"part"},
      {1000});
  CheckPartitionsTable("hive_partitioned_table", {"event_date", "event_type"}, {1000, 1001});
}

}  // namespace
}  // namespace floe::inspect
