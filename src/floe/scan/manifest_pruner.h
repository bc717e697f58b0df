// Pruning manifests by the partition field summaries of the manifest list (spec: "Manifest
// Lists", field_summary; Java's ManifestEvaluator): each summary's lower and upper bound is
// projected back through its field's transform onto the source column (partition_bounds.h),
// several fields on one column intersect, and the filter is evaluated over those bounds. An
// `=`/IN on a bucketed column also checks the literal's bucket against the summary's range.
//
// Each manifest is judged with the partition spec it was written with (old manifests keep
// their spec after partition evolution). A manifest without summaries, or with a spec id the
// table does not know, is kept.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "floe/manifest/manifest_file.h"
#include "floe/scan/partition_bounds.h"
#include "floe/scan/scan_filter.h"
#include "floe/spec/partition_spec.h"

namespace floe::scan {

class ManifestPruner {
 public:
  // `specs`: every partition spec of the table (TableMetadata::partition_specs).
  ManifestPruner(ScanFilter filter, const std::vector<spec::PartitionSpec>& specs);

  // False only when no file listed in the manifest can hold a matching row.
  bool MightMatch(const manifest::ManifestFile& manifest) const;

  const ScanFilter& filter() const { return filter_; }

 private:
  struct Spec {
    size_t num_fields = 0;
    std::vector<PartitionSource> fields;
  };

  ScanFilter filter_;
  expr::BoundExpression rewritten_;  // NOT pushed down, for the bucket walk
  std::map<int32_t, Spec> specs_;
};

}  // namespace floe::scan
