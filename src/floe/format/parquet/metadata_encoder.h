// The Thrift compact encoding of the parquet.thrift structs floe writes: the footer
// (FileMetaData), page headers, the page index and bloom filter headers. The inverse of the
// Decode* functions beside each struct; optional fields are written when set. Encryption fields
// (floe writes no encrypted files) and geospatial statistics are not written.
#pragma once

#include <string>

#include "floe/format/parquet/bloom_filter_header.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/page_header.h"
#include "floe/format/parquet/page_index.h"

namespace floe::parquet {

// Each appends the encoded struct to *out.
void EncodeFileMetaData(const FileMetaData& md, std::string* out);
void EncodePageHeader(const PageHeader& header, std::string* out);
void EncodeColumnIndex(const ColumnIndex& index, std::string* out);
void EncodeOffsetIndex(const OffsetIndex& index, std::string* out);
void EncodeBloomFilterHeader(const BloomFilterHeader& header, std::string* out);

}  // namespace floe::parquet
