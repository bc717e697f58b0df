// The values of one leaf column, decoded page by page into a dense array of the leaf's columnar
// type (columnar_type.h): only non-null values, in order; the level assembly places them in their
// slots. One decoder per physical type family, chosen once per column; inside a page the encoding
// is chosen once per page and values are decoded in bulk (no per-value virtual calls):
//   fixed width (INT32, INT64, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY): PLAIN, dictionary,
//     DELTA_BINARY_PACKED (INT32/INT64), BYTE_STREAM_SPLIT, DELTA_BYTE_ARRAY
//     (FIXED_LEN_BYTE_ARRAY), then converted when the columnar type differs (int8/16 narrowing,
//     decimals, INT96);
//   BYTE_ARRAY: PLAIN, dictionary, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY (strings decoded
//     straight into the string array; decimals converted from big-endian bytes);
//   BOOLEAN: PLAIN (bit-packed) and RLE.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "floe/columnar/array.h"
#include "floe/format/parquet/page_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/format/parquet/schema.h"
#include "floe/util/result.h"

namespace floe::parquet {

class ValueDecoder {
 public:
  // A decoder for `leaf` producing values of `type` (ColumnarTypeOf(leaf)).
  static Result<std::unique_ptr<ValueDecoder>> Make(const SchemaNode& leaf,
                                                    columnar::DataTypePtr type);
  virtual ~ValueDecoder() = default;

  // A dictionary page: its entries are decoded once and serve the data pages that follow.
  virtual Status SetDictionary(const Page& page) = 0;
  // A data page whose values (page.values, page.encoding) are decoded next; `num_values` bounds
  // the count (the page's level count).
  virtual Status StartPage(const Page& page) = 0;
  // Room for n more values (a hint: one allocation per batch instead of growing).
  virtual void Reserve(int64_t n) {}
  // Appends the next n values of the page. Corrupt when the page holds fewer.
  virtual Status Decode(int64_t n) = 0;
  // Passes over the next n values of the page without appending them (late materialization:
  // rows a filter dropped). PLAIN fixed-width values and dictionary indices are skipped without
  // being decoded; other encodings are decoded into scratch space. Corrupt when the page holds
  // fewer.
  virtual Status Skip(int64_t n) = 0;
  // The values appended since the last Finish, as an array without nulls.
  virtual Result<columnar::ArrayPtr> Finish() = 0;

  // Late materialization of a column without nulls: whether GatherRuns can serve the current
  // page, and, of the page's next `advance` values, those in `runs` (sorted, disjoint, inside
  // [0, advance)) appended in one call, the others passed over. PLAIN fixed-width values stored
  // as they are (the kept values are copied straight from the page), and dictionary-encoded
  // pages of fixed-width values and strings (the page's indices decoded, the kept ones gathered).
  virtual bool CanGatherRuns() const { return false; }
  virtual Status GatherRuns(std::span<const RowRange> runs, int64_t advance) {
    return NotSupported("gathering value runs");
  }

  // Filtering by dictionary index (late materialization): the next n values of a
  // dictionary-encoded page as their indices, not checked against the dictionary's size.
  // NotSupported when the page is not dictionary-encoded.
  virtual Status DecodeIndices(int64_t n, uint32_t* out) {
    return NotSupported("values read as dictionary indices");
  }
  // The current dictionary's entries as an array of the column's type (entry i at i).
  // NotSupported before a dictionary page, or for a type without dictionaries.
  virtual Result<columnar::ArrayPtr> DictionaryValues() { return NotSupported("no dictionary"); }
};

}  // namespace floe::parquet
