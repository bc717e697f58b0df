// Tables written by other engines (issue #23, the reading gaps), through the binary: a moved
// table whose delete files name data files under `hdfs://namenode:8020/...` while its manifests
// say `/warehouse/...` (position delete files and deletion vectors), position delete rows with
// a null file_path, manifests whose file sizes disagree with the files, Parquet files without
// field ids in a table without a name mapping, and identity partitions written in the types the
// columns had before they were promoted. Each is counted, scanned, queried with SQL and listed
// with `files`; counts are exact, with and without the location map.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/foreign_table_builder.h"
#include "floe/scan/deletion_vector.h"
#include "floe/scan/position_set.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

using foreign::IdBatch;
using foreign::PositionDeleteBatch;
using foreign::TableBuilder;

// The ids of NDJSON rows {"id":N}, in order.
std::string IdRows(const std::vector<int64_t>& ids) {
  std::string out;
  for (int64_t id : ids) out += fmt::format("{{\"id\":{}}}\n", id);
  return out;
}

std::vector<int64_t> Range(int64_t first, int64_t end, const std::vector<int64_t>& without) {
  std::vector<int64_t> out;
  for (int64_t i = first; i < end; ++i) {
    if (std::find(without.begin(), without.end(), i) == without.end()) out.push_back(i);
  }
  return out;
}

size_t Occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class ForeignTablesTest : public ::testing::Test {
 protected:
  std::string Folder(const std::string& name) {
    std::string dir = wh_.Join("db/" + name);
    std::filesystem::create_directories(dir + "/data");
    std::filesystem::create_directories(dir + "/metadata");
    return dir;
  }
  // SQL over the warehouse folder as a fs catalog (its default), plus `extra` catalog settings.
  CommandResult Sql(const std::string& query, const std::string& extra = "") {
    const std::string config = wh_.Join("floe.yaml");
    std::ofstream(config) << "catalog:\n  wh:\n    type: fs\n    warehouse: " << wh_.path() << "\n"
                          << extra << "default-catalog: wh\n";
    return RunFloe("--config " + ShellQuote(config) + " sql --format csv " + ShellQuote(query));
  }
  TempDir wh_;
};

// A table moved from /warehouse/db/moved: manifests name data files by plain paths, the
// position delete file and the deletion vector by hdfs://namenode:8020 paths. Under
// `--location-map /warehouse/db/moved=DIR` both forms are the same file, so every delete
// applies; a delete naming a data file the table does not have is a note under --verbose.
TEST_F(ForeignTablesTest, LocationMapAppliesToPathsInsideDeleteFiles) {
  const std::string dir = Folder("moved");
  const std::string old_root = "/warehouse/db/moved";
  const std::string hdfs = "hdfs://namenode:8020" + old_root;
  TableBuilder t(dir, old_root, 3);
  t.WriteParquet("data/f1.parquet", IdBatch(0, 10));
  t.WriteParquet("data/f2.parquet", IdBatch(10, 10));
  t.AddData("data/f1.parquet", 10);
  t.AddData("data/f2.parquet", 10);
  t.WriteParquet("data/pos.parquet", PositionDeleteBatch({{hdfs + "/data/f1.parquet", 1},
                                                          {hdfs + "/data/f1.parquet", 2},
                                                          {hdfs + "/data/f1.parquet", 3},
                                                          {hdfs + "/data/gone.parquet", 0}}));
  t.AddPositionDeletes("data/pos.parquet", 4);
  scan::PositionSet dv_positions;
  dv_positions.Add(0);
  dv_positions.Add(5);
  // The second vector names a data file the table does not have.
  auto dvs = scan::WriteDeletionVectors(
      t.io(), t.Local("data/dv.puffin"),
      {{hdfs + "/data/f2.parquet", &dv_positions}, {hdfs + "/data/gone2.parquet", &dv_positions}});
  ASSERT_OK(dvs);
  ASSERT_EQ(dvs->size(), 2u);
  for (manifest::DataFile dv : *dvs) {
    dv.file_path = t.Listed("data/dv.puffin");
    t.AddDelete(dv);
  }
  const std::string metadata = ShellQuote(t.Finish(foreign::IdSchema(), spec::PartitionSpec{}));
  const std::string map = " --location-map " + ShellQuote(old_root + "=" + dir);

  // 20 rows, 3 deleted by the position delete file and 2 by the deletion vector.
  CommandResult count = RunFloe("count " + metadata + map);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "15\n");
  CommandResult scan = RunFloe("scan " + metadata + map + " --format json");
  EXPECT_EQ(scan.exit_code, 0) << scan.err;
  EXPECT_EQ(scan.out, IdRows(Range(0, 20, {1, 2, 3, 10, 15})));
  CommandResult filtered =
      RunFloe("count " + metadata + map + " --filter " + ShellQuote("id < 12"));
  EXPECT_EQ(filtered.out, "8\n") << filtered.err;

  // The note names the delete file and the data file no file of the table matches.
  CommandResult verbose = RunFloe("--verbose count " + metadata + map);
  EXPECT_EQ(verbose.out, "15\n");
  EXPECT_NE(verbose.err.find("note: position delete file " + old_root +
                             "/data/pos.parquet names data file " + dir + "/data/gone.parquet"),
            std::string::npos)
      << verbose.err;
  EXPECT_NE(
      verbose.err.find("note: deletion vector in " + old_root + "/data/dv.puffin names data file " +
                       hdfs + "/data/gone2.parquet, which matches no data file of the snapshot"),
      std::string::npos)
      << verbose.err;
  EXPECT_EQ(Occurrences(verbose.err, "names data file"), 2u) << verbose.err;
  // Without --verbose, no note.
  EXPECT_EQ(count.err.find("note:"), std::string::npos) << count.err;

  // Without the map the table's files are not where its metadata says.
  CommandResult unmapped = RunFloe("count " + metadata);
  EXPECT_NE(unmapped.exit_code, 0);
  EXPECT_NE(unmapped.err.find(old_root + "/metadata/snap-2.avro"), std::string::npos)
      << unmapped.err;

  CommandResult files = RunFloe("files " + metadata + map);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(old_root + "/data/f1.parquet"), std::string::npos) << files.out;
  EXPECT_NE(files.out.find(old_root + "/data/dv.puffin"), std::string::npos) << files.out;

  // SQL through a catalog whose settings carry the same map.
  CommandResult sql = Sql("SELECT count(*) AS n FROM moved.db.moved",
                          "  moved:\n    type: fs\n    warehouse: " + wh_.path() +
                              "\n    location-map: " + old_root + "=" + dir + "\n");
  EXPECT_EQ(sql.exit_code, 0) << sql.err;
  EXPECT_EQ(sql.out, "n\n15\n");
}

// The table where its metadata says, but its position delete file names the data file as
// hdfs://namenode:8020<dir>/...: read as written (exact comparison, as Java does) the delete
// matches nothing — a note says so under --verbose; with the map <dir>=<dir> the scheme-less
// FROM matches the hdfs form too and the deletes apply.
TEST_F(ForeignTablesTest, SchemeLessMapMatchesDeletePathsWithScheme) {
  const std::string dir = Folder("inplace");
  TableBuilder t(dir, dir);
  t.WriteParquet("data/f1.parquet", IdBatch(0, 10));
  t.AddData("data/f1.parquet", 10);
  const std::string hdfs_f1 = "hdfs://namenode:8020" + dir + "/data/f1.parquet";
  t.WriteParquet("data/pos.parquet",
                 PositionDeleteBatch({{hdfs_f1, 1}, {hdfs_f1, 2}, {hdfs_f1, 3}}));
  t.AddPositionDeletes("data/pos.parquet", 3);
  const std::string metadata = ShellQuote(t.Finish(foreign::IdSchema(), spec::PartitionSpec{}));
  const std::string map = " --location-map " + ShellQuote(dir + "=" + dir);

  CommandResult plain = RunFloe("--verbose count " + metadata);
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out, "10\n");
  EXPECT_NE(
      plain.err.find("note: position delete file " + dir + "/data/pos.parquet names data file " +
                     hdfs_f1 + ", which matches no data file the scan read"),
      std::string::npos)
      << plain.err;
  CommandResult mapped = RunFloe("--verbose count " + metadata + map);
  EXPECT_EQ(mapped.exit_code, 0) << mapped.err;
  EXPECT_EQ(mapped.out, "7\n");
  EXPECT_EQ(mapped.err.find("names data file"), std::string::npos) << mapped.err;
  CommandResult scan = RunFloe("scan " + metadata + map + " --format json");
  EXPECT_EQ(scan.out, IdRows(Range(0, 10, {1, 2, 3}))) << scan.err;
  CommandResult sql = Sql("SELECT count(*) AS n FROM db.inplace");
  EXPECT_EQ(sql.out, "n\n10\n") << sql.err;
  CommandResult files = RunFloe("files " + metadata + map);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(dir + "/data/pos.parquet"), std::string::npos) << files.out;
}

// Rows with a null file_path at the start and the end of a position delete file delete
// nothing: they are skipped with one warning naming the file, the other rows apply.
TEST_F(ForeignTablesTest, PositionDeleteRowsWithNullFilePathAreSkipped) {
  const std::string dir = Folder("nulls");
  TableBuilder t(dir, dir);
  t.WriteParquet("data/f1.parquet", IdBatch(0, 10));
  t.AddData("data/f1.parquet", 10);
  const std::string f1 = t.Listed("data/f1.parquet");
  t.WriteParquet("data/pos.parquet",
                 PositionDeleteBatch({{std::nullopt, 0}, {f1, 4}, {f1, 5}, {std::nullopt, 9}}));
  t.AddPositionDeletes("data/pos.parquet", 4);
  const std::string metadata = ShellQuote(t.Finish(foreign::IdSchema(), spec::PartitionSpec{}));
  const std::string warning = "warning: position delete file " + dir +
                              "/data/pos.parquet: skipped 2 row(s) whose file_path is null";

  CommandResult count = RunFloe("count " + metadata);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "8\n");
  EXPECT_EQ(Occurrences(count.err, warning), 1u) << count.err;
  CommandResult scan = RunFloe("scan " + metadata + " --format json");
  EXPECT_EQ(scan.exit_code, 0) << scan.err;
  EXPECT_EQ(scan.out, IdRows(Range(0, 10, {4, 5})));
  EXPECT_EQ(Occurrences(scan.err, warning), 1u) << scan.err;
  CommandResult sql = Sql("SELECT count(*) AS n, sum(id) AS s FROM db.nulls");
  EXPECT_EQ(sql.out, "n,s\n8,36\n") << sql.err;
  CommandResult files = RunFloe("files " + metadata);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(dir + "/data/pos.parquet"), std::string::npos) << files.out;
}

// file_size_in_bytes too large for one data file, too small for another and for the position
// delete file: each is read once more with its real size, with a warning naming the file and
// both sizes; the rows are exact.
TEST_F(ForeignTablesTest, WrongFileSizesInManifestsAreRetriedWithTheRealSize) {
  const std::string dir = Folder("sizes");
  TableBuilder t(dir, dir);
  int64_t f1_size = t.WriteParquet("data/f1.parquet", IdBatch(0, 10));
  int64_t f2_size = t.WriteParquet("data/f2.parquet", IdBatch(10, 5));
  t.AddData("data/f1.parquet", 10).file_size_in_bytes = f1_size + 100;
  t.AddData("data/f2.parquet", 5).file_size_in_bytes = f2_size - 7;
  const std::string f2 = t.Listed("data/f2.parquet");
  int64_t pos_size = t.WriteParquet("data/pos.parquet", PositionDeleteBatch({{f2, 0}}));
  t.AddPositionDeletes("data/pos.parquet", 1).file_size_in_bytes = pos_size - 1;
  const std::string metadata = ShellQuote(t.Finish(foreign::IdSchema(), spec::PartitionSpec{}));
  auto warning = [&](const std::string& what, const std::string& name, int64_t listed,
                     int64_t real) {
    return fmt::format(
        "warning: {} {}: the manifest says it has {} bytes (file_size_in_bytes), the file has "
        "{}; read with the file's size\n",
        what, t.Listed(name), listed, real);
  };

  CommandResult scan = RunFloe("scan " + metadata + " --format json --threads 1");
  EXPECT_EQ(scan.exit_code, 0) << scan.err;
  EXPECT_EQ(scan.out, IdRows(Range(0, 15, {10})));
  EXPECT_NE(scan.err.find(warning("data file", "data/f1.parquet", f1_size + 100, f1_size)),
            std::string::npos)
      << scan.err;
  EXPECT_NE(scan.err.find(warning("data file", "data/f2.parquet", f2_size - 7, f2_size)),
            std::string::npos)
      << scan.err;
  EXPECT_NE(
      scan.err.find(warning("position delete file", "data/pos.parquet", pos_size - 1, pos_size)),
      std::string::npos)
      << scan.err;
  // f1 has no deletes and matches as a whole: counted from its record count, not read.
  CommandResult count = RunFloe("count " + metadata);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "14\n");
  CommandResult sql = Sql("SELECT count(*) AS n, max(id) AS m FROM db.sizes");
  EXPECT_EQ(sql.out, "n,m\n14,14\n") << sql.err;
  CommandResult files = RunFloe("files " + metadata);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(t.Listed("data/f2.parquet")), std::string::npos) << files.out;
}

// A Parquet file written without field ids in a table without schema.name-mapping.default (a
// Hive-migrated table): its top-level columns take the ids 1..n by position, as Java's fallback
// ids do, so values and filters work; --verbose says so.
TEST_F(ForeignTablesTest, FilesWithoutFieldIdsReadByPosition) {
  const std::string dir = Folder("noids");
  TableBuilder t(dir, dir);
  std::vector<std::optional<int64_t>> ids;
  std::vector<std::optional<std::string>> names;
  for (int i = 0; i < 8; ++i) {
    ids.push_back(i);
    names.push_back(i == 6 ? std::nullopt : std::optional<std::string>(fmt::format("n{}", i)));
  }
  t.WriteParquet("data/f1.parquet",
                 foreign::MakeBatch({foreign::IdField("id", columnar::Int64(), std::nullopt),
                                     foreign::IdField("name", columnar::Utf8(), std::nullopt)},
                                    {foreign::LongArray(ids), foreign::StringArray(names)}));
  t.AddData("data/f1.parquet", 8);
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", false, spec::Type::Long()},
                   spec::NestedField{2, "label", false, spec::Type::String()}};  // renamed since
  const std::string metadata = ShellQuote(t.Finish(schema, spec::PartitionSpec{}));

  CommandResult count =
      RunFloe("--verbose count " + metadata + " --filter " + ShellQuote("id >= 5"));
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "3\n");
  EXPECT_NE(count.err.find("note: data file " + t.Listed("data/f1.parquet") +
                           " has no field ids and the table no schema.name-mapping.default: "
                           "its top-level columns are read by position (field ids 1..2)"),
            std::string::npos)
      << count.err;
  CommandResult scan = RunFloe("scan " + metadata + " --format json --filter " +
                               ShellQuote("label = 'n3' or id = 6"));
  EXPECT_EQ(scan.exit_code, 0) << scan.err;
  EXPECT_EQ(scan.out, "{\"id\":3,\"label\":\"n3\"}\n{\"id\":6,\"label\":null}\n");
  EXPECT_EQ(scan.err.find("note:"), std::string::npos) << scan.err;
  CommandResult sql = Sql("SELECT count(label) AS n, max(label) AS m FROM db.noids WHERE id < 7");
  EXPECT_EQ(sql.out, "n,m\n6,n5\n") << sql.err;
  CommandResult files = RunFloe("files " + metadata);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(t.Listed("data/f1.parquet")), std::string::npos) << files.out;
}

// A Hive-migrated table whose partition columns were promoted (int to long, decimal(5,3) to
// decimal(7,3), float to double): its manifest still holds the tuple in the old Avro types
// (int, a 3-byte fixed, float). The tuple is read with the manifest's own types and promoted;
// the data files hold only `id`, the partition columns come from the tuple.
TEST_F(ForeignTablesTest, PartitionTuplesInTypesSincePromoted) {
  const std::string dir = Folder("promoted");
  TableBuilder t(dir, dir);
  spec::Schema old_schema;
  old_schema.schema_id = 0;
  old_schema.fields = {spec::NestedField{1, "id", false, spec::Type::Long()},
                       spec::NestedField{2, "p", false, spec::Type::Int()},
                       spec::NestedField{3, "d", false, spec::Type::Decimal(5, 3)},
                       spec::NestedField{4, "f", false, spec::Type::Float()}};
  spec::Schema schema;
  schema.schema_id = 1;
  schema.fields = {spec::NestedField{1, "id", false, spec::Type::Long()},
                   spec::NestedField{2, "p", false, spec::Type::Long()},
                   spec::NestedField{3, "d", false, spec::Type::Decimal(7, 3)},
                   spec::NestedField{4, "f", false, spec::Type::Double()}};
  spec::PartitionSpec spec;
  spec.fields = {
      {.source_id = 2, .field_id = 1000, .name = "p", .transform = spec::Transform::Identity()},
      {.source_id = 3, .field_id = 1001, .name = "d", .transform = spec::Transform::Identity()},
      {.source_id = 4, .field_id = 1002, .name = "f", .transform = spec::Transform::Identity()}};
  t.WriteParquet("data/p1.parquet", IdBatch(0, 3));
  t.WriteParquet("data/p2.parquet", IdBatch(3, 2));
  t.AddData(
      "data/p1.parquet", 3,
      {spec::Literal::Int(1), spec::Literal::MakeDecimal(12345, 3), spec::Literal::Float(1.5f)});
  t.AddData(
      "data/p2.parquet", 2,
      {spec::Literal::Int(2), spec::Literal::MakeDecimal(-1000, 3), spec::Literal::Float(-0.25f)});
  t.SetManifestSchema(old_schema);
  t.metadata().schemas.push_back(old_schema);
  const std::string metadata = ShellQuote(t.Finish(schema, spec));

  CommandResult count = RunFloe("count " + metadata);
  EXPECT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "5\n");
  CommandResult by_p = RunFloe("count " + metadata + " --filter " + ShellQuote("p = 2"));
  EXPECT_EQ(by_p.out, "2\n") << by_p.err;
  CommandResult by_d = RunFloe("count " + metadata + " --filter " + ShellQuote("d > 0"));
  EXPECT_EQ(by_d.out, "3\n") << by_d.err;
  CommandResult scan = RunFloe("scan " + metadata + " --format csv");
  EXPECT_EQ(scan.exit_code, 0) << scan.err;
  EXPECT_EQ(scan.out,
            "id,p,d,f\n0,1,12.345,1.5\n1,1,12.345,1.5\n2,1,12.345,1.5\n3,2,-1.000,-0.25\n"
            "4,2,-1.000,-0.25\n");
  CommandResult sql =
      Sql("SELECT p, count(*) AS n, sum(d) AS s FROM db.promoted GROUP BY p ORDER BY p");
  EXPECT_EQ(sql.out, "p,n,s\n1,3,37.035\n2,2,-2.000\n") << sql.err;
  CommandResult files = RunFloe("files " + metadata);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_NE(files.out.find(t.Listed("data/p2.parquet")), std::string::npos) << files.out;
}

// A default partition spec whose source-id is no field of the current schema is refused when
// the metadata is loaded, naming the spec, the field and the id; an older spec on a column
// dropped since still loads.
TEST_F(ForeignTablesTest, DefaultSpecSourceMustBeInTheCurrentSchema) {
  const std::string dir = Folder("badspec");
  TableBuilder t(dir, dir);
  t.WriteParquet("data/f1.parquet", IdBatch(0, 4));
  t.AddData("data/f1.parquet", 4);
  spec::PartitionSpec spec;
  spec.spec_id = 1;
  spec.fields = {{.source_id = 9,
                  .field_id = 1000,
                  .name = "gone_bucket",
                  .transform = spec::Transform::Identity()}};
  t.metadata().partition_specs.push_back(spec);
  t.SetDefaultSpecId(1);
  const std::string bad = t.Finish(foreign::IdSchema(), spec::PartitionSpec{});
  CommandResult inspect = RunFloe("inspect " + ShellQuote(bad));
  EXPECT_NE(inspect.exit_code, 0);
  EXPECT_NE(inspect.err.find("default partition spec 1: field gone_bucket has source-id 9, which "
                             "is not a field of the current schema (schema 0)"),
            std::string::npos)
      << inspect.err;
  CommandResult count = RunFloe("count " + ShellQuote(bad));
  EXPECT_NE(count.exit_code, 0);
  EXPECT_NE(count.err.find("source-id 9"), std::string::npos) << count.err;
  CommandResult scan = RunFloe("scan " + ShellQuote(bad));
  EXPECT_NE(scan.exit_code, 0);
  EXPECT_NE(scan.err.find("source-id 9"), std::string::npos) << scan.err;
  CommandResult files = RunFloe("files " + ShellQuote(bad));
  EXPECT_NE(files.exit_code, 0);
  EXPECT_NE(files.err.find("source-id 9"), std::string::npos) << files.err;
  CommandResult sql = Sql("SELECT count(*) FROM db.badspec");
  EXPECT_NE(sql.exit_code, 0);
  EXPECT_NE(sql.err.find("source-id 9"), std::string::npos) << sql.err;

  // Spec 1 on a dropped column 9, the default spec 0 unpartitioned: loads and reads.
  const std::string dir2 = Folder("oldspec");
  TableBuilder old(dir2, dir2);
  old.WriteParquet("data/f1.parquet", IdBatch(0, 4));
  old.AddData("data/f1.parquet", 4);
  old.metadata().partition_specs.push_back(spec);
  const std::string good = old.Finish(foreign::IdSchema(), spec::PartitionSpec{});
  CommandResult ok = RunFloe("inspect " + ShellQuote(good));
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  CommandResult counted = RunFloe("count " + ShellQuote(good));
  EXPECT_EQ(counted.out, "4\n") << counted.err;
  CommandResult scanned = RunFloe("scan " + ShellQuote(good) + " --format csv");
  EXPECT_EQ(scanned.out, "id\n0\n1\n2\n3\n") << scanned.err;
  CommandResult listed = RunFloe("files " + ShellQuote(good));
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  CommandResult queried = Sql("SELECT count(*) AS n FROM db.oldspec");
  EXPECT_EQ(queried.out, "n\n4\n") << queried.err;
}

}  // namespace
}  // namespace floe::testing
