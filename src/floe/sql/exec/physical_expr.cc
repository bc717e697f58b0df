#include "floe/sql/exec/physical_expr.h"

#include <fmt/format.h>

#include <mutex>

#include "floe/columnar/bit_util.h"

namespace floe::sql {

namespace {

class ColumnExpr final : public PhysicalExpr {
 public:
  ColumnExpr(int index, columnar::DataTypePtr type)
      : PhysicalExpr(std::move(type)), index_(index) {}
  Result<columnar::ArrayPtr> Evaluate(const columnar::RecordBatch& batch) const override {
    if (index_ >= batch.num_columns()) {
      return Internal("sql: column {} is not in a batch of {} columns", index_,
                      batch.num_columns());
    }
    return batch.column(index_);
  }
  int column_index() const override { return index_; }
  PhysicalExprPtr WithChildren(std::vector<PhysicalExprPtr>) const override {
    return shared_from_this();
  }
  std::string Fingerprint() const override {
    return fmt::format("#{}:{}", index_, type()->ToString());
  }

 private:
  int index_;
};

class LiteralExpr final : public PhysicalExpr {
 public:
  LiteralExpr(Scalar value, columnar::DataTypePtr type)
      : PhysicalExpr(std::move(type)), value_(std::move(value)) {}
  // The value repeated: a slice of the longest array made so far (arrays are immutable, so
  // batches and threads share it).
  Result<columnar::ArrayPtr> Evaluate(const columnar::RecordBatch& batch) const override {
    const int64_t n = batch.num_rows();
    std::lock_guard<std::mutex> lock(mutex_);
    if (repeated_ == nullptr || repeated_->length < n) {
      FLOE_ASSIGN_OR_RETURN(repeated_, ScalarArray(type(), value_, n));
    }
    return repeated_->length == n ? repeated_ : repeated_->Slice(0, n);
  }
  const Scalar* literal() const override { return &value_; }
  PhysicalExprPtr WithChildren(std::vector<PhysicalExprPtr>) const override {
    return shared_from_this();
  }
  std::string Fingerprint() const override {
    std::string key;
    if (!value_.is_null()) {
      auto array = ScalarArray(type(), value_, 1);
      if (!array.ok())
        return fmt::format("literal@{}", static_cast<const void*>(this));  // never shared
      AppendKeyBytes(**array, 0, &key);
    }
    std::string hex;
    for (unsigned char c : key) hex += fmt::format("{:02x}", c);
    return fmt::format("'{}':{}", hex, type()->ToString());
  }

 private:
  Scalar value_;
  mutable std::mutex mutex_;
  mutable columnar::ArrayPtr repeated_;
};

// A struct child, null where the struct is null (the child array alone may hold anything there).
class FieldExpr final : public PhysicalExpr {
 public:
  FieldExpr(PhysicalExprPtr input, int child)
      : PhysicalExpr(input->type()->child(child).type), input_(std::move(input)), child_(child) {}
  Result<columnar::ArrayPtr> Evaluate(const columnar::RecordBatch& batch) const override {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr parent, input_->Evaluate(batch));
    columnar::ArrayPtr field =
        parent->children[static_cast<size_t>(child_)]->Slice(parent->offset, parent->length);
    if (parent->null_count == 0) return field;
    // Copy, with the parent's nulls.
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(type()));
    for (int64_t i = 0; i < parent->length; ++i) {
      if (parent->IsNull(i)) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
      } else {
        FLOE_RETURN_IF_ERROR(CopyValue(*field, i, *builder));
      }
    }
    return builder->Finish();
  }
  std::vector<PhysicalExprPtr> children() const override { return {input_}; }
  PhysicalExprPtr WithChildren(std::vector<PhysicalExprPtr> children) const override {
    return std::make_shared<FieldExpr>(children.at(0), child_);
  }
  std::string Fingerprint() const override {
    return fmt::format("({}).{}", input_->Fingerprint(), child_);
  }

 private:
  PhysicalExprPtr input_;
  int child_;
};

class CallExpr final : public PhysicalExpr {
 public:
  CallExpr(std::string name, Kernel kernel, std::vector<PhysicalExprPtr> args,
           columnar::DataTypePtr type)
      : PhysicalExpr(std::move(type)),
        name_(std::move(name)),
        kernel_(std::move(kernel)),
        args_(std::move(args)) {}
  Result<columnar::ArrayPtr> Evaluate(const columnar::RecordBatch& batch) const override {
    std::vector<columnar::ArrayPtr> values;
    values.reserve(args_.size());
    for (const auto& a : args_) {
      FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr v, a->Evaluate(batch));
      values.push_back(std::move(v));
    }
    auto out = kernel_(values, batch.num_rows());
    if (!out.ok()) return std::move(out).error().WithContext(name_);
    return out;
  }
  std::vector<PhysicalExprPtr> children() const override { return args_; }
  PhysicalExprPtr WithChildren(std::vector<PhysicalExprPtr> children) const override {
    return std::make_shared<CallExpr>(name_, kernel_, std::move(children), type());
  }
  // A function's kernel is chosen by its name and its arguments' and result's types.
  std::string Fingerprint() const override {
    std::string text = name_ + "(";
    for (size_t i = 0; i < args_.size(); ++i) text += (i ? ", " : "") + args_[i]->Fingerprint();
    return text + "):" + type()->ToString();
  }

 private:
  std::string name_;
  Kernel kernel_;
  std::vector<PhysicalExprPtr> args_;
};

}  // namespace

PhysicalExprPtr MakeColumnExpr(int index, columnar::DataTypePtr type) {
  return std::make_shared<ColumnExpr>(index, std::move(type));
}
PhysicalExprPtr MakeLiteralExpr(Scalar value, columnar::DataTypePtr type) {
  return std::make_shared<LiteralExpr>(std::move(value), std::move(type));
}
PhysicalExprPtr MakeFieldExpr(PhysicalExprPtr input, int child_index) {
  return std::make_shared<FieldExpr>(std::move(input), child_index);
}
PhysicalExprPtr MakeCallExpr(std::string name, Kernel kernel, std::vector<PhysicalExprPtr> args,
                             columnar::DataTypePtr type) {
  return std::make_shared<CallExpr>(std::move(name), std::move(kernel), std::move(args),
                                    std::move(type));
}

Result<Scalar> EvaluateConstant(const PhysicalExpr& expr) {
  if (const Scalar* v = expr.literal()) return *v;
  FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr out, EvaluateConstantArray(expr));
  return ScalarAt(*out, 0);
}

Result<columnar::ArrayPtr> EvaluateConstantArray(const PhysicalExpr& expr) {
  auto schema = std::make_shared<const columnar::Schema>(std::vector<columnar::Field>{});
  FLOE_ASSIGN_OR_RETURN(auto batch, columnar::RecordBatch::Make(schema, 1, {}));
  return expr.Evaluate(batch);
}

}  // namespace floe::sql
