#include "floe/format/avro/read_plan.h"

#include "floe/format/avro/json_default.h"

namespace floe::avro {

using Op = ReadPlan::Op;

class Resolver {
 public:
  explicit Resolver(Resolution* r) : r_(r) {}

  Result<const ReadPlan*> Resolve(const Node* w, const Node* r) {
    auto key = std::make_pair(w, r);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    ReadPlan* p = New(w, r);
    memo_.emplace(key, p);  // before recursing: recursive records resolve to themselves
    if (w->type == Type::kUnion) {
      p->op = Op::kWriterUnion;
      for (const Node* wb : w->branches) {
        ReadPlan::Branch branch;
        if (r->type == Type::kUnion) {
          branch.reader_branch = MatchBranch(wb, r);
          if (branch.reader_branch >= 0) {
            FLOE_ASSIGN_OR_RETURN(branch.plan, Resolve(wb, r->branches[branch.reader_branch]));
          }
        } else if (Matches(wb, r)) {
          FLOE_ASSIGN_OR_RETURN(branch.plan, Resolve(wb, r));
        }
        if (branch.plan == nullptr) {
          branch.plan = Fail(wb, r,
                             fmt::format("the writer's union branch {} does not match the "
                                         "reader's {}",
                                         Describe(wb), Describe(r)));
        }
        p->branches.push_back(branch);
      }
      return p;
    }
    if (r->type == Type::kUnion) {
      int b = MatchBranch(w, r);
      if (b < 0) {
        return Corrupt("cannot read the writer's {} as the reader's union {}", Describe(w),
                       Describe(r));
      }
      p->op = Op::kReaderUnion;
      p->reader_branch = b;
      FLOE_ASSIGN_OR_RETURN(p->child, Resolve(w, r->branches[b]));
      return p;
    }
    FLOE_RETURN_IF_ERROR(ResolveSame(p, w, r));
    return p;
  }

 private:
  static std::string Describe(const Node* n) {
    return IsNamed(n->type) ? fmt::format("{} {}", TypeName(n->type), n->FullName())
                            : std::string(TypeName(n->type));
  }

  ReadPlan* New(const Node* w, const Node* r) {
    r_->plans_.push_back(std::make_unique<ReadPlan>());
    ReadPlan* p = r_->plans_.back().get();
    p->writer = w;
    p->reader = r;
    return p;
  }

  ReadPlan* Fail(const Node* w, const Node* r, std::string message) {
    ReadPlan* p = New(w, r);
    p->op = Op::kFail;
    p->message = std::move(message);
    return p;
  }

  // Can a non-union writer type be read as the non-union reader type?
  static bool Matches(const Node* w, const Node* r) {
    if (w->type == r->type) {
      if (w->type == Type::kFixed) return w->size == r->size;
      return true;
    }
    switch (w->type) {
      case Type::kInt:
        return r->type == Type::kLong || r->type == Type::kFloat || r->type == Type::kDouble;
      case Type::kLong:
        return r->type == Type::kFloat || r->type == Type::kDouble;
      case Type::kFloat:
        return r->type == Type::kDouble;
      case Type::kString:
        return r->type == Type::kBytes;
      case Type::kBytes:
        return r->type == Type::kString;
      default:
        return false;
    }
  }

  // The reader union's branch for a writer type: the same type first (for named types the same
  // name), then the first one it promotes to.
  static int MatchBranch(const Node* w, const Node* r) {
    const auto& bs = r->branches;
    for (size_t i = 0; i < bs.size(); ++i) {
      if (bs[i]->type == w->type && (!IsNamed(w->type) || bs[i]->FullName() == w->FullName())) {
        return static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < bs.size(); ++i) {
      if (bs[i]->type == w->type && (!IsNamed(w->type) || bs[i]->name == w->name)) {
        return static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < bs.size(); ++i) {
      if (Matches(w, bs[i])) return static_cast<int>(i);
    }
    return -1;
  }

  Status ResolveSame(ReadPlan* p, const Node* w, const Node* r) {
    if (!Matches(w, r)) {
      return Corrupt("cannot read the writer's {} as the reader's {}", Describe(w), Describe(r));
    }
    if (w->type != r->type) {
      static const struct {
        Type w, r;
        Op op;
      } kPromotions[] = {{Type::kInt, Type::kLong, Op::kIntAsLong},
                         {Type::kInt, Type::kFloat, Op::kIntAsFloat},
                         {Type::kInt, Type::kDouble, Op::kIntAsDouble},
                         {Type::kLong, Type::kFloat, Op::kLongAsFloat},
                         {Type::kLong, Type::kDouble, Op::kLongAsDouble},
                         {Type::kFloat, Type::kDouble, Op::kFloatAsDouble},
                         {Type::kString, Type::kBytes, Op::kStringAsBytes},
                         {Type::kBytes, Type::kString, Op::kBytesAsString}};
      for (const auto& pr : kPromotions) {
        if (pr.w == w->type && pr.r == r->type) p->op = pr.op;
      }
      return Ok();
    }
    switch (w->type) {
      case Type::kNull:
        p->op = Op::kNull;
        return Ok();
      case Type::kBoolean:
        p->op = Op::kBoolean;
        return Ok();
      case Type::kInt:
        p->op = Op::kInt;
        return Ok();
      case Type::kLong:
        p->op = Op::kLong;
        return Ok();
      case Type::kFloat:
        p->op = Op::kFloat;
        return Ok();
      case Type::kDouble:
        p->op = Op::kDouble;
        return Ok();
      case Type::kBytes:
        p->op = Op::kBytes;
        return Ok();
      case Type::kString:
        p->op = Op::kString;
        return Ok();
      case Type::kFixed:
        p->op = Op::kFixed;
        return Ok();
      case Type::kEnum: {
        p->op = Op::kEnum;
        int fallback = -1;
        if (r->enum_default) {
          for (size_t j = 0; j < r->symbols.size(); ++j) {
            if (r->symbols[j] == *r->enum_default) fallback = static_cast<int>(j);
          }
        }
        for (const std::string& s : w->symbols) {
          int found = fallback;
          for (size_t j = 0; j < r->symbols.size(); ++j) {
            if (r->symbols[j] == s) found = static_cast<int>(j);
          }
          p->enum_map.push_back(found);
        }
        return Ok();
      }
      case Type::kArray: {
        p->op = Op::kArray;
        p->min_item_size = MinEncodedSize(*w->items);
        FLOE_ASSIGN_OR_RETURN(p->child, Resolve(w->items, r->items));
        return Ok();
      }
      case Type::kMap: {
        p->op = Op::kMap;
        p->min_item_size = 1 + MinEncodedSize(*w->values);
        FLOE_ASSIGN_OR_RETURN(p->child, Resolve(w->values, r->values));
        return Ok();
      }
      case Type::kRecord:
        return ResolveRecord(p, w, r);
      default:
        return Internal("unexpected type in schema resolution");
    }
  }

  // A writer field's reader field: by id when the writer field has one and some reader field
  // carries it; else by name or alias among the reader fields that have no id.
  static int MatchField(const Field& wf, const Node* r) {
    if (wf.field_id) {
      for (size_t i = 0; i < r->fields.size(); ++i) {
        if (r->fields[i].field_id == wf.field_id) return static_cast<int>(i);
      }
    }
    int i = r->FindField(wf.name);
    if (i >= 0 && wf.field_id && r->fields[i].field_id) return -1;  // a different field
    return i;
  }

  Status ResolveRecord(ReadPlan* p, const Node* w, const Node* r) {
    p->op = Op::kRecord;
    std::vector<bool> matched(r->fields.size(), false);
    for (const Field& wf : w->fields) {
      ReadPlan::FieldStep step;
      int i = MatchField(wf, r);
      if (i >= 0 && !matched[i]) {
        matched[i] = true;
        step.reader_field = i;
        auto plan = Resolve(wf.type, r->fields[i].type);
        if (!plan.ok()) return std::move(plan).error().WithContext("field " + wf.name);
        step.plan = *plan;
      } else {
        FLOE_ASSIGN_OR_RETURN(step.plan, Resolve(wf.type, wf.type));
      }
      p->steps.push_back(std::move(step));
    }
    for (size_t i = 0; i < r->fields.size(); ++i) {
      if (matched[i]) continue;
      const Field& rf = r->fields[i];
      ReadPlan::FieldStep step;
      step.reader_field = static_cast<int>(i);
      step.from_default = true;
      Encoder e(&step.default_bytes);
      if (rf.default_json) {
        Status st = EncodeJsonDefault(*rf.type, *rf.default_json, e);
        if (!st.ok()) return std::move(st).error().WithContext("default of field " + rf.name);
      } else if (rf.type->type == Type::kUnion && rf.type->NullBranch() >= 0) {
        e.WriteLong(rf.type->NullBranch());
      } else if (rf.type->type != Type::kNull) {
        return Corrupt("the reader's field {} is not in the writer's schema and has no default",
                       rf.name);
      }
      FLOE_ASSIGN_OR_RETURN(step.plan, Resolve(rf.type, rf.type));
      p->steps.push_back(std::move(step));
    }
    return Ok();
  }

  Resolution* r_;
  std::map<std::pair<const Node*, const Node*>, const ReadPlan*> memo_;
};

Result<std::unique_ptr<Resolution>> Resolution::Make(std::shared_ptr<const Schema> writer,
                                                     std::shared_ptr<const Schema> reader) {
  auto res = std::unique_ptr<Resolution>(new Resolution());
  res->writer_ = std::move(writer);
  res->reader_ = reader ? std::move(reader) : res->writer_;
  Resolver resolver(res.get());
  auto root = resolver.Resolve(&res->writer_->root(), &res->reader_->root());
  if (!root.ok()) return std::move(root).error().WithContext("schema resolution");
  res->root_ = *root;
  return res;
}

Status SkipValue(const Node& w, Decoder& d) {
  switch (w.type) {
    case Type::kNull:
      return Ok();
    case Type::kBoolean:
      return d.ReadBool().ok() ? Ok() : Status(d.Error("truncated boolean"));
    case Type::kInt:
    case Type::kLong:
    case Type::kEnum: {
      FLOE_RETURN_IF_ERROR(d.ReadLong());
      return Ok();
    }
    case Type::kFloat:
      return d.Skip(4);
    case Type::kDouble:
      return d.Skip(8);
    case Type::kBytes:
    case Type::kString: {
      FLOE_RETURN_IF_ERROR(d.ReadBytes());
      return Ok();
    }
    case Type::kFixed:
      return d.Skip(w.size);
    case Type::kUnion: {
      FLOE_ASSIGN_OR_RETURN(int64_t b, d.ReadLong());
      if (b < 0 || b >= static_cast<int64_t>(w.branches.size())) {
        return d.Error(fmt::format("union branch {} out of range", b));
      }
      return SkipValue(*w.branches[b], d);
    }
    case Type::kRecord: {
      FLOE_RETURN_IF_ERROR(d.Enter());
      for (const Field& f : w.fields) FLOE_RETURN_IF_ERROR(SkipValue(*f.type, d));
      d.Leave();
      return Ok();
    }
    case Type::kArray:
    case Type::kMap: {
      FLOE_RETURN_IF_ERROR(d.Enter());
      const Node& item = w.type == Type::kArray ? *w.items : *w.values;
      int64_t total = 0;
      for (;;) {
        FLOE_ASSIGN_OR_RETURN(int64_t n, d.ReadLong());
        if (n == 0) break;
        if (n < 0) {
          // A negative count is followed by the block's size in bytes: skip it whole.
          FLOE_ASSIGN_OR_RETURN(int64_t bytes, d.ReadLong());
          if (n == INT64_MIN || bytes < 0) return d.Error("bad block size");
          FLOE_RETURN_IF_ERROR(d.Skip(bytes));
          continue;
        }
        // Counts within the bytes left and a million items need no look at the schema; beyond
        // that, the item's smallest encoding bounds the count (zero-sized items: a million).
        if (n > static_cast<int64_t>(d.remaining()) || total + n > (int64_t{1} << 20)) {
          int64_t min_size = MinEncodedSize(item) + (w.type == Type::kMap ? 1 : 0);
          if (min_size > 0 ? n > static_cast<int64_t>(d.remaining()) / min_size
                           : n > (int64_t{1} << 20) - total) {
            return d.Error(fmt::format("item count {} exceeds the data", n));
          }
        }
        total += n;
        for (int64_t i = 0; i < n; ++i) {
          if (w.type == Type::kMap) FLOE_RETURN_IF_ERROR(d.ReadBytes());
          FLOE_RETURN_IF_ERROR(SkipValue(item, d));
        }
      }
      d.Leave();
      return Ok();
    }
  }
  return Internal("unexpected type");
}

Result<const ReadPlan*> ResolveUnionBranch(const ReadPlan& p, Decoder& d, int* reader_branch) {
  *reader_branch = -1;
  const ReadPlan* out = &p;
  if (p.op == Op::kWriterUnion) {
    FLOE_ASSIGN_OR_RETURN(int64_t b, d.ReadLong());
    if (b < 0 || b >= static_cast<int64_t>(p.branches.size())) {
      return d.Error(
          fmt::format("union branch {} out of range (the union has {})", b, p.branches.size()));
    }
    *reader_branch = p.branches[b].reader_branch;
    out = p.branches[b].plan;
  } else if (p.op == Op::kReaderUnion) {
    *reader_branch = p.reader_branch;
    out = p.child;
  }
  if (out->op == Op::kFail) return d.Error(out->message);
  return out;
}

Error WrongOp(const ReadPlan& p, std::string_view want, const Decoder& d) {
  return Internal("plan reads {} where {} was asked for (offset {})", TypeName(p.reader->type),
                  want, d.offset());
}

Result<bool> ReadBoolean(const ReadPlan& p, Decoder& d) {
  if (p.op != Op::kBoolean) return WrongOp(p, "boolean", d);
  return d.ReadBool();
}

Result<float> ReadFloatValue(const ReadPlan& p, Decoder& d) {
  switch (p.op) {
    case Op::kFloat:
      return d.ReadFloat();
    case Op::kIntAsFloat: {
      FLOE_ASSIGN_OR_RETURN(int32_t v, d.ReadInt());
      return static_cast<float>(v);
    }
    case Op::kLongAsFloat: {
      FLOE_ASSIGN_OR_RETURN(int64_t v, d.ReadLong());
      return static_cast<float>(v);
    }
    default:
      return WrongOp(p, "float", d);
  }
}

Result<double> ReadDoubleValue(const ReadPlan& p, Decoder& d) {
  switch (p.op) {
    case Op::kDouble:
      return d.ReadDouble();
    case Op::kFloat:
    case Op::kFloatAsDouble: {
      FLOE_ASSIGN_OR_RETURN(float v, d.ReadFloat());
      return double{v};
    }
    case Op::kIntAsDouble: {
      FLOE_ASSIGN_OR_RETURN(int32_t v, d.ReadInt());
      return double{static_cast<double>(v)};
    }
    case Op::kLongAsDouble: {
      FLOE_ASSIGN_OR_RETURN(int64_t v, d.ReadLong());
      return static_cast<double>(v);
    }
    default:
      return WrongOp(p, "double", d);
  }
}

Result<std::string_view> ReadBytesValue(const ReadPlan& p, Decoder& d) {
  switch (p.op) {
    case Op::kBytes:
    case Op::kString:
    case Op::kStringAsBytes:
    case Op::kBytesAsString:
      return d.ReadBytes();
    case Op::kFixed:
      return d.ReadFixed(p.writer->size);
    default:
      return WrongOp(p, "bytes", d);
  }
}

Result<int> ReadEnumValue(const ReadPlan& p, Decoder& d) {
  if (p.op != Op::kEnum) return WrongOp(p, "enum", d);
  FLOE_ASSIGN_OR_RETURN(int64_t i, d.ReadLong());
  if (i < 0 || i >= static_cast<int64_t>(p.enum_map.size())) {
    return d.Error(fmt::format("enum index {} out of range", i));
  }
  if (p.enum_map[i] < 0) {
    return d.Error(fmt::format("enum symbol {} is unknown to the reader", p.writer->symbols[i]));
  }
  return p.enum_map[i];
}

Result<int64_t> ReadBlockCount(const ReadPlan& p, Decoder& d, int64_t* total) {
  FLOE_ASSIGN_OR_RETURN(int64_t n, d.ReadLong());
  if (n < 0) {
    if (n == INT64_MIN) return d.Error("bad block count");
    n = -n;
    FLOE_ASSIGN_OR_RETURN(int64_t bytes, d.ReadLong());
    if (bytes < 0 || static_cast<uint64_t>(bytes) > d.remaining()) {
      return d.Error("bad block size");
    }
  }
  if (p.min_item_size > 0) {
    if (n > static_cast<int64_t>(d.remaining()) / p.min_item_size) {
      return d.Error(fmt::format("item count {} exceeds the data", n));
    }
  } else if (n > (int64_t{1} << 20) - *total) {
    return d.Error(fmt::format("item count {} is too large", n));
  }
  *total += n;
  return n;
}

}  // namespace floe::avro
