// Partition tuples written in the types their source columns had before a promotion (Hive
// migrations: int then long, float then double, decimal(5,3) then decimal(7,3)): read with the
// table's partition type, each value is decoded in the manifest's own Avro type and promoted,
// by the fast path and by the general path alike. Types that are no promotion stay refused.
#include <gtest/gtest.h>

#include <variant>

#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"
#include "testing/result_matchers.h"

namespace floe::manifest {
namespace {

using spec::Literal;
using spec::NestedField;
using spec::Type;

spec::Schema PromotedSchema(bool old_types) {
  spec::Schema s;
  s.fields = {NestedField{1, "id", false, Type::Long()},
              NestedField{2, "p", false, old_types ? Type::Int() : Type::Long()},
              NestedField{3, "d", false, old_types ? Type::Decimal(5, 3) : Type::Decimal(7, 3)},
              NestedField{4, "f", true, old_types ? Type::Float() : Type::Double()}};
  return s;
}

spec::PartitionSpec IdentitySpec() {
  spec::PartitionSpec spec;
  for (int32_t i = 0; i < 3; ++i) {
    spec.fields.push_back(spec::PartitionField{.source_id = 2 + i,
                                               .field_id = 1000 + i,
                                               .name = std::string(1, "pdf"[i]),
                                               .transform = spec::Transform::Identity()});
  }
  return spec;
}

// A manifest written with the old types: two files, the second with a null float.
std::string WriteOldManifest(io::MemoryFileIO& io) {
  ManifestWriterOptions o;
  o.schema = PromotedSchema(true);
  o.spec = IdentitySpec();
  o.snapshot_id = 1;
  auto out = io.Create("mem/m.avro");
  EXPECT_OK(out);
  auto w = ManifestWriter::Open(std::move(*out), o);
  EXPECT_OK(w);
  DataFile f;
  f.file_path = "mem/a.parquet";
  f.file_format = "PARQUET";
  f.record_count = 1;
  f.file_size_in_bytes = 10;
  f.partition = {Literal::Int(-7), Literal::MakeDecimal(99999, 3), Literal::Float(0.5f)};
  EXPECT_OK((*w)->WriteAdded(f, 1));
  f.file_path = "mem/b.parquet";
  f.partition = {Literal::Int(2147483647), Literal::MakeDecimal(-12, 3), Literal()};
  EXPECT_OK((*w)->WriteAdded(f, 1));
  EXPECT_OK((*w)->Close());
  return "mem/m.avro";
}

TEST(PromotedPartitionTest, OldTypesReadAsTheTablesPartitionType) {
  io::MemoryFileIO io;
  std::string path = WriteOldManifest(io);
  auto wanted = IdentitySpec().PartitionType(PromotedSchema(false));
  ASSERT_OK(wanted);
  for (bool fast : {true, false}) {
    SCOPED_TRACE(fast ? "fast path" : "general path");
    auto in = io.OpenInput(path);
    ASSERT_OK(in);
    ManifestReadOptions options;
    options.partition_type = *wanted;
    options.fast_path = fast;
    auto reader = ManifestReader::Open(std::shared_ptr<io::InputFile>(std::move(*in)), options);
    ASSERT_OK(reader);
    EXPECT_EQ((*reader)->metadata().partition_type->ToString(), (*wanted)->ToString());
    auto entries = (*reader)->ReadAll();
    ASSERT_OK(entries);
    ASSERT_EQ(entries->size(), 2u);
    const auto& a = (*entries)[0].data_file.partition;
    const auto& b = (*entries)[1].data_file.partition;
    ASSERT_EQ(a.size(), 3u);
    ASSERT_EQ(b.size(), 3u);
    // Longs and doubles now, not ints and floats.
    ASSERT_TRUE(std::holds_alternative<int64_t>(a[0].value()));
    EXPECT_EQ(std::get<int64_t>(a[0].value()), -7);
    EXPECT_EQ(std::get<int64_t>(b[0].value()), 2147483647);
    ASSERT_TRUE(std::holds_alternative<spec::Decimal>(a[1].value()));
    EXPECT_TRUE(std::get<spec::Decimal>(a[1].value()).unscaled == 99999);
    EXPECT_EQ(std::get<spec::Decimal>(a[1].value()).scale, 3);
    EXPECT_TRUE(std::get<spec::Decimal>(b[1].value()).unscaled == -12);
    ASSERT_TRUE(std::holds_alternative<double>(a[2].value()));
    EXPECT_EQ(std::get<double>(a[2].value()), 0.5);
    EXPECT_TRUE(b[2].is_null());
  }
}

TEST(PromotedPartitionTest, NoPromotionStaysAnError) {
  io::MemoryFileIO io;
  std::string path = WriteOldManifest(io);
  // A narrower decimal than the file's is no promotion: the read fails, naming the manifest.
  spec::Schema narrower = PromotedSchema(true);
  narrower.fields[2].type = Type::Decimal(4, 3);
  auto wanted = IdentitySpec().PartitionType(narrower);
  ASSERT_OK(wanted);
  auto in = io.OpenInput(path);
  ASSERT_OK(in);
  ManifestReadOptions options;
  options.partition_type = *wanted;
  auto reader = ManifestReader::Open(std::shared_ptr<io::InputFile>(std::move(*in)), options);
  Result<std::vector<ManifestEntry>> entries =
      reader.ok() ? (*reader)->ReadAll() : Result<std::vector<ManifestEntry>>(reader.error());
  ASSERT_FALSE(entries.ok());
  EXPECT_NE(entries.error().message.find("mem/m.avro"), std::string::npos)
      << entries.error().message;
}

}  // namespace
}  // namespace floe::manifest
