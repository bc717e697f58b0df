// UTF-8 checks for text read from outside (CSV and NDJSON input): Parquet and Iceberg strings are
// UTF-8 by definition, and floe also refuses NUL bytes in them (other engines end C strings
// there). A valid sequence is RFC 3629's: shortest form, no surrogates, at most U+10FFFF.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace floe {

// The offset of the first byte that is NUL or not part of a valid UTF-8 sequence; npos when
// there is none. ASCII runs are checked eight bytes at a time (CSV load speed is benchmarked).
size_t FindInvalidUtf8OrNul(std::string_view s);

// `s` with each NUL byte and each maximal invalid subsequence (Unicode's "U+FFFD substitution of
// maximal subparts") replaced by U+FFFD.
std::string ReplaceInvalidUtf8OrNul(std::string_view s);

// "byte 0xff at byte 3" / "a NUL byte at byte 0": what FindInvalidUtf8OrNul found, for errors.
std::string DescribeInvalidUtf8(std::string_view s, size_t offset);

}  // namespace floe
