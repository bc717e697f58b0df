#include "floe/commit/table_properties.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>

#include "floe/spec/name_mapping.h"
#include "floe/util/ascii.h"

namespace floe::commit {

// spec/ names the mapping property itself (for NameMapping::Parse's messages): the same name.
static_assert(kDefaultNameMapping.name == spec::kNameMappingProperty);

namespace table_properties {

// "at least 0", "at most 22", "0 to 22", or the type's range when neither bound is set.
template <typename T>
std::string RangeText(T min, T max, std::string_view type) {
  bool has_min = min != std::numeric_limits<T>::min();
  bool has_max = max != std::numeric_limits<T>::max();
  if (has_min && has_max) return fmt::format("{} to {}", min, max);
  if (has_min) return fmt::format("at least {}", min);
  if (has_max) return fmt::format("at most {}", max);
  return fmt::format("a {}", type);
}

// Java's Integer.parseInt / Long.parseLong: an optional sign, then decimal digits only.
template <typename T>
Result<T> ParseInteger(std::string_view name, std::string_view value, T min, T max,
                       std::string_view type) {
  std::string_view digits = value;
  if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-') digits.remove_prefix(1);
  T v{};
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec == std::errc::result_out_of_range ||
      (ec == std::errc() && end == digits.data() + digits.size() && (v < min || v > max))) {
    return InvalidArgument("table property {}: \"{}\" is out of range ({})", name, value,
                           RangeText(min, max, type));
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    return InvalidArgument("table property {}: \"{}\" is not an integer", name, value);
  }
  return v;
}

const std::string* Find(const Properties& properties, std::string_view name) {
  auto it = properties.find(std::string(name));
  return it == properties.end() ? nullptr : &it->second;
}

}  // namespace table_properties

Result<bool> BoolProperty::Parse(std::string_view value) const {
  if (AsciiEqualsIgnoreCase(value, "true")) return true;
  if (AsciiEqualsIgnoreCase(value, "false")) return false;
  return InvalidArgument("table property {}: \"{}\" is neither true nor false", name, value);
}

Result<bool> BoolProperty::Get(const Properties& properties) const {
  const std::string* value = table_properties::Find(properties, name);
  return value ? Parse(*value) : Result<bool>(default_value);
}

Result<int32_t> IntProperty::Parse(std::string_view value) const {
  return table_properties::ParseInteger<int32_t>(name, value, min, max, "32-bit integer");
}

Result<int32_t> IntProperty::Get(const Properties& properties) const {
  const std::string* value = table_properties::Find(properties, name);
  return value ? Parse(*value) : Result<int32_t>(default_value);
}

Result<int64_t> LongProperty::Parse(std::string_view value) const {
  return table_properties::ParseInteger<int64_t>(name, value, min, max, "64-bit integer");
}

Result<int64_t> LongProperty::Get(const Properties& properties) const {
  const std::string* value = table_properties::Find(properties, name);
  return value ? Parse(*value) : Result<int64_t>(default_value);
}

Result<double> DoubleProperty::Parse(std::string_view value) const {
  std::string_view digits = value;
  if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-') digits.remove_prefix(1);
  double v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    return InvalidArgument("table property {}: \"{}\" is not a number", name, value);
  }
  if (!(v > min && v < max)) {  // also refuses NaN
    return InvalidArgument(
        "table property {}: \"{}\" is out of range (between {} and {}, both "
        "excluded)",
        name, value, min, max);
  }
  return v;
}

Result<double> DoubleProperty::Get(const Properties& properties) const {
  const std::string* value = table_properties::Find(properties, name);
  return value ? Parse(*value) : Result<double>(default_value);
}

Result<std::string_view> EnumProperty::Parse(std::string_view value) const {
  for (std::string_view v : values) {
    if (ignore_case ? AsciiEqualsIgnoreCase(value, v) : value == v) return v;
  }
  return InvalidArgument("table property {}: \"{}\" is not one of {}", name, value,
                         fmt::join(values, ", "));
}

Result<std::string_view> EnumProperty::Get(const Properties& properties) const {
  const std::string* value = table_properties::Find(properties, name);
  return value ? Parse(*value) : Result<std::string_view>(default_value);
}

const std::string* StringProperty::Find(const Properties& properties) const {
  return table_properties::Find(properties, name);
}

std::string_view StringProperty::Get(const Properties& properties) const {
  const std::string* value = Find(properties);
  return value ? std::string_view(*value) : default_value;
}

bool IsReservedProperty(std::string_view key) {
  for (std::string_view reserved : kReservedProperties) {
    if (key == reserved) return true;
  }
  return false;
}

}  // namespace floe::commit
