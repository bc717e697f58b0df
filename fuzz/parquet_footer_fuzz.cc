// libFuzzer target: Parquet's Thrift structures from raw bytes. The input is decoded as a
// FileMetaData (then the schema tree is built, the row groups checked against it and the JSON
// form rendered), and the same bytes as a PageHeader, ColumnIndex, OffsetIndex and
// BloomFilterHeader, and as the tail of a file (ParseFooter). Seeds: fuzz/corpus/parquet_footer/
// holds the Thrift footers of small corpus files.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "floe/format/parquet/bloom_filter_header.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/page_header.h"
#include "floe/format/parquet/page_index.h"
#include "floe/format/parquet/schema.h"

using namespace floe::parquet;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto md = DecodeFileMetaData(bytes);
  if (md.ok()) {
    auto schema = Schema::Make(md->schema);
    if (schema.ok()) {
      (void)ValidateRowGroups(*md, *schema);
      for (int i = 0; i < schema->num_columns(); ++i) (void)schema->column(i).path.size();
    }
    (void)FileMetaDataToJson(*md);
  }
  // Page headers one after another, as a page reader walks a column chunk.
  size_t pos = 0;
  for (int pages = 0; pages < 16 && pos < size; ++pages) {
    size_t header_size = 0;
    auto h = DecodePageHeader(data + pos, size - pos, &header_size);
    if (!h.ok()) break;
    pos += header_size + static_cast<size_t>(h->compressed_page_size);
  }
  (void)DecodeColumnIndex(bytes);
  (void)DecodeOffsetIndex(bytes);
  size_t header_size = 0;
  (void)DecodeBloomFilterHeader(data, size, &header_size);
  int64_t len = 0;
  (void)ParseFooter(bytes, static_cast<int64_t>(size), &len);
  return 0;
}
