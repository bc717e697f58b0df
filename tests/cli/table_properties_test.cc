// Reserved table properties through the real binary: setting format-version (with `properties set`
// or ALTER TABLE ... SET TBLPROPERTIES) upgrades the table and is never stored as a property;
// downgrades, the other reserved keys and write.format.default values floe cannot follow are
// refused with the reason and change nothing.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "floe/spec/table_metadata_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

class TablePropertiesTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  void Ok(const std::string& args) {
    CommandResult r = Floe(args);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  }
  // The table's current metadata, as written.
  spec::TableMetadata Current(const std::string& table) {
    CommandResult r = Floe("metadata-location " + table);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::string path = r.out.substr(0, r.out.find('\n'));
    auto parsed = spec::ParseTableMetadata(ReadFileToString(path));
    EXPECT_OK(parsed);
    return parsed.ok() ? *parsed : spec::TableMetadata{};
  }
  size_t MetadataFiles(const std::string& folder) {
    return FilesUnder(wh_.Join(folder + "/metadata"), ".metadata.json").size();
  }

  TempDir wh_;
};

TEST_F(TablePropertiesTest, SettingFormatVersionUpgradesTheTable) {
  Ok("create namespace shop");
  Ok("create table shop.t --schema 'id long' --format-version 1");
  ASSERT_EQ(Current("shop.t").format_version, 1);

  Ok("sql \"ALTER TABLE shop.t SET TBLPROPERTIES ('format-version' = '2', 'owner' = 'ann')\"");
  spec::TableMetadata v2 = Current("shop.t");
  EXPECT_EQ(v2.format_version, 2);
  EXPECT_EQ(v2.properties.count("format-version"), 0u);
  EXPECT_EQ(*v2.Property("owner"), "ann");

  Ok("properties set table shop.t format-version 3");
  spec::TableMetadata v3 = Current("shop.t");
  EXPECT_EQ(v3.format_version, 3);
  EXPECT_EQ(v3.properties.count("format-version"), 0u);
  // properties get and SHOW TBLPROPERTIES agree.
  EXPECT_EQ(Floe("properties get table shop.t format-version").out, "3\n");
  CommandResult shown = Floe("sql \"SHOW TBLPROPERTIES shop.t ('format-version')\" --format csv");
  EXPECT_EQ(shown.out, "key,value\nformat-version,3\n") << shown.err;

  // Rows written after the upgrade carry v3 row lineage.
  const std::string csv = wh_.Join("ids.csv");
  std::ofstream(csv) << "id\n1\n2\n3\n";
  Ok("append shop.t " + ShellQuote(csv));
  EXPECT_EQ(Current("shop.t").next_row_id, 3);

  // The same version again commits nothing.
  const size_t files = MetadataFiles("shop/t");
  Ok("properties set table shop.t format-version 3");
  EXPECT_EQ(MetadataFiles("shop/t"), files);
}

TEST_F(TablePropertiesTest, DowngradesAndReservedKeysAreRefused) {
  Ok("create namespace shop");
  Ok("create table shop.t --schema 'id long'");
  const size_t files = MetadataFiles("shop/t");

  CommandResult down = Floe("properties set table shop.t format-version 1");
  EXPECT_EQ(down.exit_code, 2);
  EXPECT_NE(down.err.find("cannot downgrade the table from v2 to v1"), std::string::npos)
      << down.err;
  CommandResult bad = Floe("properties set table shop.t format-version two");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("format-version"), std::string::npos) << bad.err;
  CommandResult uuid = Floe("sql \"ALTER TABLE shop.t SET TBLPROPERTIES ('uuid' = 'x')\"");
  EXPECT_EQ(uuid.exit_code, 2);
  EXPECT_NE(uuid.err.find("table property uuid is reserved"), std::string::npos) << uuid.err;
  CommandResult snapshot = Floe("properties set table shop.t current-snapshot-id 5");
  EXPECT_NE(snapshot.err.find("current-snapshot-id is reserved"), std::string::npos)
      << snapshot.err;

  CommandResult orc = Floe("properties set table shop.t write.format.default orc");
  EXPECT_NE(orc.exit_code, 0);
  EXPECT_NE(orc.err.find("floe has no ORC writer"), std::string::npos) << orc.err;
  CommandResult typo = Floe("properties set table shop.t write.format.default parqet");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.err.find("\"parqet\" is not one of parquet, avro, orc"), std::string::npos)
      << typo.err;

  EXPECT_EQ(MetadataFiles("shop/t"), files);
  spec::TableMetadata current = Current("shop.t");
  EXPECT_EQ(current.format_version, 2);
  EXPECT_EQ(current.properties.count("uuid"), 0u);
  EXPECT_EQ(current.properties.count("write.format.default"), 0u);
}

}  // namespace
}  // namespace floe::testing
