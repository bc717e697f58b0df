#include "floe/format/puffin/file_metadata.h"

namespace floe::puffin {

const std::string* FindProperty(const Properties& properties, std::string_view key) {
  for (const auto& [k, v] : properties) {
    if (k == key) return &v;
  }
  return nullptr;
}

}  // namespace floe::puffin
