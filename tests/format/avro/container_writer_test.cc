// Files floe writes: read back by floe itself in every codec, and by independent readers —
// Debian's python3-avro (/usr/bin/python3) and avrocat (avro-c). A missing peer fails the test.
#include <gtest/gtest.h>

#include <random>

#include "avro_test_util.h"
#include "testing/result_matchers.h"

namespace floe::avro {
namespace {

using floe::testing::CommandResult;
using floe::testing::RunCommand;
using floe::testing::ShellQuote;
using floe::testing::TempDir;
using testing::JsonLines;
using testing::OpenLocal;

// A value of `type` with random content; strings are printable ASCII without spaces so every
// peer's JSON agrees, map keys are unique.
Datum RandomDatum(const Node& type, std::mt19937_64& rng, int depth = 0) {
  Datum d;
  d.type = &type;
  auto text = [&](size_t max) {
    std::string s;
    size_t n = rng() % (max + 1);
    for (size_t i = 0; i < n; ++i) s.push_back(static_cast<char>('!' + rng() % 94));
    return s;
  };
  switch (type.type) {
    case Type::kNull:
      break;
    case Type::kBoolean:
      d.boolean = rng() % 2;
      break;
    case Type::kInt:
      d.integer = static_cast<int32_t>(rng());
      break;
    case Type::kLong:
      d.integer = static_cast<int64_t>(rng()) >> (rng() % 64);
      break;
    case Type::kFloat:
      d.real = static_cast<float>(static_cast<int>(rng() % 2000) - 1000) / 8;
      break;
    case Type::kDouble:  // never integral: Python prints 2.0 where JSON has 2
      d.real = static_cast<double>(2 * (static_cast<int>(rng() % 200000) - 100000) + 1) / 128;
      break;
    case Type::kString:
      d.bytes = text(20);
      break;
    case Type::kBytes:
      d.bytes = text(20);
      for (char& c : d.bytes) c = static_cast<char>(rng());
      break;
    case Type::kFixed:
      d.bytes.resize(static_cast<size_t>(type.size));
      for (char& c : d.bytes) c = static_cast<char>(rng());
      break;
    case Type::kEnum:
      d.integer = static_cast<int64_t>(rng() % type.symbols.size());
      break;
    case Type::kUnion:
      d.integer = static_cast<int64_t>(rng() % type.branches.size());
      d.items.push_back(RandomDatum(*type.branches[d.integer], rng, depth + 1));
      break;
    case Type::kRecord:
      for (const Field& f : type.fields) d.items.push_back(RandomDatum(*f.type, rng, depth + 1));
      break;
    case Type::kArray:
      for (int i = static_cast<int>(rng() % (depth > 2 ? 1 : 5)); i > 0; --i) {
        d.items.push_back(RandomDatum(*type.items, rng, depth + 1));
      }
      break;
    case Type::kMap:
      for (int i = static_cast<int>(rng() % 4); i > 0; --i) {
        d.keys.push_back("k" + std::to_string(i) + text(5));
        d.items.push_back(RandomDatum(*type.values, rng, depth + 1));
      }
      break;
  }
  return d;
}

constexpr const char* kPeerSchema =
    R"({"type":"record","name":"row","namespace":"floe.test","fields":[
  {"name":"id","type":"long","field-id":1},
  {"name":"n","type":"int"},
  {"name":"name","type":"string"},
  {"name":"ok","type":"boolean"},
  {"name":"score","type":"double"},
  {"name":"payload","type":"bytes"},
  {"name":"opt","type":["null","long"],"default":null},
  {"name":"opt_last","type":["string","null"]},
  {"name":"xs","type":{"type":"array","items":"long","element-id":7}},
  {"name":"m","type":{"type":"map","values":"int"}},
  {"name":"color","type":{"type":"enum","name":"color","symbols":["RED","GREEN","BLUE"]}},
  {"name":"digest","type":{"type":"fixed","name":"md5","size":16}},
  {"name":"nested","type":["null",{"type":"record","name":"inner","fields":[
     {"name":"a","type":"long"},{"name":"b","type":{"type":"array","items":"inner_item"}}]}]}
]})";

// inner_item is defined before use in the real schema below.
std::string PeerSchemaJson() {
  std::string s = kPeerSchema;
  size_t at = s.find(R"("items":"inner_item")");
  s.replace(
      at, 20,
      R"("items":{"type":"record","name":"inner_item","fields":[{"name":"c","type":"string"}]})");
  return s;
}

std::vector<Datum> RandomRecords(const Schema& schema, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Datum> out;
  for (int i = 0; i < n; ++i) out.push_back(RandomDatum(schema.root(), rng));
  return out;
}

std::vector<std::string> ToJson(const std::vector<Datum>& records) {
  std::vector<std::string> out;
  for (const Datum& d : records) out.push_back(DatumToJson(d));
  return out;
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

TEST(ContainerWriterTest, RoundTripsRandomRecordsInEveryCodec) {
  auto schema = Schema::Parse(PeerSchemaJson());
  ASSERT_OK(schema);
  auto records = RandomRecords(**schema, 500, 1);
  TempDir dir;
  for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
    for (size_t block_size : {size_t{100}, size_t{1} << 20}) {
      ContainerWriterOptions options;
      options.codec = codec;
      options.block_size = block_size;
      options.metadata = {{"iceberg.note", "hello"}};
      std::string path = dir.Join(std::string(codec) + ".avro");
      testing::WriteFile(path, *schema, records, options);
      auto lines = JsonLines(OpenLocal(path));
      ASSERT_OK(lines) << codec;
      EXPECT_EQ(*lines, ToJson(records)) << codec;
      auto reader = ContainerReader::Open(OpenLocal(path));
      ASSERT_OK(reader);
      EXPECT_EQ((*reader)->codec(), codec);
      EXPECT_EQ((*reader)->Meta("iceberg.note"), "hello");
      EXPECT_EQ((*reader)->schema()->ToJson(), (*schema)->ToJson());
      auto summary = SummarizeContainer(OpenLocal(path));
      ASSERT_OK(summary);
      EXPECT_EQ(summary->records, 500);
      if (block_size == 100) {
        EXPECT_GT(summary->blocks, 50);
      }
    }
  }
}

TEST(ContainerWriterTest, RefusesCodecsItMustNotWrite) {
  auto schema = Schema::Parse(R"("long")");
  TempDir dir;
  for (const char* codec : {"zstd", "bzip2", "xz", "lzo"}) {
    auto out = io::LocalFileIO()->Create(dir.Join("x.avro"), true);
    ASSERT_OK(out);
    ContainerWriterOptions options;
    options.codec = codec;
    auto writer = ContainerWriter::Open(std::move(out).value(), *schema, options);
    ASSERT_FALSE(writer.ok()) << codec;
    EXPECT_EQ(writer.error().kind, ErrorKind::kInvalidArgument);
  }
}

constexpr const char* kPythonReader = R"(
import sys, json
from avro.datafile import DataFileReader
from avro.io import DatumReader
def conv(v):
    if isinstance(v, bytes): return v.hex()
    if isinstance(v, dict): return {k: conv(x) for k, x in v.items()}
    if isinstance(v, list): return [conv(x) for x in v]
    return v
with open(sys.argv[1], 'rb') as f:
    for rec in DataFileReader(f, DatumReader()):
        print(json.dumps(conv(rec), separators=(',', ':')))
)";

TEST(ContainerWriterTest, PythonAvroReadsWhatFloeWrites) {
  auto schema = Schema::Parse(PeerSchemaJson());
  ASSERT_OK(schema);
  auto records = RandomRecords(**schema, 200, 2);
  TempDir dir;
  std::string script = dir.Join("read.py");
  {
    std::string s = kPythonReader;
    FILE* f = fopen(script.c_str(), "w");
    ASSERT_NE(f, nullptr);
    fwrite(s.data(), 1, s.size(), f);
    fclose(f);
  }
  for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
    ContainerWriterOptions options;
    options.codec = codec;
    options.block_size = 2000;
    std::string path = dir.Join(std::string(codec) + ".avro");
    testing::WriteFile(path, *schema, records, options);
    CommandResult r = RunCommand("/usr/bin/python3 " + ShellQuote(script) + " " + ShellQuote(path));
    ASSERT_EQ(r.exit_code, 0) << codec << ": python3-avro failed (is Debian's python3-avro, "
                              << "python3-snappy, python3-zstandard installed?)\n"
                              << r.err;
    std::vector<std::string> lines = SplitLines(r.out);
    EXPECT_EQ(lines, ToJson(records)) << codec;
  }
}

TEST(ContainerWriterTest, AvrocatReadsWhatFloeWrites) {
  // avrocat prints Avro's JSON encoding (unions wrapped, bytes as escaped text), so this schema
  // keeps to types where it and plain JSON agree.
  auto schema = Schema::Parse(R"({"type":"record","name":"r","fields":[
      {"name":"id","type":"long"},{"name":"n","type":"int"},{"name":"name","type":"string"},
      {"name":"ok","type":"boolean"},{"name":"xs","type":{"type":"array","items":"long"}},
      {"name":"m","type":{"type":"map","values":"int"}},
      {"name":"color","type":{"type":"enum","name":"color","symbols":["RED","GREEN"]}}]})");
  ASSERT_OK(schema);
  auto records = RandomRecords(**schema, 300, 3);
  for (Datum& r : records) {  // avrocat's JSON escapes differ from ours: letters and digits only
    for (char& c : r.items[2].bytes)
      c = static_cast<char>('a' + static_cast<unsigned char>(c) % 26);
    for (std::string& k : r.items[5].keys) {
      for (char& c : k) c = static_cast<char>('a' + static_cast<unsigned char>(c) % 26);
    }
  }
  TempDir dir;
  for (const char* codec : {"null", "deflate", "snappy"}) {
    ContainerWriterOptions options;
    options.codec = codec;
    options.block_size = 1000;
    std::string path = dir.Join(std::string(codec) + ".avro");
    testing::WriteFile(path, *schema, records, options);
    CommandResult r = RunCommand("avrocat " + ShellQuote(path));
    ASSERT_EQ(r.exit_code, 0) << codec << ": avrocat failed (is Debian's avro-bin installed?)\n"
                              << r.err;
    std::vector<std::string> lines = SplitLines(r.out);
    std::vector<std::string> want = ToJson(records);
    ASSERT_EQ(lines.size(), want.size()) << codec;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string norm;
      for (char c : lines[i]) {
        if (c != ' ') norm.push_back(c);
      }
      EXPECT_EQ(norm, want[i]) << codec << " record " << i;
    }
  }
}

}  // namespace
}  // namespace floe::avro
