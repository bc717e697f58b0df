// The Avro schemas of manifests and manifest lists against the ones iceberg-rust ships (JSON in
// the corpus, written to match Java) and the spec's field-id tables.
#include "floe/manifest/manifest_schema.h"

#include <gtest/gtest.h>

#include <set>

#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::manifest {
namespace {

using floe::testing::CorpusPath;
using floe::testing::ReadFileToString;

std::shared_ptr<const avro::Schema> Parse(const std::string& json) {
  auto s = avro::Schema::Parse(json);
  EXPECT_OK(s);
  return s.ok() ? *s : nullptr;
}

const avro::Field* ById(const avro::Node& record, int32_t id) {
  for (const avro::Field& f : record.fields) {
    if (f.field_id == id) return &f;
  }
  return nullptr;
}

// Same shape: type kinds, logical types, sizes, union branches, array items and element ids,
// and record fields by id in the same order. `renamed` lists ids whose names may differ (older
// Java names such as added_data_files_count); `extra` ids ours may add.
void ExpectSameShape(const avro::Node& want, const avro::Node& got,
                     const std::set<int32_t>& renamed, const std::set<int32_t>& extra,
                     const std::string& where) {
  SCOPED_TRACE(where);
  ASSERT_EQ(avro::TypeName(want.type), avro::TypeName(got.type));
  EXPECT_EQ(want.logical_type, got.logical_type);
  switch (want.type) {
    case avro::Type::kFixed:
      EXPECT_EQ(want.size, got.size);
      break;
    case avro::Type::kArray:
      EXPECT_EQ(want.element_id, got.element_id);
      ExpectSameShape(*want.items, *got.items, renamed, extra, where + "[]");
      break;
    case avro::Type::kUnion:
      ASSERT_EQ(want.branches.size(), got.branches.size());
      for (size_t i = 0; i < want.branches.size(); ++i) {
        ExpectSameShape(*want.branches[i], *got.branches[i], renamed, extra, where + "|");
      }
      break;
    case avro::Type::kRecord: {
      EXPECT_EQ(want.name, got.name);
      int last = -1;
      for (const avro::Field& wf : want.fields) {
        ASSERT_TRUE(wf.field_id);
        const avro::Field* gf = ById(got, *wf.field_id);
        ASSERT_NE(gf, nullptr) << "field " << wf.name << " (" << *wf.field_id << ") missing";
        if (!renamed.count(*wf.field_id)) {
          EXPECT_EQ(wf.name, gf->name);
        }
        int index = static_cast<int>(gf - got.fields.data());
        EXPECT_GT(index, last) << wf.name << " out of order";
        last = index;
        const avro::Node* wt = wf.type;
        // iceberg-rust's v2 file makes the list's sequence numbers optional; the spec and Java
        // make them required.
        if ((*wf.field_id == 515 || *wf.field_id == 516) && wt->type == avro::Type::kUnion &&
            gf->type->type != avro::Type::kUnion) {
          wt = wt->branches[1];
        }
        ExpectSameShape(*wt, *gf->type, renamed, extra, where + "." + wf.name);
      }
      for (const avro::Field& gf : got.fields) {
        if (!ById(want, *gf.field_id)) {
          EXPECT_TRUE(extra.count(*gf.field_id)) << "extra field " << gf.name;
        }
      }
      break;
    }
    default:
      break;
  }
}

const char kRust[] = "iceberg-rust/crates/iceberg/testdata/";

TEST(ManifestSchemaTest, V1ManifestEntryMatchesIcebergRust) {
  auto want =
      Parse(ReadFileToString(CorpusPath(std::string(kRust) + "avro_schema_manifest_entry.json")));
  ASSERT_TRUE(want);
  // Its partition: VendorID int (1000), tpep_pickup_datetime date (1001).
  auto partition = spec::Type::Struct(
      {spec::NestedField{.id = 1000, .name = "VendorID", .type = spec::Type::Int()},
       spec::NestedField{.id = 1001, .name = "tpep_pickup_datetime", .type = spec::Type::Date()}});
  auto got = ManifestEntrySchema(1, *partition);
  ASSERT_OK(got);
  // iceberg-rust's file makes v1 snapshot_id optional; the spec (and Java) make it required.
  const avro::Node& g = (*got)->root();
  ASSERT_EQ(g.fields[1].name, "snapshot_id");
  EXPECT_EQ(g.fields[1].type->type, avro::Type::kLong);
  const avro::Node& w = want->root();
  ASSERT_EQ(w.fields.size(), g.fields.size());
  ExpectSameShape(*w.fields[2].type, *g.fields[2].type, {}, {}, "data_file");
  EXPECT_EQ(w.fields[0].field_id, g.fields[0].field_id);
}

TEST(ManifestSchemaTest, ManifestFileMatchesIcebergRust) {
  for (int v : {1, 2}) {
    SCOPED_TRACE(v);
    auto want = Parse(ReadFileToString(CorpusPath(
        std::string(kRust) + "avro_schema_manifest_file_v" + std::to_string(v) + ".json")));
    ASSERT_TRUE(want);
    auto got = ManifestFileSchema(v);
    ASSERT_OK(got);
    // v1's counts carry the older Java names there; both files omit key_metadata (519), which
    // the spec lists for every version.
    ExpectSameShape(want->root(), (*got)->root(), {504, 505, 506}, {519}, "manifest_file");
  }
}

TEST(ManifestSchemaTest, FieldIdsPerVersion) {
  auto ids = [](const avro::Node& record) {
    std::vector<int32_t> out;
    for (const avro::Field& f : record.fields) out.push_back(*f.field_id);
    return out;
  };
  auto empty = spec::Type::Struct({});
  auto v1 = *ManifestEntrySchema(1, *empty);
  auto v2 = *ManifestEntrySchema(2, *empty);
  auto v3 = *ManifestEntrySchema(3, *empty);
  EXPECT_EQ(ids(v1->root()), (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(ids(v2->root()), (std::vector<int32_t>{0, 1, 3, 4, 2}));
  EXPECT_EQ(ids(v3->root()), (std::vector<int32_t>{0, 1, 3, 4, 2}));
  EXPECT_EQ(ids(*v1->root().fields[2].type),
            (std::vector<int32_t>{100, 101, 102, 103, 104, 105, 108, 109, 110, 137, 125, 128, 131,
                                  132, 140}));
  EXPECT_EQ(ids(*v2->root().fields[4].type),
            (std::vector<int32_t>{134, 100, 101, 102, 103, 104, 108, 109, 110, 137, 125, 128, 131,
                                  132, 135, 140, 143}));
  EXPECT_EQ(ids(*v3->root().fields[4].type),
            (std::vector<int32_t>{134, 100, 101, 102, 103, 104, 108, 109, 110, 137,
                                  125, 128, 131, 132, 135, 140, 142, 143, 144, 145}));
  EXPECT_EQ(v2->root().fields[4].type->name, "r2");
  EXPECT_EQ(ids((*ManifestFileSchema(3))->root()),
            (std::vector<int32_t>{500, 501, 502, 517, 515, 516, 503, 504, 505, 506, 512, 513, 514,
                                  507, 519, 520}));
  // v2 and v3 sequence numbers of entries are optional (inherited); v2 list fields required.
  EXPECT_EQ(v2->root().fields[1].type->type, avro::Type::kUnion);
  EXPECT_EQ((*ManifestFileSchema(2))->root().fields[4].type->type, avro::Type::kLong);
}

TEST(ManifestSchemaTest, PartitionTypesMapToAvroAsJavaWritesThem) {
  using spec::Type;
  auto partition = Type::Struct({
      spec::NestedField{.id = 1000, .name = "a", .type = Type::Decimal(9, 2)},
      spec::NestedField{.id = 1001, .name = "b", .type = Type::Decimal(38, 0)},
      spec::NestedField{.id = 1002, .name = "c", .type = Type::Uuid()},
      spec::NestedField{.id = 1003, .name = "d", .type = Type::Fixed(16)},
      spec::NestedField{
          .id = 1004, .name = "e", .type = Type::Fixed(16)},  // same named fixed twice
      spec::NestedField{.id = 1005, .name = "f", .type = Type::TimestampTz()},
      spec::NestedField{
          .id = 1006, .name = "g", .type = Type::Primitive(spec::TypeId::kTimestampNs)},
      spec::NestedField{.id = 1007, .name = "h", .type = Type::Time()},
  });
  auto s = ManifestEntrySchema(2, *partition);
  ASSERT_OK(s);
  const avro::Node& df = *(*s)->root().fields[4].type;
  const avro::Node& p = *df.fields[3].type;
  ASSERT_EQ(p.name, "r102");
  auto value = [&](int i) { return p.fields[i].type->branches[1]; };
  EXPECT_EQ(value(0)->type, avro::Type::kFixed);
  EXPECT_EQ(value(0)->size, 4);
  EXPECT_EQ(value(0)->logical_type, "decimal");
  EXPECT_EQ(value(1)->size, 16);
  EXPECT_EQ(value(2)->logical_type, "uuid");
  EXPECT_EQ(value(3), value(4));  // fixed_16 declared once, then named
  EXPECT_EQ(value(5)->logical_type, "timestamp-micros");
  EXPECT_EQ(value(5)->adjust_to_utc, true);
  EXPECT_EQ(value(6)->logical_type, "timestamp-nanos");
  EXPECT_EQ(value(6)->adjust_to_utc, false);
  EXPECT_EQ(value(7)->logical_type, "time-micros");
  // And back: the Iceberg types of a writer's partition record.
  auto back = PartitionTypeFromAvro(p);
  ASSERT_OK(back);
  EXPECT_EQ(
      **back,
      *Type::Struct({
          spec::NestedField{
              .id = 1000, .name = "a", .required = false, .type = Type::Decimal(9, 2)},
          spec::NestedField{
              .id = 1001, .name = "b", .required = false, .type = Type::Decimal(38, 0)},
          spec::NestedField{.id = 1002, .name = "c", .required = false, .type = Type::Uuid()},
          spec::NestedField{.id = 1003, .name = "d", .required = false, .type = Type::Fixed(16)},
          spec::NestedField{.id = 1004, .name = "e", .required = false, .type = Type::Fixed(16)},
          spec::NestedField{
              .id = 1005, .name = "f", .required = false, .type = Type::TimestampTz()},
          spec::NestedField{.id = 1006,
                            .name = "g",
                            .required = false,
                            .type = Type::Primitive(spec::TypeId::kTimestampNs)},
          spec::NestedField{.id = 1007, .name = "h", .required = false, .type = Type::Time()},
      }));
  EXPECT_EQ(DecimalRequiredBytes(9), 4);
  EXPECT_EQ(DecimalRequiredBytes(18), 8);
  EXPECT_EQ(DecimalRequiredBytes(38), 16);
  EXPECT_EQ(DecimalRequiredBytes(1), 1);
  EXPECT_EQ(DecimalRequiredBytes(3), 2);
}

}  // namespace
}  // namespace floe::manifest
