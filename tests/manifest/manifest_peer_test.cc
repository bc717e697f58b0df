// Manifests and manifest lists floe writes read back with equal content in an independent Avro
// reader: Debian's python3-avro (under /usr/bin/python3, with python3-snappy and
// python3-zstandard for those codecs). A missing peer fails the test.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/spec/single_value.h"
#include "floe/util/json_reader.h"
#include "manifest_test_util.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::manifest {
namespace {

using floe::testing::RunCommand;
using floe::testing::ShellQuote;
using floe::testing::TempDir;

// Dumps a container file as one JSON document: header metadata and records, with bytes as
// hex, dates as days, timestamps as microseconds, decimals as text, NaN as "NaN".
constexpr const char kDumpScript[] = R"PY(
import sys, json, math, datetime, decimal, uuid, warnings
warnings.simplefilter("ignore")
import avro.datafile, avro.io
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
def norm(v):
    if isinstance(v, bytes): return v.hex()
    if isinstance(v, bool) or v is None or isinstance(v, int) or isinstance(v, str): return v
    if isinstance(v, float): return "NaN" if math.isnan(v) else v
    if isinstance(v, decimal.Decimal): return str(v)
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None: v = v.replace(tzinfo=datetime.timezone.utc)
        d = v - EPOCH
        return (d.days * 86400 + d.seconds) * 1000000 + d.microseconds
    if isinstance(v, datetime.date): return (v - datetime.date(1970, 1, 1)).days
    if isinstance(v, uuid.UUID): return v.bytes.hex()
    if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
    if isinstance(v, list): return [norm(x) for x in v]
    raise TypeError(type(v))
with open(sys.argv[1], "rb") as f:
    r = avro.datafile.DataFileReader(f, avro.io.DatumReader())
    meta = {k: v.decode("utf-8") for k, v in r.meta.items() if k != "avro.schema"}
    recs = [norm(x) for x in r]
json.dump({"meta": meta, "records": recs}, sys.stdout)
)PY";

struct Dump {
  std::unique_ptr<JsonDocument> doc;
  JsonValue root() const { return doc->root(); }
};

Dump PythonDump(TempDir& dir, const std::string& path) {
  std::string script = dir.Join("dump.py");
  {
    std::ofstream out(script);
    out << kDumpScript;
  }
  auto r = RunCommand("/usr/bin/python3 " + ShellQuote(script) + " " + ShellQuote(path));
  EXPECT_EQ(r.exit_code, 0) << "python3-avro (the peer) failed or is missing: " << r.err;
  auto doc = JsonDocument::Parse(r.out);
  EXPECT_OK(doc) << r.out.substr(0, 300);
  return Dump{doc.ok() ? std::move(doc).value() : nullptr};
}

std::string Hex(std::string_view s) {
  std::string out;
  for (unsigned char c : s) out += fmt::format("{:02x}", c);
  return out;
}

int64_t Int(const JsonValue& v, std::string_view key) { return *(*v.Get(key)).AsInt(); }
bool IsNull(const JsonValue& v, std::string_view key) { return (*v.Get(key)).IsNull(); }

void ExpectCounts(const JsonValue& df, std::string_view key, const CountMap& want) {
  JsonValue v = *df.Get(key);
  if (want.empty()) {
    EXPECT_TRUE(v.IsNull()) << key;
    return;
  }
  auto items = *v.AsArray();
  ASSERT_EQ(items.size(), want.size()) << key;
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(Int(items[i], "key"), want[i].first);
    EXPECT_EQ(Int(items[i], "value"), want[i].second);
  }
}

void ExpectBounds(const JsonValue& df, std::string_view key, const BoundMap& want) {
  JsonValue v = *df.Get(key);
  if (want.empty()) {
    EXPECT_TRUE(v.IsNull()) << key;
    return;
  }
  auto items = *v.AsArray();
  ASSERT_EQ(items.size(), want.size()) << key;
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(Int(items[i], "key"), want[i].first);
    EXPECT_EQ(*(*items[i].Get("value")).AsString(), Hex(want[i].second));
  }
}

// A partition value as the dump script renders it.
void ExpectPartitionValue(const JsonValue& got, const spec::Type& type, const spec::Literal& want) {
  if (want.is_null()) {
    EXPECT_TRUE(got.IsNull());
    return;
  }
  if (want.holds<int32_t>()) {
    EXPECT_EQ(*got.AsInt(), want.get<int32_t>());
  } else if (want.holds<int64_t>()) {
    EXPECT_EQ(*got.AsInt(), want.get<int64_t>());
  } else if (want.holds<std::string>()) {
    EXPECT_EQ(*got.AsString(), want.get<std::string>());
  } else if (want.holds<spec::Decimal>()) {
    EXPECT_EQ(*got.AsString(),
              spec::DecimalToString(want.get<spec::Decimal>().unscaled, type.scale()));
  } else if (want.holds<spec::Bytes>()) {
    const auto& b = want.get<spec::Bytes>().data;
    EXPECT_EQ(*got.AsString(), Hex(std::string(b.begin(), b.end())));
  } else if (want.holds<Uuid>()) {
    const auto& b = want.get<Uuid>().bytes;
    EXPECT_EQ(*got.AsString(), Hex(std::string(b.begin(), b.end())));
  } else if (want.holds<bool>()) {
    EXPECT_EQ(*got.AsBool(), want.get<bool>());
  } else if (want.holds<double>()) {
    if (std::isnan(want.get<double>())) {
      EXPECT_EQ(*got.AsString(), "NaN");
    } else {
      EXPECT_EQ(*got.AsDouble(), want.get<double>());
    }
  } else {
    ADD_FAILURE() << "unexpected literal";
  }
}

spec::Schema PeerSchema() {
  using spec::NestedField;
  using spec::Type;
  spec::Schema s;
  s.schema_id = 1;
  s.fields = {
      NestedField{.id = 1, .name = "id", .required = true, .type = Type::Long()},
      NestedField{.id = 2, .name = "category", .required = false, .type = Type::String()},
      NestedField{.id = 3, .name = "ts", .required = false, .type = Type::TimestampTz()},
      NestedField{.id = 4, .name = "amount", .required = false, .type = Type::Decimal(9, 2)},
      NestedField{.id = 5, .name = "key", .required = false, .type = Type::Uuid()},
      NestedField{.id = 6, .name = "code", .required = false, .type = Type::Fixed(3)},
      NestedField{.id = 7, .name = "score", .required = false, .type = Type::Double()},
      NestedField{.id = 8, .name = "flag", .required = false, .type = Type::Boolean()}};
  return s;
}

spec::PartitionSpec PeerSpec() {
  using spec::Transform;
  spec::PartitionSpec p;
  p.spec_id = 2;
  p.fields = {
      {.source_id = 1, .field_id = 1000, .name = "id_bucket", .transform = Transform::Bucket(16)},
      {.source_id = 2, .field_id = 1001, .name = "category", .transform = Transform::Identity()},
      {.source_id = 3, .field_id = 1002, .name = "ts_day", .transform = Transform::Day()},
      {.source_id = 4, .field_id = 1003, .name = "amount", .transform = Transform::Identity()},
      {.source_id = 5, .field_id = 1004, .name = "key", .transform = Transform::Identity()},
      {.source_id = 6, .field_id = 1005, .name = "code", .transform = Transform::Identity()},
      {.source_id = 7, .field_id = 1006, .name = "score", .transform = Transform::Identity()},
      {.source_id = 8, .field_id = 1007, .name = "flag", .transform = Transform::Identity()},
      {.source_id = 1,
       .field_id = 1008,
       .name = "id_trunc",
       .transform = Transform::Truncate(100)}};
  return p;
}

std::vector<spec::Literal> PeerPartition(std::mt19937_64& rng) {
  auto maybe = [&](spec::Literal l) { return rng() % 6 == 0 ? spec::Literal() : l; };
  Uuid u;
  for (auto& b : u.bytes) b = static_cast<uint8_t>(rng());
  double score = rng() % 7 == 0 ? std::nan("") : static_cast<double>(rng() % 100000) / 8;
  return {maybe(spec::Literal::Int(static_cast<int32_t>(rng() % 16))),
          maybe(spec::Literal::String(rng() % 2 ? "bücher" : std::string(200, 'x'))),
          maybe(spec::Literal::Date(static_cast<int32_t>(rng() % 30000))),
          maybe(spec::Literal::MakeDecimal(static_cast<int64_t>(rng() % 2000000) - 1000000, 2)),
          maybe(spec::Literal::MakeUuid(u)),
          maybe(spec::Literal::Binary({static_cast<uint8_t>(rng()), 0, 0xff})),
          maybe(spec::Literal::Double(score)),
          maybe(spec::Literal::Boolean(rng() % 2)),
          maybe(spec::Literal::Long(static_cast<int64_t>(rng() % 100000) * 100))};
}

TEST(ManifestPeerTest, PythonAvroReadsFloeManifests) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::mt19937_64 rng(314);
  spec::Schema schema = PeerSchema();
  spec::PartitionSpec pspec = PeerSpec();
  auto ptype = *pspec.PartitionType(schema);
  for (int v = 1; v <= 3; ++v) {
    for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
      SCOPED_TRACE(fmt::format("v{} {}", v, codec));
      ManifestWriterOptions o;
      o.format_version = v;
      o.schema = schema;
      o.spec = pspec;
      o.snapshot_id = 8765;
      o.codec.avro_codec = codec;
      std::string path = dir.Join(fmt::format("m-v{}-{}.avro", v, codec));
      auto w = ManifestWriter::Open(*io->Create(path), o);
      ASSERT_OK(w);
      std::vector<DataFile> files;
      for (int i = 0; i < 40; ++i) {
        DataFile f = testing::RandomDataFile(rng, v, *ptype, FileContent::kData);
        f.partition = PeerPartition(rng);
        files.push_back(f);
        ASSERT_OK((*w)->WriteAdded(f));
      }
      auto m = (*w)->Close();
      ASSERT_OK(m);

      Dump dump = PythonDump(dir, path);
      ASSERT_TRUE(dump.doc);
      JsonValue meta = *dump.root().Get("meta");
      EXPECT_EQ(*meta.GetString("format-version"), std::to_string(v));
      EXPECT_EQ(*meta.GetString("partition-spec-id"), "2");
      EXPECT_EQ(*meta.GetString("schema-id"), "1");
      EXPECT_EQ(*meta.GetString("avro.codec"), codec);
      auto records = *(*dump.root().Get("records")).AsArray();
      ASSERT_EQ(records.size(), files.size());
      for (size_t i = 0; i < files.size(); ++i) {
        SCOPED_TRACE(i);
        const JsonValue& r = records[i];
        const DataFile& f = files[i];
        EXPECT_EQ(Int(r, "status"), 1);
        if (v == 1) {
          EXPECT_EQ(Int(r, "snapshot_id"), 8765);
        } else {
          EXPECT_TRUE(IsNull(r, "snapshot_id"));  // inherited
          EXPECT_TRUE(IsNull(r, "sequence_number"));
          EXPECT_TRUE(IsNull(r, "file_sequence_number"));
        }
        JsonValue df = *r.Get("data_file");
        if (v >= 2) {
          EXPECT_EQ(Int(df, "content"), 0);
        }
        EXPECT_EQ(*df.GetString("file_path"), f.file_path);
        EXPECT_EQ(*df.GetString("file_format"), f.file_format);
        EXPECT_EQ(Int(df, "record_count"), f.record_count);
        EXPECT_EQ(Int(df, "file_size_in_bytes"), f.file_size_in_bytes);
        ExpectCounts(df, "column_sizes", f.column_sizes);
        ExpectCounts(df, "value_counts", f.value_counts);
        ExpectCounts(df, "null_value_counts", f.null_value_counts);
        ExpectCounts(df, "nan_value_counts", f.nan_value_counts);
        ExpectBounds(df, "lower_bounds", f.lower_bounds);
        ExpectBounds(df, "upper_bounds", f.upper_bounds);
        if (f.key_metadata) {
          EXPECT_EQ(*df.GetString("key_metadata"), Hex(*f.key_metadata));
        } else {
          EXPECT_TRUE(IsNull(df, "key_metadata"));
        }
        if (f.split_offsets) {
          auto so = *(*df.Get("split_offsets")).AsArray();
          ASSERT_EQ(so.size(), f.split_offsets->size());
          for (size_t k = 0; k < so.size(); ++k) EXPECT_EQ(*so[k].AsInt(), (*f.split_offsets)[k]);
        }
        if (v >= 3 && f.first_row_id) {
          EXPECT_EQ(Int(df, "first_row_id"), *f.first_row_id);
        }
        JsonValue part = *df.Get("partition");
        for (size_t k = 0; k < pspec.fields.size(); ++k) {
          SCOPED_TRACE(pspec.fields[k].name);
          ExpectPartitionValue(*part.Get(pspec.fields[k].name), *ptype->fields()[k].type,
                               f.partition[k]);
        }
      }

      // The manifest list that points at it.
      ManifestListWriterOptions lo;
      lo.format_version = v;
      lo.snapshot_id = 8765;
      lo.parent_snapshot_id = 8764;
      lo.sequence_number = v == 1 ? 0 : 5;
      if (v == 3) lo.first_row_id = 100;
      lo.codec.avro_codec = codec;
      std::string list_path = dir.Join(fmt::format("snap-v{}-{}.avro", v, codec));
      auto lw = ManifestListWriter::Open(*io->Create(list_path), lo);
      ASSERT_OK(lw);
      ASSERT_OK((*lw)->Add(*m));
      ASSERT_OK((*lw)->Close());
      Dump ldump = PythonDump(dir, list_path);
      ASSERT_TRUE(ldump.doc);
      JsonValue lmeta = *ldump.root().Get("meta");
      EXPECT_EQ(*lmeta.GetString("snapshot-id"), "8765");
      EXPECT_EQ(*lmeta.GetString("parent-snapshot-id"), "8764");
      EXPECT_EQ(*lmeta.GetString("format-version"), std::to_string(v));
      if (v >= 2) {
        EXPECT_EQ(*lmeta.GetString("sequence-number"), "5");
      }
      if (v == 3) {
        EXPECT_EQ(*lmeta.GetString("first-row-id"), "100");
      }
      auto lrecs = *(*ldump.root().Get("records")).AsArray();
      ASSERT_EQ(lrecs.size(), 1u);
      const JsonValue& lr = lrecs[0];
      EXPECT_EQ(*lr.GetString("manifest_path"), path);
      EXPECT_EQ(Int(lr, "manifest_length"), m->manifest_length);
      EXPECT_EQ(Int(lr, "partition_spec_id"), 2);
      EXPECT_EQ(Int(lr, "added_snapshot_id"), 8765);
      EXPECT_EQ(Int(lr, "added_files_count"), 40);
      EXPECT_EQ(Int(lr, "added_rows_count"), *m->added_rows_count);
      if (v >= 2) {
        EXPECT_EQ(Int(lr, "sequence_number"), 5);
        EXPECT_EQ(Int(lr, "min_sequence_number"), 5);
        EXPECT_EQ(Int(lr, "content"), 0);
      }
      if (v == 3) {
        EXPECT_EQ(Int(lr, "first_row_id"), 100);
      }
      auto summaries = *(*lr.Get("partitions")).AsArray();
      ASSERT_EQ(summaries.size(), pspec.fields.size());
      for (size_t k = 0; k < summaries.size(); ++k) {
        const PartitionFieldSummary& s = (*m->partitions)[k];
        EXPECT_EQ(*(*summaries[k].Get("contains_null")).AsBool(), s.contains_null);
        EXPECT_EQ(*(*summaries[k].Get("contains_nan")).AsBool(), *s.contains_nan);
        if (s.lower_bound) {
          EXPECT_EQ(*summaries[k].GetString("lower_bound"), Hex(*s.lower_bound));
          EXPECT_EQ(*summaries[k].GetString("upper_bound"), Hex(*s.upper_bound));
        }
      }
      // score (double) had NaNs, so its summary says so.
      EXPECT_TRUE(*(*m->partitions)[6].contains_nan);
    }
  }
}

}  // namespace
}  // namespace floe::manifest
