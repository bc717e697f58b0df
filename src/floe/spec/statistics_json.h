// JSON form of the `statistics` and `partition-statistics` lists of table metadata.
#pragma once

#include <vector>

#include "floe/spec/statistics.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

Result<StatisticsFile> ParseStatisticsFile(const JsonValue& json);
void WriteStatisticsFile(const StatisticsFile& file, JsonWriter& out);
Result<std::vector<StatisticsFile>> ParseStatisticsFiles(const JsonValue& array);

Result<PartitionStatisticsFile> ParsePartitionStatisticsFile(const JsonValue& json);
void WritePartitionStatisticsFile(const PartitionStatisticsFile& file, JsonWriter& out);
Result<std::vector<PartitionStatisticsFile>> ParsePartitionStatisticsFiles(const JsonValue& array);

}  // namespace floe::spec
