// The small table the append tests commit to: id long, region string, partitioned by
// identity(region), at mem://t, with retries that do not wait; and data files for it (listed in
// manifests only, never read).
#pragma once

#include <map>
#include <string>

#include "floe/commit/metadata_builder.h"
#include "floe/manifest/data_file.h"

namespace floe::update::region_table {

inline spec::TableMetadata RegionTable(int format_version,
                                       std::map<std::string, std::string> props = {}) {
  commit::NewTableRequest r;
  r.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                     spec::NestedField{2, "region", false, spec::Type::String()}};
  spec::PartitionField pf;
  pf.source_id = 2;
  pf.name = "region";
  pf.transform = spec::Transform::Identity();
  r.spec.fields.push_back(pf);
  r.format_version = format_version;
  r.location = "mem://t";
  r.properties = std::move(props);
  r.properties["commit.retry.min-wait-ms"] = "0";
  r.properties["commit.status-check.min-wait-ms"] = "0";
  return *commit::NewTableMetadata(r, 1);
}

inline manifest::DataFile RegionFile(const std::string& name, std::string region, int64_t rows) {
  manifest::DataFile f;
  f.file_path = "mem://t/data/" + name + ".parquet";
  f.partition = {spec::Literal::String(std::move(region))};
  f.record_count = rows;
  f.file_size_in_bytes = rows * 10;
  return f;
}

}  // namespace floe::update::region_table
