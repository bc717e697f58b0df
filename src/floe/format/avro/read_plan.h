// Schema resolution (Avro spec "Schema Resolution"): a ReadPlan says how to read a value written
// with the writer's schema as a value of the reader's schema. Plans are resolved once per file;
// reading then needs no lookups. The plan is the API for consumers that decode straight into
// their own structures (the manifest reader): ReadRecord calls back once per reader field with
// that field's index and plan (writer-only fields are skipped, reader-only fields are read from
// their pre-encoded defaults), so no per-datum object tree is built. datum.h is the generic
// consumer, building a Datum tree for tests and `floe avro cat`.
//
// Matching: record fields by Iceberg field-id when both sides carry one, else by name and
// aliases; a reader field missing from the writer takes its default, or null when it is
// optional. Promotions int->long->float->double, float->double, string<->bytes. Unions with the
// writer, the reader or both being a union; enum symbols by name (unknown ones take the reader's
// enum default). Record names are not compared: Iceberg names records r102, r2, ...
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "floe/format/avro/binary.h"
#include "floe/format/avro/schema.h"

namespace floe::avro {

struct ReadPlan {
  enum class Op {
    kNull,
    kBoolean,
    kInt,
    kLong,
    kFloat,
    kDouble,
    kBytes,
    kString,
    kFixed,
    kEnum,
    kArray,
    kMap,
    kRecord,
    kIntAsLong,
    kIntAsFloat,
    kIntAsDouble,
    kLongAsFloat,
    kLongAsDouble,
    kFloatAsDouble,
    kStringAsBytes,
    kBytesAsString,
    kWriterUnion,  // the writer wrote a union: its branch index picks branches[i]
    kReaderUnion,  // the writer wrote a non-union, the reader has a union: branch reader_branch
    kFail,         // the writer's value cannot be read as the reader's type (error if reached)
  };
  struct Branch {
    const ReadPlan* plan = nullptr;
    int reader_branch = -1;  // the reader union's branch, -1 when the reader is not a union
  };
  struct FieldStep {
    int reader_field = -1;           // -1: a writer-only field, skipped
    const ReadPlan* plan = nullptr;  // plan of the value (writer's type for skipped fields)
    bool from_default = false;       // read `default_bytes` (reader's encoding) instead
    std::string default_bytes;
  };

  Op op = Op::kFail;
  const Node* writer = nullptr;
  const Node* reader = nullptr;
  const ReadPlan* child = nullptr;  // array items, map values, kReaderUnion's inner value
  int reader_branch = -1;           // kReaderUnion
  std::vector<Branch> branches;     // kWriterUnion, one per writer branch
  std::vector<int> enum_map;        // kEnum: writer symbol -> reader symbol (-1: none)
  std::vector<FieldStep> steps;     // kRecord: writer fields in order, then reader-only fields
  int64_t min_item_size = 0;        // kArray/kMap: the writer item's smallest encoding
  std::string message;              // kFail
};

// Owns the plans for one (writer, reader) pair of schemas.
class Resolution {
 public:
  // reader == nullptr: read with the writer's own schema.
  static Result<std::unique_ptr<Resolution>> Make(std::shared_ptr<const Schema> writer,
                                                  std::shared_ptr<const Schema> reader = nullptr);
  const ReadPlan& root() const { return *root_; }
  const Schema& writer() const { return *writer_; }
  const Schema& reader() const { return *reader_; }
  const std::shared_ptr<const Schema>& reader_ptr() const { return reader_; }

 private:
  friend class Resolver;
  std::shared_ptr<const Schema> writer_, reader_;
  std::vector<std::unique_ptr<ReadPlan>> plans_;
  const ReadPlan* root_ = nullptr;
};

// ---- Reading values through a plan.

// Skips one value written with `writer`.
Status SkipValue(const Node& writer, Decoder& d);

// ResolveBranch for union and kFail plans.
Result<const ReadPlan*> ResolveUnionBranch(const ReadPlan& p, Decoder& d, int* reader_branch);

// For a union plan: reads the branch and returns the plan of the value that follows, with the
// reader's branch index in *reader_branch (-1 when the reader is not a union). Other plans are
// returned unchanged. A kFail result is turned into an error. Inline: it runs once per optional
// value, and most plans are not unions.
inline Result<const ReadPlan*> ResolveBranch(const ReadPlan& p, Decoder& d, int* reader_branch) {
  using Op = ReadPlan::Op;
  if (p.op == Op::kWriterUnion || p.op == Op::kReaderUnion || p.op == Op::kFail) {
    return ResolveUnionBranch(p, d, reader_branch);
  }
  *reader_branch = -1;
  return &p;
}

// The error of reading a plan as the wrong kind of value (a bug in the caller).
Error WrongOp(const ReadPlan& p, std::string_view want, const Decoder& d);

// Scalars, with promotions applied (the plan must not be a union: ResolveBranch first).
// Int and long are inline: manifests are mostly ints and longs.
Result<bool> ReadBoolean(const ReadPlan& p, Decoder& d);
inline Result<int32_t> ReadIntValue(const ReadPlan& p, Decoder& d) {
  if (p.op != ReadPlan::Op::kInt) return WrongOp(p, "int", d);
  return d.ReadInt();
}
inline Result<int64_t> ReadLongValue(const ReadPlan& p, Decoder& d) {  // also int
  using Op = ReadPlan::Op;
  if (p.op == Op::kLong) return d.ReadLong();
  if (p.op != Op::kInt && p.op != Op::kIntAsLong) return WrongOp(p, "long", d);
  FLOE_ASSIGN_OR_RETURN(int32_t v, d.ReadInt());
  return int64_t{v};
}
Result<float> ReadFloatValue(const ReadPlan& p, Decoder& d);             // also int, long
Result<double> ReadDoubleValue(const ReadPlan& p, Decoder& d);           // also int, long, float
Result<std::string_view> ReadBytesValue(const ReadPlan& p, Decoder& d);  // bytes, string, fixed
Result<int> ReadEnumValue(const ReadPlan& p, Decoder& d);  // the reader's symbol index

// Array and map blocks: the item count, bounded by the bytes left (spec "Complex Types").
Result<int64_t> ReadBlockCount(const ReadPlan& p, Decoder& d, int64_t* total);

// field_fn(int reader_field, const ReadPlan& plan, Decoder& d) -> Status, once per reader field
// (in the writer's order, then the defaulted ones).
template <typename FieldFn>
Status ReadRecord(const ReadPlan& p, Decoder& d, FieldFn&& field_fn) {
  FLOE_RETURN_IF_ERROR(d.Enter());
  for (const ReadPlan::FieldStep& step : p.steps) {
    if (step.reader_field < 0) {
      FLOE_RETURN_IF_ERROR(SkipValue(*step.plan->writer, d));
    } else if (step.from_default) {
      Decoder dd(step.default_bytes);
      FLOE_RETURN_IF_ERROR(field_fn(step.reader_field, *step.plan, dd));
    } else {
      FLOE_RETURN_IF_ERROR(field_fn(step.reader_field, *step.plan, d));
    }
  }
  d.Leave();
  return Ok();
}

// item_fn(const ReadPlan& items, Decoder& d) -> Status, once per item.
template <typename ItemFn>
Status ReadArray(const ReadPlan& p, Decoder& d, ItemFn&& item_fn) {
  FLOE_RETURN_IF_ERROR(d.Enter());
  int64_t total = 0;
  for (;;) {
    FLOE_ASSIGN_OR_RETURN(int64_t n, ReadBlockCount(p, d, &total));
    if (n == 0) break;
    for (int64_t i = 0; i < n; ++i) FLOE_RETURN_IF_ERROR(item_fn(*p.child, d));
  }
  d.Leave();
  return Ok();
}

// entry_fn(std::string_view key, const ReadPlan& values, Decoder& d) -> Status, once per entry.
template <typename EntryFn>
Status ReadMap(const ReadPlan& p, Decoder& d, EntryFn&& entry_fn) {
  FLOE_RETURN_IF_ERROR(d.Enter());
  int64_t total = 0;
  for (;;) {
    FLOE_ASSIGN_OR_RETURN(int64_t n, ReadBlockCount(p, d, &total));
    if (n == 0) break;
    for (int64_t i = 0; i < n; ++i) {
      FLOE_ASSIGN_OR_RETURN(std::string_view key, d.ReadBytes());
      FLOE_RETURN_IF_ERROR(entry_fn(key, *p.child, d));
    }
  }
  d.Leave();
  return Ok();
}

}  // namespace floe::avro
