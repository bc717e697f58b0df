// `floe inspect` golden tests: the command line, its expected stdout (tests/cli/golden/inspect/)
// and its exit code. Commands run in ../shared/corpus so the printed paths are stable. Set
// FLOE_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "floe/spec/table_metadata_json.h"
#include "floe/util/json_reader.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

CommandResult RunInCorpus(const std::string& args) {
  return RunCommand("cd " + ShellQuote(SharedDir() + "/corpus") + " && " +
                    ShellQuote(FloeBinary()) + " " + args);
}

std::string GoldenPath(const std::string& name) {
  return SourceDir() + "/tests/cli/golden/inspect/" + name;
}

void ExpectGolden(const std::string& name, const std::string& actual) {
  std::string path = GoldenPath(name);
  const char* update = std::getenv("FLOE_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(std::filesystem::exists(path))
      << "no golden file " << path << " (run with FLOE_UPDATE_GOLDEN=1)";
  EXPECT_EQ(actual, ReadFileToString(path)) << "golden " << name;
}

struct GoldenCase {
  const char* name;
  const char* args;
};

TEST(InspectTest, GoldenOutputs) {
  const GoldenCase cases[] = {
      {"v2_valid.txt", "inspect iceberg/core/src/test/resources/TableMetadataV2Valid.json"},
      {"v1_valid_metadata_option.txt",
       "inspect --metadata iceberg/core/src/test/resources/TableMetadataV1Valid.json"},
      {"v3_minimal.txt",
       "inspect iceberg/core/src/test/resources/TableMetadataV3ValidMinimal.json"},
      {"gz_table_folder.txt", "inspect duckdb-iceberg/data/persistent/iceberg/lineitem_iceberg_gz"},
      {"nested_defaults_folder.txt",
       "inspect duckdb-iceberg/data/persistent/add_columns_with_defaults_in_struct/default.db/"
       "add_columns_with_defaults_in_struct"},
      {"partition_evolution_folder.txt",
       "inspect duckdb-iceberg/data/persistent/hive_partitioned_table"},
      {"v3_encryption.json",
       "inspect "
       "iceberg-rust/crates/iceberg/testdata/table_metadata/TableMetadataV3ValidEncryption.json "
       "--json"},
      {"zstd_metadata.json",
       "inspect --json iceberg-go/table/testdata/TableMetadataV2Valid.zstd.metadata.json"},
  };
  for (const GoldenCase& c : cases) {
    SCOPED_TRACE(c.args);
    CommandResult r = RunInCorpus(c.args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    ExpectGolden(c.name, r.out);
  }
}

TEST(InspectTest, JsonIsTheMetadataAsFloeWritesIt) {
  const std::string file = "iceberg/core/src/test/resources/TableMetadataStatisticsFiles.json";
  CommandResult r = RunInCorpus("inspect --json " + file);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = JsonDocument::Parse(r.out);
  ASSERT_OK(doc) << r.out;
  JsonValue root = (*doc)->root();
  EXPECT_EQ(*root.GetString("metadata-location"), file);
  auto printed = spec::ParseTableMetadata(*root.Get("metadata"));
  ASSERT_OK(printed);
  auto original = spec::ParseTableMetadata(ReadFileToString(CorpusPath(file)));
  ASSERT_OK(original);
  EXPECT_TRUE(*printed == *original);
  EXPECT_EQ(spec::WriteTableMetadata(*printed), spec::WriteTableMetadata(*original));
}

struct ErrorCase {
  const char* args;
  int exit_code;
  const char* message;  // the one line on stderr
};

TEST(InspectTest, UnreadableInputsGiveOneLineAndTheExitCodeOfTheirKind) {
  const ErrorCase cases[] = {
      {"inspect no/such/table", 3,
       "floe: no/such/table: no such metadata file or table folder, and no catalog to look it up "
       "in "
       "(give --warehouse DIR or a floe.yaml)\n"},
      {"inspect iceberg/core/src/test/resources/TableMetadataUnsupportedVersion.json", 6,
       "floe: metadata TableMetadataUnsupportedVersion.json: format-version 42 is not supported "
       "(floe reads "
       "versions 1 to 3)\n"},
      {"inspect iceberg/core/src/test/resources/TableMetadataV2MissingSchemas.json", 5,
       "floe: metadata TableMetadataV2MissingSchemas.json: missing required field \"schemas\"\n"},
      {"inspect iceberg/core/src/test/resources/TableMetadataV2CurrentSchemaNotFound.json", 5,
       "floe: metadata TableMetadataV2CurrentSchemaNotFound.json: current-schema-id: schema 2 not "
       "found among "
       "schemas\n"},
      {"inspect duckdb-iceberg/data/persistent/bad_data/bad_iceberg_metadata.json", 5, nullptr},
      {"inspect iceberg/core/src/test/resources/TableMetadataV2Valid.json --metadata x.json", 2,
       "floe: inspect: give either a table or --metadata FILE, not both\n"},
      {"inspect iceberg/core/src/test/resources/TableMetadataV2Valid.json --bogus", 2,
       "floe: inspect: unknown option --bogus (see `floe inspect --help`)\n"},
      {"inspect duckdb-iceberg/data/persistent/bad_data", 3, nullptr},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.args);
    CommandResult r = RunInCorpus(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
    EXPECT_EQ(r.out, "");
    if (c.message != nullptr) {
      EXPECT_EQ(r.err, c.message);
    } else {
      EXPECT_EQ(r.err.rfind("floe: ", 0), 0u) << r.err;
      EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    }
  }
}

TEST(InspectTest, AmbiguousTableFolderListsTheCandidates) {
  TempDir dir;
  std::filesystem::create_directories(dir.Join("t/metadata"));
  std::string text = ReadFileToString(
      CorpusPath("iceberg/core/src/test/resources/TableMetadataV2ValidMinimal.json"));
  std::ofstream(dir.Join("t/metadata/v2.metadata.json")) << text;
  std::ofstream(dir.Join("t/metadata/00002-9c12d441-03fe-4693-9a96-a0705ddf69c1.metadata.json"))
      << text;
  CommandResult r = RunFloe("inspect " + ShellQuote(dir.Join("t")));
  EXPECT_EQ(r.exit_code, 5) << r.err;
  EXPECT_TRUE(Contains(r.err, "ambiguous")) << r.err;
  EXPECT_TRUE(Contains(r.err, dir.Join("t/metadata/v2.metadata.json"))) << r.err;
  EXPECT_TRUE(Contains(
      r.err, dir.Join("t/metadata/00002-9c12d441-03fe-4693-9a96-a0705ddf69c1.metadata.json")))
      << r.err;
  // --metadata picks one.
  CommandResult pick =
      RunFloe("inspect --metadata " + ShellQuote(dir.Join("t/metadata/v2.metadata.json")));
  EXPECT_EQ(pick.exit_code, 0) << pick.err;
}

TEST(InspectTest, HelpHasAnExample) {
  CommandResult r = RunFloe("inspect --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(Contains(
      r.out,
      "Usage: floe inspect <table | metadata.json | table folder> [--json] [--metadata FILE]"));
  EXPECT_TRUE(Contains(r.out, "Example:\n  floe inspect"));
}

}  // namespace
}  // namespace floe::testing
