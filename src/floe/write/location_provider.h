// Where new data files go (spec: "Write properties"; Java's LocationProvider), from the table's
// location and properties:
//   - the data location: write.data.path, else (object storage only, deprecated names)
//     write.object-storage.path or write.folder-storage.path, else <table location>/data;
//   - by default (Java's SimpleLocationProvider) <data location>/<partition path>/<file name>;
//   - with write.object-storage.enabled=true (Java's ObjectStoreLocationProvider), entropy
//     directories spread the files over many object-store prefixes:
//       <data location>/<hash dirs>/<partition path>/<file name>
//     where the hash dirs are the low 20 bits of murmur3_32 (seed 0) of
//     "<partition path>/<file name>", written in binary as four folders of 4, 4, 4 and 8 digits
//     ("0101/0110/1001/10110010"). With write.object-storage.partitioned-paths=false the partition
//     path is left out and the last folder joins the name: ".../0110/1001/10110010-<file name>".
//     When the data location is outside the table's location, the table's last two folders
//     (database and table names) follow the hash dirs, so tables sharing a data path stay apart.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "floe/util/result.h"

namespace floe::write {

class LocationProvider {
 public:
  // InvalidArgument naming the property when a boolean property is neither true nor false.
  static Result<LocationProvider> Make(const std::string& table_location,
                                       const std::map<std::string, std::string>& properties);

  // A new data file's location; `partition_path` is "" for an unpartitioned spec.
  std::string NewDataLocation(std::string_view partition_path, std::string_view file_name) const;

  const std::string& data_location() const { return data_location_; }
  bool object_storage() const { return object_storage_; }

 private:
  std::string data_location_;
  bool object_storage_ = false;
  bool partitioned_paths_ = true;
  std::optional<std::string> context_;  // "<database>/<table>" when data lives outside the table
};

// The entropy folders of ObjectStoreLocationProvider for `name`: "0101/0110/1001/10110010".
std::string ObjectStoreHashDirs(std::string_view name);

}  // namespace floe::write
