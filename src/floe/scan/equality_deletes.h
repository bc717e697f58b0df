// Equality delete files (spec: "Equality Delete Files"): rows of the columns named by the
// delete file's equality_ids; a data row is deleted when its values of those columns equal all
// the values of some delete row. Null is a value here: a null key matches a null in the data.
// Values are compared after a canonical encoding, so a column promoted since the delete was
// written (int → long, float → double, decimal precision) still matches: ints of every width are
// compared as int64, floats as doubles (all NaNs alike, -0.0 and 0.0 apart, as Java's equals),
// strings and binary by bytes. Equality columns may sit inside structs (not lists or maps).
// A delete file may hold more columns than its equality_ids; only those are read.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::scan {

// The key tuples of one equality delete file.
class EqualityDeleteSet {
 public:
  // Reads the equality_ids columns of a Parquet or Avro equality delete file. Avro columns are
  // read by field id as the table schema's fields (`table_schema`, required for Avro files:
  // InvalidArgument without it). Errors name the file: NotSupported for other formats (ORC),
  // Corrupt for a missing equality_ids list or column, or a column of a list, map or
  // unsupported type.
  static Result<EqualityDeleteSet> Read(io::FileIO& io, const manifest::DeleteFile& file,
                                        const spec::Schema* table_schema = nullptr);

  // A set from key columns already in memory (tests; writers): `batch` holds the key columns,
  // found by their PARQUET:field_id.
  static Result<EqualityDeleteSet> FromBatch(std::vector<int32_t> field_ids,
                                             const columnar::RecordBatch& batch);

  const std::vector<int32_t>& field_ids() const { return field_ids_; }
  size_t size() const { return keys_.size(); }

  // Sets deleted[i] = 1 for each row of `batch` whose key is in the set (other entries are left
  // alone). `batch` must hold every equality column, found by PARQUET:field_id (at top level or
  // inside structs); InvalidArgument otherwise. deleted->size() must be batch.num_rows().
  Status MarkDeleted(const columnar::RecordBatch& batch, std::vector<uint8_t>* deleted) const;

 private:
  static Result<EqualityDeleteSet> ReadAvro(io::FileIO& io, const manifest::DeleteFile& file,
                                            const spec::Schema& table_schema);
  Status AddKeys(const columnar::RecordBatch& batch);
  // AddKeys for a batch read from a delete file: its faults are Corrupt.
  Status AddFileKeys(const columnar::RecordBatch& batch);

  std::vector<int32_t> field_ids_;
  std::unordered_set<std::string> keys_;
};

}  // namespace floe::scan
