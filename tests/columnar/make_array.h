// Helpers the columnar tests share to build arrays: Get and Check stop the test on a failed
// Result or Status, and the Make* functions build an array from optional values (nullopt = null).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/util/result.h"
#include "testing/result_matchers.h"

namespace floe::columnar {

template <typename T>
T Get(Result<T> r) {
  EXPECT_OK(r);
  return std::move(r).value();
}

inline void Check(const Status& st) { ASSERT_OK(st); }

template <typename T>
ArrayPtr MakePrimitive(DataTypePtr type, const std::vector<std::optional<T>>& values) {
  PrimitiveBuilder<T> b(std::move(type));
  for (const auto& v : values) Check(v ? b.Append(*v) : b.AppendNull());
  return Get(b.Finish());
}

inline ArrayPtr MakeBinary(DataTypePtr type,
                           const std::vector<std::optional<std::string>>& values) {
  BinaryBuilder b(std::move(type));
  for (const auto& v : values) Check(v ? b.Append(*v) : b.AppendNull());
  return Get(b.Finish());
}

inline ArrayPtr MakeFixed(DataTypePtr type, const std::vector<std::optional<std::string>>& values) {
  FixedSizeBinaryBuilder b(std::move(type));
  for (const auto& v : values) {
    Check(v ? b.Append(reinterpret_cast<const uint8_t*>(v->data())) : b.AppendNull());
  }
  return Get(b.Finish());
}

}  // namespace floe::columnar
