// Avro data files (avro_data_file_reader.h) read through DataFileReader: files written by floe's
// own Avro writer (every codec) and, independently, by Debian's python3-avro, with Iceberg's
// field-id attributes; every type of the spec's Avro appendix, nulls, nested structs, lists and
// maps (string keys and key/value record arrays); schema evolution (renames, drops, added fields
// with initial-defaults, identity partition values, promotions); name mappings; batches smaller
// than a block; row positions and position deletes in a table scan; truncated and damaged files
// ending in a clean Corrupt error.
#include "floe/scan/avro_data_file_reader.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/format/avro/container_writer.h"
#include "floe/format/avro/json_default.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/scan/data_file_reader.h"
#include "floe/scan/position_deletes.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/table/schema_conversion.h"
#include "scan/data_file_rows.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
// Named, not anonymous: the unity build compiles this file with other scan tests whose helpers
// have the same names.
namespace avro_data_file_reader_test {

namespace col = floe::columnar;

// ---- Writing and reading ----

// Raw bytes as an Avro JSON string (one code point per byte: the form of bytes and fixed values).
std::string JsonBytes(std::string_view raw) {
  std::string out = "\"";
  for (unsigned char c : raw) out += fmt::format("\\u{:04x}", c);
  return out + "\"";
}

// A big-endian two's complement of `width` bytes.
std::string BigEndian(int64_t v, int width) {
  std::string out(static_cast<size_t>(width), '\0');
  for (int i = width - 1; i >= 0; --i) {
    out[static_cast<size_t>(i)] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
  return out;
}

// Writes `records` (JSON values of the schema, in Avro's default-value form: unions unwrapped)
// with floe's writer; returns the file's size.
int64_t WriteAvro(io::FileIO& io, const std::string& path, std::string_view schema_json,
                  const std::vector<std::string>& records,
                  avro::ContainerWriterOptions options = {}) {
  auto schema = avro::Schema::Parse(schema_json);
  EXPECT_OK(schema);
  auto out = io.Create(path, true);
  EXPECT_OK(out);
  auto writer = avro::ContainerWriter::Open(std::move(*out), *schema, options);
  EXPECT_OK(writer);
  for (const std::string& r : records) {
    Status st = avro::EncodeJsonDefault((*schema)->root(), r, (*writer)->encoder());
    EXPECT_OK(st) << r;
    EXPECT_OK((*writer)->FinishRecord());
  }
  EXPECT_OK((*writer)->Close());
  auto input = io.OpenInput(path);
  EXPECT_OK(input);
  return *(*input)->Size();
}

std::unique_ptr<io::OutputFile> CreateFile(io::FileIO& io, const std::string& path) {
  auto out = io.Create(path, true);
  EXPECT_OK(out);
  return out.ok() ? std::move(*out) : nullptr;
}

manifest::DataFile AvroFile(const std::string& path, int64_t size, int64_t records) {
  manifest::DataFile f;
  f.file_path = path;
  f.file_format = "AVRO";
  f.file_size_in_bytes = size;
  f.record_count = records;
  return f;
}

// ReadAll (scan/data_file_rows.h) for an Avro file: never filtered by the reader, every row
// counted.
Result<ReadResult> ReadAvro(io::FileIO& io, const manifest::DataFile& file,
                            DataFileReadOptions options) {
  FLOE_ASSIGN_OR_RETURN(ReadResult out, ReadAll(io, file, std::move(options)));
  EXPECT_FALSE(out.filters_rows);
  EXPECT_EQ(out.report.rows_read, static_cast<int64_t>(out.rows.size()));
  return out;
}

// ---- Every type of the spec's Avro appendix ----

// The schema as Iceberg's Java writer makes it: optional fields are ["null", T] with a null
// default, named fixed types, element-id on arrays, key-id/value-id on maps, a map with int keys
// as an array of key/value records with logicalType "map".
constexpr std::string_view kAllTypesSchema = R"({"type":"record","name":"r1","fields":[
  {"name":"b","type":["null","boolean"],"default":null,"field-id":1},
  {"name":"i","type":["null","int"],"default":null,"field-id":2},
  {"name":"l","type":["null","long"],"default":null,"field-id":3},
  {"name":"f","type":["null","float"],"default":null,"field-id":4},
  {"name":"d","type":["null","double"],"default":null,"field-id":5},
  {"name":"dt","type":["null",{"type":"int","logicalType":"date"}],"default":null,"field-id":6},
  {"name":"t","type":["null",{"type":"long","logicalType":"time-micros"}],"default":null,"field-id":7},
  {"name":"ts","type":["null",{"type":"long","logicalType":"timestamp-micros","adjust-to-utc":false}],"default":null,"field-id":8},
  {"name":"tstz","type":["null",{"type":"long","logicalType":"timestamp-micros","adjust-to-utc":true}],"default":null,"field-id":9},
  {"name":"s","type":["null","string"],"default":null,"field-id":10},
  {"name":"u","type":["null",{"type":"fixed","name":"uuid_fixed","size":16,"logicalType":"uuid"}],"default":null,"field-id":11},
  {"name":"fx","type":["null",{"type":"fixed","name":"fixed_3","size":3}],"default":null,"field-id":12},
  {"name":"bin","type":["null","bytes"],"default":null,"field-id":13},
  {"name":"dec","type":["null",{"type":"fixed","name":"decimal_9_2","size":4,"logicalType":"decimal","precision":9,"scale":2}],"default":null,"field-id":14},
  {"name":"st","type":["null",{"type":"record","name":"r15","fields":[
      {"name":"x","type":"int","field-id":16},
      {"name":"y","type":["null","string"],"default":null,"field-id":17}]}],"default":null,"field-id":15},
  {"name":"li","type":["null",{"type":"array","items":["null","long"],"element-id":19}],"default":null,"field-id":18},
  {"name":"m","type":["null",{"type":"map","values":["null","int"],"key-id":21,"value-id":22}],"default":null,"field-id":20},
  {"name":"im","type":["null",{"type":"array","logicalType":"map","items":{"type":"record","name":"k24_v25","fields":[
      {"name":"key","type":"int","field-id":24},
      {"name":"value","type":["null","string"],"default":null,"field-id":25}]}}],"default":null,"field-id":23},
  {"name":"tsns","type":["null",{"type":"long","logicalType":"timestamp-nanos","adjust-to-utc":true}],"default":null,"field-id":26}
]})";

spec::Schema AllTypesTableSchema() {
  using spec::Type;
  spec::Schema s;
  s.fields = {
      {1, "b", false, Type::Boolean()},
      {2, "i", false, Type::Int()},
      {3, "l", false, Type::Long()},
      {4, "f", false, Type::Float()},
      {5, "d", false, Type::Double()},
      {6, "dt", false, Type::Date()},
      {7, "t", false, Type::Time()},
      {8, "ts", false, Type::Timestamp()},
      {9, "tstz", false, Type::TimestampTz()},
      {10, "s", false, Type::String()},
      {11, "u", false, Type::Uuid()},
      {12, "fx", false, Type::Fixed(3)},
      {13, "bin", false, Type::Binary()},
      {14, "dec", false, Type::Decimal(9, 2)},
      {15, "st", false,
       Type::Struct({{16, "x", true, Type::Int()}, {17, "y", false, Type::String()}})},
      {18, "li", false, Type::List({19, "element", false, Type::Long()})},
      {20, "m", false,
       Type::Map({21, "key", true, Type::String()}, {22, "value", false, Type::Int()})},
      {23, "im", false,
       Type::Map({24, "key", true, Type::Int()}, {25, "value", false, Type::String()})},
      {26, "tsns", false, Type::Primitive(spec::TypeId::kTimestampTzNs)},
  };
  return s;
}

// The three records, as floe's writer takes them.
std::vector<std::string> AllTypesRecords() {
  const std::string uuid1 = JsonBytes(
      std::string("\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff", 16));
  const std::string uuid2 = JsonBytes(std::string(16, '\xff'));
  return {
      fmt::format(
          R"({{"b":true,"i":-7,"l":1234567890123,"f":1.5,"d":-2.25,"dt":18262,"t":3723000000,)"
          R"("ts":1577836800123456,"tstz":1577836800123456,"s":"hello","u":{},"fx":"abc",)"
          R"("bin":{},"dec":{},"st":{{"x":1,"y":"a"}},"li":[1,null,3],"m":{{"k1":1,"k2":null}},)"
          R"("im":[{{"key":1,"value":"one"}},{{"key":2,"value":null}}],"tsns":1577836800123456789}})",
          uuid1, JsonBytes(std::string("\x00\xff\x10", 3)), JsonBytes(BigEndian(123456, 4))),
      R"({"b":null,"i":null,"l":null,"f":null,"d":null,"dt":null,"t":null,"ts":null,"tstz":null,)"
      R"("s":null,"u":null,"fx":null,"bin":null,"dec":null,"st":null,"li":null,"m":null,)"
      R"("im":null,"tsns":null})",
      fmt::format(
          R"({{"b":false,"i":2147483647,"l":-1,"f":0.0,"d":0.5,"dt":-1,"t":0,"ts":0,"tstz":-1,)"
          R"("s":"","u":{},"fx":{},"bin":"","dec":{},"st":{{"x":-5,"y":null}},"li":[],"m":{{}},)"
          R"("im":[],"tsns":0}})",
          uuid2, JsonBytes(std::string("\x00\x01\x02", 3)), JsonBytes(BigEndian(-1, 4))),
  };
}

// What the table reads, whoever wrote the file.
std::vector<std::string> AllTypesExpected() {
  return {
      R"(true|-7|1234567890123|1.5|-2.25|"2020-01-01"|"01:02:03.000000"|)"
      R"("2020-01-01T00:00:00.123456"|"2020-01-01T00:00:00.123456+00:00"|"hello"|)"
      R"("00112233-4455-6677-8899-aabbccddeeff"|"616263"|"00ff10"|"1234.56"|{"x":1,"y":"a"}|)"
      R"([1,null,3]|[{"key":"k1","value":1},{"key":"k2","value":null}]|)"
      R"([{"key":1,"value":"one"},{"key":2,"value":null}]|"2020-01-01T00:00:00.123456789+00:00")",
      "null|null|null|null|null|null|null|null|null|null|null|null|null|null|null|null|null|null|"
      "null",
      R"(false|2147483647|-1|0.0|0.5|"1969-12-31"|"00:00:00.000000"|"1970-01-01T00:00:00.000000"|)"
      R"("1969-12-31T23:59:59.999999+00:00"|""|"ffffffff-ffff-ffff-ffff-ffffffffffff"|"000102"|)"
      R"(""|"-0.01"|{"x":-5,"y":null}|[]|[]|[]|"1970-01-01T00:00:00.000000000+00:00")",
  };
}

TEST(AvroDataFileReaderTest, EveryTypeWrittenByFloeInEveryCodec) {
  io::MemoryFileIO io;
  for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
    SCOPED_TRACE(codec);
    avro::ContainerWriterOptions options;
    options.codec = codec;
    const std::string path = fmt::format("mem://t/data/{}.avro", codec);
    int64_t size = WriteAvro(io, path, kAllTypesSchema, AllTypesRecords(), options);
    DataFileReadOptions read;
    read.projected_schema = AllTypesTableSchema();
    auto result = ReadAvro(io, AvroFile(path, size, 3), read);
    ASSERT_OK(result);
    EXPECT_EQ(result->rows, AllTypesExpected());
  }
}

// The same values written by python3-avro from Python objects (datetime, Decimal, date, time):
// an encoder floe did not write.
TEST(AvroDataFileReaderTest, EveryTypeWrittenByPythonAvro) {
  testing::TempDir dir;
  const std::string schema_path = dir.Join("schema.json");
  std::ofstream(schema_path) << kAllTypesSchema;
  const std::string script = dir.Join("write.py");
  std::ofstream(script) << R"(import sys, json, datetime, decimal, warnings
warnings.simplefilter("ignore")
import avro.schema, avro.datafile, avro.io
schema = avro.schema.parse(open(sys.argv[1]).read())
utc = datetime.timezone.utc
rows = [
  {"b": True, "i": -7, "l": 1234567890123, "f": 1.5, "d": -2.25,
   "dt": datetime.date(2020, 1, 1), "t": datetime.time(1, 2, 3),
   "ts": datetime.datetime(2020, 1, 1, 0, 0, 0, 123456, tzinfo=utc),
   "tstz": datetime.datetime(2020, 1, 1, 0, 0, 0, 123456, tzinfo=utc), "s": "hello",
   "u": bytes.fromhex("00112233445566778899aabbccddeeff"), "fx": b"abc",
   "bin": b"\x00\xff\x10", "dec": decimal.Decimal("1234.56"), "st": {"x": 1, "y": "a"},
   "li": [1, None, 3], "m": {"k1": 1, "k2": None},
   "im": [{"key": 1, "value": "one"}, {"key": 2, "value": None}], "tsns": 1577836800123456789},
  {k: None for k in ["b", "i", "l", "f", "d", "dt", "t", "ts", "tstz", "s", "u", "fx", "bin",
                     "dec", "st", "li", "m", "im", "tsns"]},
  {"b": False, "i": 2147483647, "l": -1, "f": 0.0, "d": 0.5,
   "dt": datetime.date(1969, 12, 31), "t": datetime.time(0, 0, 0),
   "ts": datetime.datetime(1970, 1, 1, tzinfo=utc),
   "tstz": datetime.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=utc), "s": "",
   "u": b"\xff" * 16, "fx": b"\x00\x01\x02", "bin": b"", "dec": decimal.Decimal("-0.01"),
   "st": {"x": -5, "y": None}, "li": [], "m": {}, "im": [], "tsns": 0},
]
with open(sys.argv[2], "wb") as out:
  w = avro.datafile.DataFileWriter(out, avro.io.DatumWriter(), schema, codec=sys.argv[3])
  for r in rows:
    w.append(r)
  w.close()
)";
  for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
    SCOPED_TRACE(codec);
    const std::string path = dir.Join(std::string(codec) + ".avro");
    testing::CommandResult r = testing::RunCommand(
        "/usr/bin/python3 " + testing::ShellQuote(script) + " " + testing::ShellQuote(schema_path) +
        " " + testing::ShellQuote(path) + " " + codec);
    ASSERT_EQ(r.exit_code, 0) << "python3-avro failed (are Debian's python3-avro, python3-snappy "
                              << "and python3-zstandard installed?)\n"
                              << r.err;
    DataFileReadOptions read;
    read.projected_schema = AllTypesTableSchema();
    auto result = ReadAvro(*io::LocalFileIO(), AvroFile(path, 0, 3), read);
    ASSERT_OK(result);
    EXPECT_EQ(result->rows, AllTypesExpected());
  }
}

// ---- Schema evolution ----

constexpr std::string_view kEvolvedFileSchema = R"({"type":"record","name":"r","fields":[
  {"name":"id","type":"int","field-id":1},
  {"name":"name","type":["null","string"],"default":null,"field-id":2},
  {"name":"score","type":["null","double"],"default":null,"field-id":3},
  {"name":"ratio","type":["null","float"],"default":null,"field-id":7},
  {"name":"price","type":["null",{"type":"fixed","name":"decimal_9_2","size":4,"logicalType":"decimal","precision":9,"scale":2}],"default":null,"field-id":8},
  {"name":"info","type":["null",{"type":"record","name":"r9","fields":[
      {"name":"a","type":"int","field-id":10},
      {"name":"gone","type":"string","field-id":11}]}],"default":null,"field-id":9},
  {"name":"items","type":{"type":"array","element-id":13,"items":{"type":"record","name":"r13","fields":[
      {"name":"p","type":"int","field-id":14},
      {"name":"q","type":"string","field-id":15}]}},"field-id":12}
]})";

class AvroEvolutionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::string> records;
    for (int i = 0; i < 5; ++i) {
      std::string items;
      for (int j = 0; j < i; ++j)
        items += fmt::format("{}{{\"p\":{},\"q\":\"q\"}}", j ? "," : "", 10 * i + j);
      records.push_back(fmt::format(
          R"({{"id":{},"name":{},"score":{},"ratio":{},"price":{},"info":{},"items":[{}]}})", i,
          i == 3 ? "null" : fmt::format("\"n{}\"", i), i * 2, i * 0.5,
          JsonBytes(BigEndian(i * 100 + 1, 4)),
          i == 2 ? "null" : fmt::format(R"({{"a":{},"gone":"x"}})", i), items));
    }
    size_ = WriteAvro(io_, "mem://t/data/e.avro", kEvolvedFileSchema, records);
    spec_.spec_id = 0;
    spec_.fields = {{5, {}, 1000, "region", spec::Transform::Identity()}};
  }

  // The table today: id int→long, name renamed label, score dropped, added (default 7), region
  // (identity partition source the file lacks), nothing (added, no default), ratio float→double,
  // price decimal(9,2)→(12,2), info.gone dropped and info.b added (default 9), items' q dropped
  // and r added (default "z"), p int→long.
  static spec::Schema Evolved() {
    using spec::Type;
    spec::NestedField added{4, "added", false, Type::Int()};
    added.initial_default = "7";
    spec::NestedField b{16, "b", false, Type::Int()};
    b.initial_default = "9";
    spec::NestedField r{17, "r", false, Type::String()};
    r.initial_default = "\"z\"";
    spec::Schema s;
    s.fields = {
        {1, "id", true, Type::Long()},
        {2, "label", false, Type::String()},
        added,
        {5, "region", false, Type::String()},
        {6, "nothing", false, Type::Double()},
        {7, "ratio", false, Type::Double()},
        {8, "price", false, Type::Decimal(12, 2)},
        {9, "info", false, Type::Struct({{10, "a", false, Type::Long()}, b})},
        {12, "items", false,
         Type::List({13, "element", false, Type::Struct({{14, "p", false, Type::Long()}, r})})}};
    return s;
  }

  DataFileReadOptions Options() const {
    DataFileReadOptions o;
    o.projected_schema = Evolved();
    o.spec = &spec_;
    return o;
  }

  manifest::DataFile File() const {
    manifest::DataFile f = AvroFile("mem://t/data/e.avro", size_, 5);
    f.partition = {spec::Literal::String("eu")};
    return f;
  }

  io::MemoryFileIO io_;
  int64_t size_ = 0;
  spec::PartitionSpec spec_;
};

TEST_F(AvroEvolutionTest, RenamesDropsDefaultsPartitionValuesAndPromotions) {
  auto read = ReadAvro(io_, File(), Options());
  ASSERT_OK(read);
  const std::vector<std::string> expected = {
      R"(0|"n0"|7|"eu"|null|0.0|"0.01"|{"a":0,"b":9}|[])",
      R"(1|"n1"|7|"eu"|null|0.5|"1.01"|{"a":1,"b":9}|[{"p":10,"r":"z"}])",
      R"(2|"n2"|7|"eu"|null|1.0|"2.01"|null|[{"p":20,"r":"z"},{"p":21,"r":"z"}])",
      R"(3|null|7|"eu"|null|1.5|"3.01"|{"a":3,"b":9}|[{"p":30,"r":"z"},{"p":31,"r":"z"},{"p":32,"r":"z"}])",
      R"(4|"n4"|7|"eu"|null|2.0|"4.01"|{"a":4,"b":9}|)"
      R"([{"p":40,"r":"z"},{"p":41,"r":"z"},{"p":42,"r":"z"},{"p":43,"r":"z"}])",
  };
  EXPECT_EQ(read->rows, expected);

  // The columnar schema is the projected one.
  auto reader = DataFileReader::Open(io_, File(), Options());
  ASSERT_OK(reader);
  auto projected = table::ToColumnarSchema(Evolved());
  ASSERT_OK(projected);
  EXPECT_TRUE((*reader)->schema()->Equals(**projected));

  // A null identity partition value wins over the default; without the spec the default applies.
  DataFileReadOptions options = Options();
  options.projected_schema.fields[3].initial_default = "\"us\"";
  manifest::DataFile file = File();
  file.partition = {spec::Literal::Null()};
  read = ReadAvro(io_, file, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows.front().substr(0, 16), R"(0|"n0"|7|null|nu)");
  options.spec = nullptr;
  read = ReadAvro(io_, file, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows.front().substr(0, 14), R"(0|"n0"|7|"us"|)");
}

TEST_F(AvroEvolutionTest, Errors) {
  // A required field the file lacks, without a default.
  DataFileReadOptions options = Options();
  options.projected_schema.fields.push_back({30, "must", true, spec::Type::Int()});
  auto reader = DataFileReader::Open(io_, File(), options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find("must (id 30)"), std::string::npos)
      << reader.error().message;
  EXPECT_NE(reader.error().message.find("e.avro"), std::string::npos) << reader.error().message;

  // A type the file's values cannot be read as.
  options = Options();
  options.projected_schema.fields[1].type = spec::Type::Int();
  reader = DataFileReader::Open(io_, File(), options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt) << reader.error().message;
  EXPECT_NE(reader.error().message.find("label (id 2)"), std::string::npos)
      << reader.error().message;
  // A decimal whose scale changed.
  options = Options();
  options.projected_schema.fields[6].type = spec::Type::Decimal(12, 3);
  reader = DataFileReader::Open(io_, File(), options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt) << reader.error().message;

  // An initial-default that is not a value of the field's type.
  options = Options();
  options.projected_schema.fields[2].initial_default = "\"seven\"";
  reader = DataFileReader::Open(io_, File(), options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt) << reader.error().message;

  // A filter that does not bind is the caller's error; one that does prunes nothing.
  options = Options();
  options.filter = testing::FilterOf("nosuch = 1");
  reader = DataFileReader::Open(io_, File(), options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kInvalidArgument);
  options.filter = testing::FilterOf("id = 3");
  options.filter_rows = true;
  auto read = ReadAvro(io_, File(), options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows.size(), 5u);

  // ORC stays unsupported, naming the file; a missing file is NotFound.
  manifest::DataFile orc = File();
  orc.file_format = "ORC";
  reader = DataFileReader::Open(io_, orc, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(reader.error().message.find("ORC"), std::string::npos);
  EXPECT_NE(reader.error().message.find("e.avro"), std::string::npos);
  manifest::DataFile missing = File();
  missing.file_path = "mem://t/data/gone.avro";
  reader = DataFileReader::Open(io_, missing, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kNotFound) << reader.error().message;
  EXPECT_NE(reader.error().message.find("gone.avro"), std::string::npos);
}

// ---- Files without field ids ----

TEST(AvroDataFileReaderTest, FilesWithoutIdsReadThroughTheNameMapping) {
  constexpr std::string_view schema = R"({"type":"record","name":"r","fields":[
    {"name":"id","type":"long"},
    {"name":"payload","type":["null","string"],"default":null},
    {"name":"nested","type":{"type":"record","name":"n","fields":[{"name":"x","type":"int"}]}},
    {"name":"tags","type":{"type":"array","items":"string"}},
    {"name":"props","type":{"type":"map","values":"long"}}]})";
  io::MemoryFileIO io;
  int64_t size =
      WriteAvro(io, "mem://t/nm.avro", schema,
                {R"({"id":1,"payload":"p","nested":{"x":5},"tags":["a","b"],"props":{"k":2}})",
                 R"({"id":2,"payload":null,"nested":{"x":6},"tags":[],"props":{}})"});
  spec::Schema table;
  using spec::Type;
  table.fields = {{1, "id", false, Type::Long()},
                  {2, "data", false, Type::String()},
                  {3, "nested", false, Type::Struct({{4, "x", false, Type::Int()}})},
                  {5, "tags", false, Type::List({6, "element", false, Type::String()})},
                  {7, "props", false,
                   Type::Map({8, "key", true, Type::String()}, {9, "value", false, Type::Long()})}};
  auto mapping = spec::NameMapping::Parse(R"([{"field-id":1,"names":["id"]},
    {"field-id":2,"names":["data","payload"]},
    {"field-id":3,"names":["nested"],"fields":[{"field-id":4,"names":["x"]}]},
    {"field-id":5,"names":["tags"],"fields":[{"field-id":6,"names":["element"]}]},
    {"field-id":7,"names":["props"],"fields":[{"field-id":8,"names":["key"]},{"field-id":9,"names":["value"]}]}])");
  ASSERT_OK(mapping);
  DataFileReadOptions options;
  options.projected_schema = table;
  options.name_mapping = *mapping;
  auto read = ReadAvro(io, AvroFile("mem://t/nm.avro", size, 2), options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows,
            (std::vector<std::string>{R"(1|"p"|{"x":5}|["a","b"]|[{"key":"k","value":2}])",
                                      R"(2|null|{"x":6}|[]|[])"}));

  // Without the mapping, fields match the table's column names (Java's MappingUtil.create of
  // the expected schema): only `data`, which the file calls `payload`, is missing.
  options.name_mapping.reset();
  read = ReadAvro(io, AvroFile("mem://t/nm.avro", size, 2), options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows,
            (std::vector<std::string>{R"(1|null|{"x":5}|["a","b"]|[{"key":"k","value":2}])",
                                      R"(2|null|{"x":6}|[]|[])"}));
}

// ---- Blocks, batches and positions ----

constexpr std::string_view kTwoColumns = R"({"type":"record","name":"r","fields":[
  {"name":"id","type":"long","field-id":1},
  {"name":"s","type":["null","string"],"default":null,"field-id":2}]})";

std::vector<std::string> TwoColumnRecords(int n) {
  std::vector<std::string> records;
  for (int i = 0; i < n; ++i) {
    records.push_back(i % 7 == 0 ? fmt::format(R"({{"id":{},"s":null}})", i)
                                 : fmt::format(R"({{"id":{},"s":"row {}"}})", i, i));
  }
  return records;
}

std::string TwoColumnRow(int i) {
  return fmt::format("{}|{}", i, i % 7 == 0 ? "null" : fmt::format("\"row {}\"", i));
}

TEST(AvroDataFileReaderTest, BatchesSmallerThanBlocksAndRowPositions) {
  io::MemoryFileIO io;
  spec::Schema table;
  table.fields = {{1, "id", true, spec::Type::Long()}, {2, "s", false, spec::Type::String()}};
  for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
    SCOPED_TRACE(codec);
    avro::ContainerWriterOptions write;
    write.codec = codec;
    write.block_size = 700;  // about 60 records a block
    const std::string path = fmt::format("mem://t/blocks-{}.avro", codec);
    int64_t size = WriteAvro(io, path, kTwoColumns, TwoColumnRecords(1000), write);
    auto input = io.OpenInput(path);
    ASSERT_OK(input);
    auto summary = avro::SummarizeContainer(std::shared_ptr<io::InputFile>(std::move(*input)));
    ASSERT_OK(summary);
    EXPECT_GT(summary->blocks, 10);

    DataFileReadOptions options;
    options.projected_schema = table;
    options.with_row_positions = true;
    options.batch_size = 100;  // batches span blocks
    auto read = ReadAvro(io, AvroFile(path, size, 1000), options);
    ASSERT_OK(read);
    ASSERT_EQ(read->rows.size(), 1000u);
    for (int i = 0; i < 1000; ++i) {
      EXPECT_EQ(read->rows[static_cast<size_t>(i)], TwoColumnRow(i) + "|" + std::to_string(i));
    }
    EXPECT_EQ(read->batch_sizes, std::vector<int64_t>(10, 100));

    options.batch_size = 7;
    read = ReadAvro(io, AvroFile(path, size, 1000), options);
    ASSERT_OK(read);
    ASSERT_EQ(read->batch_sizes.size(), 143u);
    EXPECT_EQ(read->batch_sizes.back(), 1000 - 142 * 7);

    // Only constants: the rows are counted, not decoded.
    spec::NestedField c{3, "c", false, spec::Type::Int()};
    c.initial_default = "1";
    options.projected_schema.fields = {c};
    options.batch_size = 300;
    read = ReadAvro(io, AvroFile(path, size, 1000), options);
    ASSERT_OK(read);
    ASSERT_EQ(read->rows.size(), 1000u);
    EXPECT_EQ(read->rows[999], "1|999");
    EXPECT_EQ(read->batch_sizes, (std::vector<int64_t>{300, 300, 300, 100}));
  }
}

// ---- A table scan: identity partition values and position deletes ----

TEST(AvroDataFileReaderTest, TableScanWithPositionDeletes) {
  testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  // The file: id as int, name; the table: id long, name renamed label, region its identity
  // partition (not in the file).
  const std::string data_path = dir.Join("data.avro");
  avro::ContainerWriterOptions write;
  write.block_size = 200;
  const int64_t size = WriteAvro(
      *io, data_path, R"({"type":"record","name":"r","fields":[
      {"name":"id","type":"int","field-id":1},
      {"name":"name","type":["null","string"],"default":null,"field-id":2}]})",
      [] {
        std::vector<std::string> records;
        for (int i = 0; i < 40; ++i)
          records.push_back(fmt::format(R"({{"id":{},"name":"n{}"}})", i, i));
        return records;
      }(),
      write);
  spec::Schema schema;
  schema.fields = {{1, "id", true, spec::Type::Long()},
                   {2, "label", false, spec::Type::String()},
                   {3, "region", false, spec::Type::String()}};
  spec::PartitionSpec spec;
  spec.fields = {{3, {}, 1000, "region", spec::Transform::Identity()}};

  // Positions 0, 3, 17 and 39 deleted, in a Parquet position delete file.
  const std::string deletes_path = dir.Join("deletes.parquet");
  {
    auto delete_schema = std::make_shared<col::Schema>(std::vector<col::Field>{
        col::Field("file_path", col::Utf8(), false).WithFieldId(kDeleteFilePathFieldId),
        col::Field("pos", col::Int64(), false).WithFieldId(kDeleteFilePosFieldId)});
    col::BinaryBuilder paths(col::Utf8());
    col::Int64Builder positions(col::Int64());
    for (int64_t p : {0, 3, 17, 39}) {
      ASSERT_OK(paths.Append(data_path));
      ASSERT_OK(positions.Append(p));
    }
    auto batch = col::RecordBatch::Make(delete_schema, 4, {*paths.Finish(), *positions.Finish()});
    ASSERT_OK(batch);
    auto out = io->Create(deletes_path);
    ASSERT_OK(out);
    auto writer = parquet::ParquetWriter::Make(std::move(*out), delete_schema);
    ASSERT_OK(writer);
    ASSERT_OK((*writer)->Write(*batch));
    ASSERT_OK((*writer)->Close());
  }

  // Manifests, manifest list and metadata of one snapshot.
  const std::string list_path = dir.Join("snap-1.avro");
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 1;
  list_options.sequence_number = 1;
  auto list = manifest::ManifestListWriter::Open(CreateFile(*io, list_path), list_options);
  ASSERT_OK(list);
  for (bool deletes : {false, true}) {
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 1;
    o.content = deletes ? manifest::ManifestContent::kDeletes : manifest::ManifestContent::kData;
    auto w = manifest::ManifestWriter::Open(
        CreateFile(*io, dir.Join(deletes ? "m1.avro" : "m0.avro")), o);
    ASSERT_OK(w);
    manifest::DataFile f;
    if (deletes) {
      f.content = manifest::FileContent::kPositionDeletes;
      f.file_path = deletes_path;
      f.file_format = "PARQUET";
      f.record_count = 4;
      auto input = io->OpenInput(deletes_path);
      ASSERT_OK(input);
      f.file_size_in_bytes = *(*input)->Size();
    } else {
      f = AvroFile(data_path, size, 40);
    }
    f.partition = {spec::Literal::String("eu")};
    ASSERT_OK((*w)->WriteAdded(f));
    auto closed = (*w)->Close();
    ASSERT_OK(closed);
    ASSERT_OK((*list)->Add(*closed));
  }
  ASSERT_OK((*list)->Close());
  spec::TableMetadata metadata;
  metadata.format_version = 2;
  metadata.location = dir.path();
  metadata.schemas = {schema};
  metadata.partition_specs = {spec};
  metadata.last_column_id = 3;
  metadata.last_partition_id = 1000;
  spec::Snapshot snapshot;
  snapshot.snapshot_id = 1;
  snapshot.sequence_number = 1;
  snapshot.manifest_list = list_path;
  metadata.snapshots = {snapshot};
  metadata.current_snapshot_id = 1;
  metadata.last_sequence_number = 1;

  for (const std::string filter : {"", "id >= 30"}) {
    SCOPED_TRACE(filter);
    ScanOptions scan;
    scan.filter = testing::FilterOf(filter);
    auto plan = PlanScan(*io, metadata, scan);
    ASSERT_OK(plan);
    ASSERT_EQ(plan->tasks.size(), 1u);
    EXPECT_EQ(plan->tasks[0].deletes.size(), 1u);
    TableReadOptions read;
    read.batch_size = 6;
    read.threads = 1;
    std::vector<std::string> rows;
    TableReadCallbacks callbacks;
    callbacks.on_batch = [&](const col::RecordBatch& batch) -> Status {
      for (std::string& row : RowsOf(batch)) rows.push_back(std::move(row));
      return Ok();
    };
    auto report = ReadTable(*io, metadata, *plan, read, callbacks);
    ASSERT_OK(report);
    std::vector<std::string> expected;
    for (int i = filter.empty() ? 0 : 30; i < 40; ++i) {
      if (i == 0 || i == 3 || i == 17 || i == 39) continue;
      expected.push_back(fmt::format(R"({}|"n{}"|"eu")", i, i));
    }
    EXPECT_EQ(rows, expected);
    EXPECT_EQ(report->rows_deleted, 4);  // deletes apply before the filter

    auto count = CountRows(*io, metadata, *plan, 1);
    ASSERT_OK(count);
    EXPECT_EQ(count->count, static_cast<int64_t>(expected.size()));
  }
}

// ---- Damaged files ----

// Every cut of a file and many flipped bytes: a Corrupt error (or, for a cut at a block's end or
// a flip that still decodes, fewer or different rows), never a crash.
TEST(AvroDataFileReaderTest, TruncatedAndDamagedFilesFailCleanly) {
  io::MemoryFileIO io;
  spec::Schema table;
  table.fields = {{1, "id", true, spec::Type::Long()}, {2, "s", false, spec::Type::String()}};
  for (const char* codec : {"null", "deflate"}) {
    SCOPED_TRACE(codec);
    avro::ContainerWriterOptions write;
    write.codec = codec;
    write.block_size = 300;
    const std::string path = fmt::format("mem://t/whole-{}.avro", codec);
    WriteAvro(io, path, kTwoColumns, TwoColumnRecords(120), write);
    auto bytes = io::ReadFile(io, path);
    ASSERT_OK(bytes);
    auto read_copy = [&](const std::string& data) -> Result<ReadResult> {
      const std::string copy = "mem://t/damaged.avro";
      auto out = io.Create(copy, true);
      EXPECT_OK(out);
      EXPECT_OK((*out)->Write(data));
      EXPECT_OK((*out)->Close());
      DataFileReadOptions options;
      options.projected_schema = table;
      options.batch_size = 50;
      return ReadAvro(io, AvroFile(copy, static_cast<int64_t>(data.size()), 120), options);
    };
    int errors = 0;
    for (size_t cut = 0; cut < bytes->size(); cut += 3) {
      auto read = read_copy(bytes->substr(0, cut));
      if (read.ok()) {
        EXPECT_LT(read->rows.size(), 120u) << "cut at " << cut;
        continue;
      }
      ++errors;
      EXPECT_EQ(read.error().kind, ErrorKind::kCorrupt)
          << "cut at " << cut << ": " << read.error().message;
      EXPECT_NE(read.error().message.find("damaged.avro"), std::string::npos)
          << read.error().message;
    }
    EXPECT_GT(errors, static_cast<int>(bytes->size() / 3 / 2));

    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
      std::string damaged = *bytes;
      size_t at = rng() % damaged.size();
      damaged[at] = static_cast<char>(damaged[at] ^ (1 + rng() % 255));
      auto read = read_copy(damaged);
      if (!read.ok()) {
        EXPECT_TRUE(read.error().kind == ErrorKind::kCorrupt ||
                    read.error().kind == ErrorKind::kNotSupported)
            << "flip at " << at << ": " << read.error().message;
      }
    }
  }
}

}  // namespace avro_data_file_reader_test
}  // namespace floe::scan
