// GEOMETRY and GEOGRAPHY columns (LogicalTypes.md): a binary field marked geoarrow.wkb is written
// with the logical type, its CRS and edge algorithm, and without min/max statistics (WKB has no
// linear order); read back, the field carries the same mark and the WKB bytes are unchanged.
#include <gtest/gtest.h>

#include "columnar/make_array.h"
#include "floe/columnar/geo_extension.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/memory_file_io.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

TEST(GeospatialTest, LogicalTypesCarryTheCrsAndNoStatistics) {
  columnar::GeoColumn planar;
  planar.crs = "srid:4326";
  columnar::GeoColumn sphere;
  sphere.geography = true;
  sphere.algorithm = "vincenty";
  auto schema = std::make_shared<columnar::Schema>(std::vector<columnar::Field>{
      columnar::WithGeoExtension(columnar::Field("g", columnar::Binary()), planar),
      columnar::WithGeoExtension(columnar::Field("h", columnar::Binary()), sphere),
      columnar::Field("b", columnar::Binary())});
  const std::string point = std::string("\x01\x01\x00\x00\x00", 5) + std::string(16, '\x01');
  std::vector<columnar::ArrayPtr> columns;
  for (int c = 0; c < 3; ++c) {
    columns.push_back(columnar::MakeBinary(columnar::Binary(), {point, std::nullopt, "\x02"}));
  }
  auto batch = columnar::RecordBatch::Make(schema, 3, columns);
  ASSERT_OK(batch);

  io::MemoryFileIO io;
  auto out = io.Create("geo.parquet");
  ASSERT_OK(out);
  auto writer = ParquetWriter::Make(std::move(*out), schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  auto metrics = (*writer)->Close();
  ASSERT_OK(metrics);
  EXPECT_FALSE(metrics->columns[0].min.has_value());
  EXPECT_FALSE(metrics->columns[1].max.has_value());
  EXPECT_EQ(metrics->columns[2].min,
            std::optional<std::string>(point));  // plain binary: bytes order

  auto file = FileReader::Open(io, "geo.parquet");
  ASSERT_OK(file);
  const auto& md = (*file)->metadata();
  ASSERT_TRUE(md.schema[1].logical_type.has_value());
  EXPECT_EQ(md.schema[1].logical_type->kind, LogicalType::Kind::kGeometry);
  EXPECT_EQ(md.schema[1].logical_type->crs, std::optional<std::string>("srid:4326"));
  ASSERT_TRUE(md.schema[2].logical_type.has_value());
  EXPECT_EQ(md.schema[2].logical_type->kind, LogicalType::Kind::kGeography);
  EXPECT_FALSE(md.schema[2].logical_type->crs.has_value());
  EXPECT_EQ(md.schema[2].logical_type->algorithm, EdgeInterpolationAlgorithm::kVincenty);
  EXPECT_FALSE(md.schema[3].logical_type.has_value());
  const auto& chunk = *md.row_groups[0].columns[0].meta_data;
  EXPECT_TRUE(!chunk.statistics || (!chunk.statistics->min_value && !chunk.statistics->min));

  auto reader = BatchReader::Make(**file);
  ASSERT_OK(reader);
  const columnar::Schema& read = *(*reader)->schema();
  auto g = columnar::GeoColumnOf(read.field(0));
  ASSERT_TRUE(g.has_value());
  EXPECT_FALSE(g->geography);
  EXPECT_EQ(g->crs, "srid:4326");
  auto h = columnar::GeoColumnOf(read.field(1));
  ASSERT_TRUE(h.has_value());
  EXPECT_TRUE(h->geography);
  EXPECT_EQ(h->algorithm, "vincenty");
  EXPECT_FALSE(columnar::GeoColumnOf(read.field(2)).has_value());
  auto got = (*reader)->Next();
  ASSERT_OK(got);
  ASSERT_TRUE(got->has_value());
  for (int c = 0; c < 3; ++c) {
    const columnar::ArrayData& a = *(*got)->column(c);
    EXPECT_EQ(a.GetView(0), point);
    EXPECT_TRUE(a.IsNull(1));
    EXPECT_EQ(a.GetView(2), "\x02");
  }
}

}  // namespace
}  // namespace floe::parquet
