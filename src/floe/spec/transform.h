// Partition and sort transforms (spec: "Partition Transforms", "Bucket Transform Details",
// "Truncate Transform Details"): identity, bucket[N], truncate[W], year, month, day, hour, void.
// A transform name this version does not know can be kept (Transform::ParseAllowUnknown) so
// metadata written by a newer engine still round-trips; applying it is not supported, and
// PartitionSpec::Validate refuses it (writers must not commit with an unknown transform).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "floe/spec/literal.h"
#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::spec {

enum class TransformKind {
  kIdentity,
  kBucket,
  kTruncate,
  kYear,
  kMonth,
  kDay,
  kHour,
  kVoid,
  kUnknown
};

class Transform {
 public:
  Transform() = default;  // identity

  static Transform Identity() { return Transform(TransformKind::kIdentity, 0); }
  static Transform Bucket(int32_t num_buckets) {
    return Transform(TransformKind::kBucket, num_buckets);
  }
  static Transform Truncate(int32_t width) { return Transform(TransformKind::kTruncate, width); }
  static Transform Year() { return Transform(TransformKind::kYear, 0); }
  static Transform Month() { return Transform(TransformKind::kMonth, 0); }
  static Transform Day() { return Transform(TransformKind::kDay, 0); }
  static Transform Hour() { return Transform(TransformKind::kHour, 0); }
  static Transform Void() { return Transform(TransformKind::kVoid, 0); }

  // "identity", "bucket[16]", "truncate[4]", "year", "month", "day", "hour", "void" (also the
  // older plural names "years", "months", "days", "hours"). Anything else is corrupt input:
  //   unknown transform "bukket[16]"
  static Result<Transform> Parse(std::string_view text);
  // Like Parse, but a name this version does not know (e.g. "zorder") becomes a kUnknown
  // transform that keeps its text, so newer metadata round-trips (readers ignore such fields,
  // spec: "Partition Specs"). Malformed bucket/truncate parameters still fail, and so do names
  // within one or two edits of a known transform ("bukket[16]", "days"): those are typos.
  // The JSON parsers of partition specs and sort orders use this form.
  static Result<Transform> ParseAllowUnknown(std::string_view text);

  TransformKind kind() const { return kind_; }
  // N of bucket[N], W of truncate[W]; 0 otherwise.
  int32_t param() const { return param_; }
  bool is_identity() const { return kind_ == TransformKind::kIdentity; }
  bool is_void() const { return kind_ == TransformKind::kVoid; }
  bool is_unknown() const { return kind_ == TransformKind::kUnknown; }
  // year, month, day and hour.
  bool is_time() const;

  // The spec's name: "bucket[16]", "day"; an unknown transform's text as it was read.
  std::string ToString() const;

  // Whether the transform applies to values of this source type.
  bool CanTransform(const Type& source) const;
  // The type of the transform's results for this source type, or invalid argument when the
  // transform does not apply to it ("bucket[16] cannot transform boolean"). identity, truncate
  // and void keep the source type; bucket, year, month and hour give int; day gives date.
  // An unknown transform gives string (as Java does).
  Result<TypePtr> ResultType(const Type& source) const;

  // Applies the transform to a value of the source type. Null gives null. Time transforms give
  // an int of years/months/days/hours since 1970-01-01 00:00, floored for earlier instants.
  Result<Literal> Apply(const Type& source, const Literal& value) const;

  // A transformed value (of ResultType(source)) as people read it in partition paths:
  // year "2026", month "2026-03", day "2026-03-01", hour "2026-03-01-10", null "null"
  // (as Java's TransformUtil, but floored before 1970: month -1 is "1969-12"). Identity and
  // truncate values use spec::ToHumanString (docs/cli.md's formats; binary as base64 as in Java).
  std::string ToHumanString(const Type& source, const Literal& transformed) const;

  // Whether ordering by this transform's results preserves the source order (identity,
  // truncate, time transforms), as projections need.
  bool PreservesOrder() const;

  bool operator==(const Transform& other) const {
    return kind_ == other.kind_ && param_ == other.param_ && unknown_ == other.unknown_;
  }

 private:
  Transform(TransformKind kind, int32_t param) : kind_(kind), param_(param) {}
  static Result<Transform> ParseImpl(std::string_view text, bool allow_unknown);

  TransformKind kind_ = TransformKind::kIdentity;
  int32_t param_ = 0;
  std::string unknown_;  // the text of an unknown transform
};

// bucket[N] of a value: (murmur3_x86_32(the spec's bytes of the value) & INT32_MAX) % N.
// The 32-bit hash itself (before the modulo), per "Appendix B: 32-bit Hash Requirements".
Result<int32_t> BucketHash(const Type& source, const Literal& value);

// "name=value" for one partition field, escaped for use in a path (Java's URLEncoder rules:
// letters, digits and ".-*_" kept, space as "+", everything else as %XX).
std::string PartitionPathSegment(std::string_view name, std::string_view human_value);
std::string UrlEncode(std::string_view text);
// Whether `path` ("region=eu/day=2026-03-01" or a file's location) has the partition segment
// name=value (escaped as above) as one of its whole '/'-separated parts: Spark's PARTITION
// (k = 'v') and add_files' partition_filter.
bool PathHasPartitionSegment(std::string_view path, std::string_view name,
                             std::string_view human_value);

}  // namespace floe::spec
