// write.format.default avro (issue 25): `floe append` of a CSV, SQL INSERT and CTAS write Avro data
// files in Iceberg's Avro layout; python3-avro (an independent reader) reads the rows and the
// field ids, and the manifest's AVRO entries with their counts (no bounds); floe scan, count,
// --filter and SQL read them back; a partitioned table writes one Avro file per partition;
// write.avro.compression-codec picks the codec. orc, set in the metadata by another engine,
// makes every floe write fail naming the property and leaves the table as it was.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/commit/table_update.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

// Data file paths, file formats and record counts of a table, from python3-avro reading the
// manifests of the current snapshot (one line per file, sorted by path).
const char kManifestScript[] = R"PY(
import json, sys, avro.datafile, avro.io
m = json.load(open(sys.argv[1]))
snap = [s for s in m['snapshots'] if s['snapshot-id'] == m['current-snapshot-id']][0]
lines = []
for mf in avro.datafile.DataFileReader(open(snap['manifest-list'], 'rb'), avro.io.DatumReader()):
  for e in avro.datafile.DataFileReader(open(mf['manifest_path'], 'rb'), avro.io.DatumReader()):
    f = e['data_file']
    counts = lambda k: sorted((x['key'], x['value']) for x in (f[k] or []))
    lines.append('%s %s records=%d size_ok=%s values=%s nulls=%s nans=%s bounds=%s' % (
        f['file_path'].rsplit('/', 1)[1][-11:], f['file_format'], f['record_count'],
        f['file_size_in_bytes'] == __import__('os').path.getsize(f['file_path']),
        counts('value_counts'), counts('null_value_counts'), counts('nan_value_counts'),
        f['lower_bounds'] or f['upper_bounds']))
print('\n'.join(sorted(lines)))
)PY";

// The rows of Avro data files (all records, sorted by id) as JSON, and each file's codec and
// field ids (name:id, element-id, key-id, value-id), from python3-avro.
const char kRowsScript[] = R"PY(
import json, sys, avro.datafile, avro.io
rows, ids, codecs = [], set(), set()
def walk(t):
  if isinstance(t, list):
    for b in t: walk(b)
  elif isinstance(t, dict):
    for k in ('element-id', 'key-id', 'value-id'):
      if k in t: ids.add('%s=%d' % (k, t[k]))
    for f in t.get('fields', []):
      ids.add('%s:%d' % (f['name'], f['field-id']))
      walk(f['type'])
    walk(t.get('items')); walk(t.get('values'))
for path in sys.argv[1:]:
  r = avro.datafile.DataFileReader(open(path, 'rb'), avro.io.DatumReader())
  codecs.add(r.meta['avro.codec'].decode())
  walk(json.loads(r.meta['avro.schema'].decode()))
  rows.extend(r)
print('codecs', sorted(codecs))
print('ids', ' '.join(sorted(ids)))
for row in sorted(rows, key=lambda r: r['id']):
  print(json.dumps(row, default=str, sort_keys=True))
)PY";

std::string TrimEnd(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// The header line, then the other lines sorted (scans list the newest file first).
std::string SortRows(const std::string& text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  if (lines.size() > 1) std::sort(lines.begin() + 1, lines.end());
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

class AppendAvroTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  std::string Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  }
  std::string Python(const char* script, const std::vector<std::string>& args) {
    std::string cmd = "/usr/bin/python3 -c " + ShellQuote(script);
    for (const std::string& a : args) cmd += " " + ShellQuote(a);
    CommandResult r = RunCommand(cmd);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return TrimEnd(r.out);
  }
  // The data file paths `floe files --json` lists; each must be an AVRO `.avro` file.
  std::vector<std::string> AvroFiles(const std::string& table) {
    std::vector<std::string> paths;
    std::string out = Ok("files " + table + " --json");
    size_t pos = 0;
    while ((pos = out.find("\"file_path\":\"", pos)) != std::string::npos) {
      pos += 13;
      size_t end = out.find('"', pos);
      paths.push_back(out.substr(pos, end - pos));
      EXPECT_TRUE(paths.back().ends_with(".avro")) << paths.back();
    }
    size_t avro = 0;
    for (pos = 0; (pos = out.find("\"file_format\":\"AVRO\"", pos)) != std::string::npos; ++pos) {
      ++avro;
    }
    EXPECT_EQ(avro, paths.size()) << out;
    return paths;
  }
  TempDir wh_;
};

TEST_F(AppendAvroTest, CsvAppendAndSqlInsertWriteAvroDataFiles) {
  Ok("create namespace db");
  Ok("create table db.t --schema \"id long not null, name string, amount double, price "
     "decimal(10,2), d date, ts timestamptz, tags list<string>, addr struct<city: string, zip: "
     "int>\"");
  EXPECT_EQ(TrimEnd(Ok("properties set table db.t write.format.default AVRO")),
            "set write.format.default=AVRO on db.t");
  // CSV input: its inferred types (long, string, double, date, timestamptz); the columns it
  // lacks are null. SQL INSERT: decimal, list (a null element), struct (a null field), NULLs.
  std::ofstream(wh_.Join("a.csv")) << "id,name,amount,d,ts\n"
                                      "1,ann,1.5,2024-01-02,2024-01-02T03:04:05Z\n"
                                      "2,,,,\n";
  Ok("append db.t " + ShellQuote(wh_.Join("a.csv")));
  Ok("sql \"INSERT INTO db.t VALUES (3, 'bob', 2.25, 99.99, DATE '2024-03-04', TIMESTAMP "
     "'2024-03-04 05:06:07', array('c', NULL), named_struct('city', 'y', 'zip', 8)), (4, NULL, "
     "CAST('NaN' AS DOUBLE), NULL, NULL, NULL, NULL, NULL), (5, 'cy', -0.5, -12.05, NULL, NULL, "
     "array(), "
     "named_struct('city', NULL, 'zip', 9))\"");

  std::vector<std::string> files = AvroFiles("db.t");
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(Python(kRowsScript, files),
            "codecs ['deflate']\n"
            "ids addr:8 amount:3 city:10 d:5 element-id=9 id:1 name:2 price:4 tags:7 ts:6 zip:11\n"
            R"({"addr": null, "amount": 1.5, "d": "2024-01-02", "id": 1, "name": "ann", )"
            R"("price": null, "tags": null, "ts": "2024-01-02 03:04:05+00:00"})"
            "\n"
            R"({"addr": null, "amount": null, "d": null, "id": 2, "name": null, "price": null, )"
            R"("tags": null, "ts": null})"
            "\n"
            R"({"addr": {"city": "y", "zip": 8}, "amount": 2.25, "d": "2024-03-04", "id": 3, )"
            R"("name": "bob", "price": "99.99", "tags": ["c", null], )"
            R"("ts": "2024-03-04 05:06:07+00:00"})"
            "\n"
            R"({"addr": null, "amount": NaN, "d": null, "id": 4, "name": null, "price": null, )"
            R"("tags": null, "ts": null})"
            "\n"
            R"({"addr": {"city": null, "zip": 9}, "amount": -0.5, "d": null, "id": 5, )"
            R"("name": "cy", "price": "-12.05", "tags": [], "ts": null})");

  // The manifests: AVRO entries, exact sizes, counts of the columns outside lists (a null struct
  // counts as a null of its fields), NaN counts of doubles, and no bounds.
  const std::string metadata = TrimEnd(Ok("metadata-location db.t"));
  std::string manifests = Python(kManifestScript, {metadata});
  EXPECT_NE(manifests.find("AVRO records=2 size_ok=True values=[(1, 2), (2, 2), (3, 2), (4, 2), "
                           "(5, 2), (6, 2), (10, 2), (11, 2)] nulls=[(1, 0), (2, 1), (3, 1), "
                           "(4, 2), (5, 1), (6, 1), (10, 2), (11, 2)] nans=[(3, 0)] bounds=None"),
            std::string::npos)
      << manifests;
  EXPECT_NE(manifests.find("AVRO records=3 size_ok=True values=[(1, 3), (2, 3), (3, 3), (4, 3), "
                           "(5, 3), (6, 3), (10, 3), (11, 3)] nulls=[(1, 0), (2, 1), (3, 0), "
                           "(4, 1), (5, 2), (6, 2), (10, 2), (11, 1)] nans=[(3, 1)] bounds=None"),
            std::string::npos)
      << manifests;

  // floe reads its own Avro files: scan, count, --filter, SQL.
  EXPECT_EQ(SortRows(Ok("scan db.t --format csv")),
            "id,name,amount,price,d,ts,tags,addr\n"
            "1,ann,1.5,,2024-01-02,2024-01-02T03:04:05.000000+00:00,,\n"
            "2,,,,,,,\n"
            "3,bob,2.25,99.99,2024-03-04,2024-03-04T05:06:07.000000+00:00,\"[\"\"c\"\",null]\","
            "\"{\"\"city\"\":\"\"y\"\",\"\"zip\"\":8}\"\n"
            "4,,NaN,,,,,\n"
            "5,cy,-0.5,-12.05,,,[],\"{\"\"city\"\":null,\"\"zip\"\":9}\"\n");
  EXPECT_EQ(TrimEnd(Ok("count db.t")), "5");
  EXPECT_EQ(
      SortRows(
          Ok("scan db.t --filter \"price < 50 or name = 'ann'\" --format csv --columns id,price")),
      "id,price\n1,\n5,-12.05\n");
  EXPECT_EQ(
      Ok("sql \"SELECT id, tags[0] AS t, addr.zip FROM db.t WHERE addr IS NOT NULL ORDER BY id\" "
         "--format csv"),
      "id,t,zip\n3,c,8\n5,,9\n");

  // CREATE TABLE AS SELECT follows the new table's property.
  Ok("sql \"CREATE TABLE db.c USING iceberg TBLPROPERTIES ('write.format.default'='avro') AS "
     "SELECT id, name FROM db.t WHERE id < 3\"");
  EXPECT_EQ(AvroFiles("db.c").size(), 1u);
  EXPECT_EQ(SortRows(Ok("scan db.c --format csv")), "id,name\n1,ann\n2,\n");
}

TEST_F(AppendAvroTest, PartitionedTableAndCodec) {
  Ok("create namespace db");
  Ok("create table db.p --schema \"id long, cat string, v double\" --partition-by cat "
     "--property write.format.default=avro --property write.avro.compression-codec=zstd");
  std::ofstream(wh_.Join("p.csv")) << "id,cat,v\n1,a,0.5\n2,b,1.5\n3,a,\n";
  Ok("append db.p " + ShellQuote(wh_.Join("p.csv")));
  std::vector<std::string> files = AvroFiles("db.p");
  ASSERT_EQ(files.size(), 2u);
  for (const std::string& f : files) {
    EXPECT_TRUE(f.find("/data/cat=a/") != std::string::npos ||
                f.find("/data/cat=b/") != std::string::npos)
        << f;
  }
  EXPECT_EQ(Python(kRowsScript, files),
            "codecs ['zstandard']\n"
            "ids cat:2 id:1 v:3\n"
            R"({"cat": "a", "id": 1, "v": 0.5})"
            "\n"
            R"({"cat": "b", "id": 2, "v": 1.5})"
            "\n"
            R"({"cat": "a", "id": 3, "v": null})");
  EXPECT_EQ(SortRows(Ok("scan db.p --filter \"cat = 'a'\" --format csv")),
            "id,cat,v\n1,a,0.5\n3,a,\n");
  EXPECT_EQ(TrimEnd(Ok("count db.p")), "3");
}

TEST_F(AppendAvroTest, OrcSetByAnotherEngineFailsEveryWrite) {
  Ok("create namespace db");
  Ok("create table db.t --schema \"id long, name string\"");
  std::ofstream(wh_.Join("a.csv")) << "id,name\n1,x\n";
  Ok("append db.t " + ShellQuote(wh_.Join("a.csv")));
  // Another engine sets orc straight in the metadata (floe's properties set refuses it).
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto catalog = catalog::sql::SqlCatalog::Open(
      catalog::sql::SqlCatalogOptions{"default", wh_.Join("catalog.db"), wh_.path(), local});
  ASSERT_OK(catalog);
  catalog::CatalogTableOperations ops(**catalog, catalog::TableIdentifier{{"db"}, "t"});
  std::vector<commit::TableUpdate> updates = {
      commit::SetProperties{{{"write.format.default", "orc"}}}};
  ASSERT_OK(ops.Commit({}, updates));
  const std::string metadata = Ok("metadata-location db.t");
  const std::string data_dir = wh_.Join("db/t/data");
  auto data_files = [&] {
    size_t n = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(data_dir)) {
      n += e.is_regular_file() ? 1 : 0;
    }
    return n;
  };
  ASSERT_EQ(data_files(), 1u);

  CommandResult append = Floe("append db.t " + ShellQuote(wh_.Join("a.csv")));
  EXPECT_EQ(append.exit_code, 6) << append.err;  // kNotSupported
  EXPECT_NE(append.err.find("table property write.format.default is orc: floe has no ORC writer"),
            std::string::npos)
      << append.err;
  CommandResult insert = Floe("sql \"INSERT INTO db.t VALUES (2, 'y')\"");
  EXPECT_NE(insert.exit_code, 0);
  EXPECT_NE(insert.err.find("write.format.default is orc"), std::string::npos) << insert.err;
  // Nothing changed: same metadata, no new data file, the one row.
  EXPECT_EQ(Ok("metadata-location db.t"), metadata);
  EXPECT_EQ(data_files(), 1u);
  EXPECT_EQ(TrimEnd(Ok("count db.t")), "1");

  // An unknown value is an InvalidArgument naming the property.
  updates = {commit::SetProperties{{{"write.format.default", "csv"}}}};
  ASSERT_OK(ops.Commit({}, updates));
  append = Floe("append db.t " + ShellQuote(wh_.Join("a.csv")));
  EXPECT_EQ(append.exit_code, 2) << append.err;
  EXPECT_NE(append.err.find("table property write.format.default: \"csv\" is not one of"),
            std::string::npos)
      << append.err;
  EXPECT_EQ(data_files(), 1u);
}

}  // namespace
}  // namespace floe::testing
