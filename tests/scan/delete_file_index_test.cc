// DeleteFileIndex: the spec's matching rules on synthetic entries — sequence numbers equal,
// lower and higher for position deletes, deletion vectors and equality deletes; same and other
// partition; other spec id with the same values; global equality deletes of an unpartitioned
// spec; referenced_data_file; a deletion vector shadowing position delete files.
#include "floe/scan/delete_file_index.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "testing/result_matchers.h"

namespace floe::scan {
namespace {

using manifest::FileContent;
using manifest::ManifestEntry;

constexpr int32_t kUnpartitioned = 0;
constexpr int32_t kByRegion = 1;
constexpr int32_t kByRegionToo = 2;  // same partition type, other spec id

spec::TableMetadata Metadata() {
  spec::TableMetadata md;
  md.format_version = 3;
  spec::PartitionSpec none;
  none.spec_id = kUnpartitioned;
  spec::PartitionSpec region;
  region.spec_id = kByRegion;
  region.fields.push_back({1, {}, 1000, "region", spec::Transform::Identity()});
  spec::PartitionSpec region2 = region;
  region2.spec_id = kByRegionToo;
  md.partition_specs = {none, region, region2};
  return md;
}

ManifestEntry Entry(FileContent content, std::string path, int64_t seq, int32_t spec_id,
                    std::vector<spec::Literal> partition) {
  ManifestEntry e;
  e.status = manifest::EntryStatus::kAdded;
  e.sequence_number = seq;
  e.file_sequence_number = seq;
  e.data_file.content = content;
  e.data_file.file_path = std::move(path);
  e.data_file.file_format = "PARQUET";
  e.data_file.spec_id = spec_id;
  e.data_file.partition = std::move(partition);
  e.data_file.record_count = 1;
  if (content == FileContent::kEqualityDeletes) e.data_file.equality_ids = std::vector<int32_t>{1};
  return e;
}

ManifestEntry Data(std::string path, int64_t seq, int32_t spec_id, std::vector<spec::Literal> p) {
  return Entry(FileContent::kData, std::move(path), seq, spec_id, std::move(p));
}
ManifestEntry Pos(std::string path, int64_t seq, int32_t spec_id, std::vector<spec::Literal> p) {
  return Entry(FileContent::kPositionDeletes, std::move(path), seq, spec_id, std::move(p));
}
ManifestEntry Eq(std::string path, int64_t seq, int32_t spec_id, std::vector<spec::Literal> p) {
  return Entry(FileContent::kEqualityDeletes, std::move(path), seq, spec_id, std::move(p));
}
ManifestEntry Dv(std::string path, std::string data_path, int64_t seq, int32_t spec_id,
                 std::vector<spec::Literal> p) {
  ManifestEntry e = Pos(std::move(path), seq, spec_id, std::move(p));
  e.data_file.file_format = "PUFFIN";
  e.data_file.referenced_data_file = std::move(data_path);
  e.data_file.content_offset = 4;
  e.data_file.content_size_in_bytes = 40;
  return e;
}

std::vector<spec::Literal> Region(std::string r) { return {spec::Literal::String(std::move(r))}; }

std::vector<std::string> Paths(const DeleteFileIndex& index, const ManifestEntry& data) {
  std::vector<std::string> out;
  for (const auto& d : index.ForDataFile(data)) out.push_back(d.file_path);
  return out;
}

DeleteFileIndex Make(std::vector<ManifestEntry> deletes) {
  auto index = DeleteFileIndex::Make(Metadata(), std::move(deletes));
  EXPECT_OK(index);
  return index.ok() ? std::move(*index) : DeleteFileIndex();
}

TEST(DeleteFileIndexTest, PositionDeletesApplyToSameOrOlderDataInTheSamePartition) {
  DeleteFileIndex index = Make(
      {Pos("pos-eu-5", 5, kByRegion, Region("eu")), Pos("pos-us-5", 5, kByRegion, Region("us"))});
  EXPECT_EQ(Paths(index, Data("d", 4, kByRegion, Region("eu"))),
            std::vector<std::string>{"pos-eu-5"});
  EXPECT_EQ(Paths(index, Data("d", 5, kByRegion, Region("eu"))),
            std::vector<std::string>{"pos-eu-5"});
  EXPECT_TRUE(Paths(index, Data("d", 6, kByRegion, Region("eu"))).empty());
  EXPECT_EQ(Paths(index, Data("d", 1, kByRegion, Region("us"))),
            std::vector<std::string>{"pos-us-5"});
  EXPECT_TRUE(Paths(index, Data("d", 1, kByRegion, Region("asia"))).empty());
  // Same values under another spec id: another partition.
  EXPECT_TRUE(Paths(index, Data("d", 1, kByRegionToo, Region("eu"))).empty());
  // A null partition value is its own partition.
  EXPECT_TRUE(Paths(index, Data("d", 1, kByRegion, {spec::Literal::Null()})).empty());
}

TEST(DeleteFileIndexTest, EqualityDeletesApplyOnlyToStrictlyOlderData) {
  DeleteFileIndex index = Make({Eq("eq-eu-5", 5, kByRegion, Region("eu"))});
  EXPECT_EQ(Paths(index, Data("d", 4, kByRegion, Region("eu"))),
            std::vector<std::string>{"eq-eu-5"});
  EXPECT_TRUE(Paths(index, Data("d", 5, kByRegion, Region("eu"))).empty());
  EXPECT_TRUE(Paths(index, Data("d", 6, kByRegion, Region("eu"))).empty());
  EXPECT_TRUE(Paths(index, Data("d", 4, kByRegion, Region("us"))).empty());
  EXPECT_TRUE(Paths(index, Data("d", 4, kByRegionToo, Region("eu"))).empty());
}

TEST(DeleteFileIndexTest, UnpartitionedEqualityDeletesAreGlobal) {
  DeleteFileIndex index =
      Make({Eq("eq-global-5", 5, kUnpartitioned, {}), Pos("pos-unpart-5", 5, kUnpartitioned, {})});
  // The global equality delete reaches every partition of every spec; the unpartitioned
  // position delete only unpartitioned data.
  EXPECT_EQ(Paths(index, Data("d", 3, kByRegion, Region("eu"))),
            std::vector<std::string>{"eq-global-5"});
  EXPECT_EQ(Paths(index, Data("d", 3, kByRegionToo, Region("us"))),
            std::vector<std::string>{"eq-global-5"});
  EXPECT_EQ(Paths(index, Data("d", 3, kUnpartitioned, {})),
            (std::vector<std::string>{"pos-unpart-5", "eq-global-5"}));
  EXPECT_EQ(Paths(index, Data("d", 5, kUnpartitioned, {})),
            std::vector<std::string>{"pos-unpart-5"});
  EXPECT_TRUE(Paths(index, Data("d", 6, kByRegion, Region("eu"))).empty());
}

TEST(DeleteFileIndexTest, ReferencedDataFile) {
  ManifestEntry targeted = Pos("pos-for-a", 5, kByRegion, Region("eu"));
  targeted.data_file.referenced_data_file = "a.parquet";
  DeleteFileIndex index = Make({targeted, Pos("pos-eu-5", 5, kByRegion, Region("eu"))});
  EXPECT_EQ(Paths(index, Data("a.parquet", 5, kByRegion, Region("eu"))),
            (std::vector<std::string>{"pos-for-a", "pos-eu-5"}));
  EXPECT_EQ(Paths(index, Data("b.parquet", 5, kByRegion, Region("eu"))),
            std::vector<std::string>{"pos-eu-5"});
  EXPECT_TRUE(Paths(index, Data("a.parquet", 6, kByRegion, Region("eu"))).empty());
}

TEST(DeleteFileIndexTest, DeletionVectorShadowsPositionDeletes) {
  DeleteFileIndex index = Make({Pos("pos-eu-3", 3, kByRegion, Region("eu")),
                                Dv("dv-a", "a.parquet", 4, kByRegion, Region("eu")),
                                Eq("eq-eu-4", 4, kByRegion, Region("eu"))});
  EXPECT_EQ(index.size(), 3u);
  // a.parquet has a DV: the older position delete file no longer applies to it.
  EXPECT_EQ(Paths(index, Data("a.parquet", 2, kByRegion, Region("eu"))),
            (std::vector<std::string>{"dv-a", "eq-eu-4"}));
  // DV with an equal sequence number applies; a newer data file is not touched.
  EXPECT_EQ(Paths(index, Data("a.parquet", 4, kByRegion, Region("eu"))),
            std::vector<std::string>{"dv-a"});
  EXPECT_TRUE(Paths(index, Data("a.parquet", 5, kByRegion, Region("eu"))).empty());
  // Other files keep their position deletes.
  EXPECT_EQ(Paths(index, Data("b.parquet", 2, kByRegion, Region("eu"))),
            (std::vector<std::string>{"pos-eu-3", "eq-eu-4"}));
  // A DV in another partition than the data file does not apply.
  DeleteFileIndex other = Make({Dv("dv-a", "a.parquet", 4, kByRegion, Region("us"))});
  EXPECT_TRUE(Paths(other, Data("a.parquet", 2, kByRegion, Region("eu"))).empty());
}

TEST(DeleteFileIndexTest, OrderAndV1DataFiles) {
  DeleteFileIndex index =
      Make({Eq("eq-9", 9, kUnpartitioned, {}), Pos("pos-7", 7, kUnpartitioned, {}),
            Eq("eq-2", 2, kUnpartitioned, {}), Pos("pos-1", 1, kUnpartitioned, {})});
  ManifestEntry v1 = Data("d", 0, kUnpartitioned, {});
  v1.sequence_number.reset();  // v1: no sequence number means 0
  EXPECT_EQ(Paths(index, v1), (std::vector<std::string>{"pos-1", "pos-7", "eq-2", "eq-9"}));
}

TEST(DeleteFileIndexTest, BadEntries) {
  auto unknown_spec = DeleteFileIndex::Make(Metadata(), {Pos("p", 1, 42, {})});
  ASSERT_FALSE(unknown_spec.ok());
  EXPECT_EQ(unknown_spec.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(unknown_spec.error().message.find("42"), std::string::npos);

  ManifestEntry no_ids = Eq("eq", 1, kUnpartitioned, {});
  no_ids.data_file.equality_ids.reset();
  EXPECT_EQ(DeleteFileIndex::Make(Metadata(), {no_ids}).error().kind, ErrorKind::kCorrupt);

  auto two_dvs = DeleteFileIndex::Make(
      Metadata(), {Dv("dv1", "a", 1, kUnpartitioned, {}), Dv("dv2", "a", 2, kUnpartitioned, {})});
  ASSERT_FALSE(two_dvs.ok());
  EXPECT_NE(two_dvs.error().message.find("two deletion vectors"), std::string::npos);

  EXPECT_EQ(DeleteFileIndex::Make(Metadata(), {Data("d", 1, kUnpartitioned, {})}).error().kind,
            ErrorKind::kInvalidArgument);
}

TEST(DeleteFileIndexTest, PartitionKeyTreatsNaNsAlikeAndTypesApart) {
  EXPECT_EQ(PartitionKey(1, {spec::Literal::Double(std::nan(""))}),
            PartitionKey(1, {spec::Literal::Double(-std::nan(""))}));
  EXPECT_NE(PartitionKey(1, {spec::Literal::Int(1)}), PartitionKey(1, {spec::Literal::Long(1)}));
  EXPECT_NE(PartitionKey(1, {spec::Literal::String("ab"), spec::Literal::String("c")}),
            PartitionKey(1, {spec::Literal::String("a"), spec::Literal::String("bc")}));
  EXPECT_NE(PartitionKey(1, {}), PartitionKey(2, {}));
}

}  // namespace
}  // namespace floe::scan
