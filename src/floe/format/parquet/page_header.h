// Page headers of parquet.thrift: each page of a column chunk starts with a PageHeader in the
// Thrift compact protocol, followed by compressed_page_size bytes of page data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "floe/format/parquet/statistics.h"
#include "floe/format/parquet/types.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct DataPageHeader {
  int32_t num_values = 0;                               // 1
  Encoding encoding = Encoding::kPlain;                 // 2
  Encoding definition_level_encoding = Encoding::kRle;  // 3
  Encoding repetition_level_encoding = Encoding::kRle;  // 4
  std::optional<Statistics> statistics;                 // 5
};

struct IndexPageHeader {};

struct DictionaryPageHeader {
  int32_t num_values = 0;                // 1
  Encoding encoding = Encoding::kPlain;  // 2
  std::optional<bool> is_sorted;         // 3
};

struct DataPageHeaderV2 {
  int32_t num_values = 0;                     // 1
  int32_t num_nulls = 0;                      // 2
  int32_t num_rows = 0;                       // 3
  Encoding encoding = Encoding::kPlain;       // 4
  int32_t definition_levels_byte_length = 0;  // 5
  int32_t repetition_levels_byte_length = 0;  // 6
  bool is_compressed = true;                  // 7 (default true)
  std::optional<Statistics> statistics;       // 8
};

struct PageHeader {
  PageType type = PageType::kDataPage;                         // 1
  int32_t uncompressed_page_size = 0;                          // 2
  int32_t compressed_page_size = 0;                            // 3
  std::optional<int32_t> crc;                                  // 4
  std::optional<DataPageHeader> data_page_header;              // 5
  std::optional<IndexPageHeader> index_page_header;            // 6
  std::optional<DictionaryPageHeader> dictionary_page_header;  // 7
  std::optional<DataPageHeaderV2> data_page_header_v2;         // 8
};

// Decodes the PageHeader at the start of [data, data + size). On success *header_size is the
// number of bytes the header took (the page data follows). Page sizes are checked for sanity
// (not negative; the header for the page's type present) but not against the file.
Result<PageHeader> DecodePageHeader(const uint8_t* data, size_t size, size_t* header_size);

}  // namespace floe::parquet
