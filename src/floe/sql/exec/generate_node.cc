#include "floe/sql/exec/generate_node.h"

#include "floe/columnar/array_builder.h"
#include "floe/expr/filter_batch.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::RecordBatch;
using columnar::TypeId;

Result<std::vector<DataTypePtr>> GeneratedColumnTypes(const columnar::DataType& container_type,
                                                      bool with_position) {
  std::vector<DataTypePtr> out;
  if (with_position) out.push_back(columnar::Int32());
  if (container_type.id() == TypeId::kList) {
    out.push_back(container_type.value_field().type);
  } else if (container_type.id() == TypeId::kMap) {
    out.push_back(container_type.key_field().type);
    out.push_back(container_type.item_field().type);
  } else {
    return InvalidArgument("explode takes an array or a map, not {}",
                           SparkTypeName(container_type));
  }
  return out;
}

namespace {

class GenerateNode final : public PlanNode {
 public:
  GenerateNode(PlanNodePtr input, GeneratorSpec spec, columnar::SchemaPtr schema)
      : PlanNode(std::move(schema)), input_(std::move(input)), spec_(std::move(spec)) {}

  Status Run(const BatchSink& sink) override {
    return input_->Run([&](const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(RecordBatch out, Generate(batch));
      if (out.num_rows() == 0) return Ok();
      return sink(out);
    });
  }

  std::string Describe() const override {
    return "Generate " + spec_.description + (spec_.outer ? " (outer)" : "");
  }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  Result<RecordBatch> Generate(const RecordBatch& batch) {
    FLOE_ASSIGN_OR_RETURN(ArrayPtr container, spec_.container->Evaluate(batch));
    const bool is_map = container->type->id() == TypeId::kMap;
    // For every output row: its input row, and its element's position in the container's child
    // (-1: the NULL row of an outer generator).
    std::vector<int64_t> rows, elements;
    std::vector<int32_t> positions;
    for (int64_t row = 0; row < batch.num_rows(); ++row) {
      int32_t start = 0, end = 0;
      if (container->IsValid(row)) {
        start = container->ListStart(row);
        end = container->ListEnd(row);
      }
      for (int32_t j = start; j < end; ++j) {
        rows.push_back(row);
        elements.push_back(j);
        positions.push_back(j - start);
      }
      if (start == end && spec_.outer) {
        rows.push_back(row);
        elements.push_back(-1);
        positions.push_back(-1);
      }
    }
    std::vector<ArrayPtr> columns;
    for (int c = 0; c < batch.num_columns(); ++c) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr taken, expr::TakeRows(*batch.column(c), rows));
      columns.push_back(std::move(taken));
    }
    const int first_generated = batch.num_columns();
    if (spec_.with_position) {
      columnar::Int32Builder pos(schema()->field(first_generated).type);
      FLOE_RETURN_IF_ERROR(pos.Reserve(static_cast<int64_t>(positions.size())));
      for (int32_t p : positions) {
        if (p < 0) {
          FLOE_RETURN_IF_ERROR(pos.AppendNull());
        } else {
          pos.UnsafeAppend(p);
        }
      }
      FLOE_ASSIGN_OR_RETURN(ArrayPtr array, pos.Finish());
      columns.push_back(std::move(array));
    }
    // A list's elements are its child at the list offsets; a map's keys and values are the
    // children of its entries struct, which does not carry the struct's offset.
    std::vector<std::pair<const columnar::ArrayData*, int64_t>> sources;  // array, index shift
    if (is_map) {
      const columnar::ArrayData& entries = *container->children[0];
      sources.emplace_back(entries.children[0].get(), entries.offset);
      sources.emplace_back(entries.children[1].get(), entries.offset);
    } else {
      sources.emplace_back(container->children[0].get(), 0);
    }
    for (size_t k = 0; k < sources.size(); ++k) {
      const auto& [source, shift] = sources[k];
      int field = first_generated + (spec_.with_position ? 1 : 0) + static_cast<int>(k);
      FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(schema()->field(field).type));
      for (int64_t e : elements) {
        if (e < 0) {
          FLOE_RETURN_IF_ERROR(builder->AppendNull());
        } else {
          FLOE_RETURN_IF_ERROR(CopyValue(*source, e + shift, *builder));
        }
      }
      FLOE_ASSIGN_OR_RETURN(ArrayPtr array, builder->Finish());
      columns.push_back(std::move(array));
    }
    return RecordBatch::Make(schema(), static_cast<int64_t>(rows.size()), std::move(columns));
  }

  PlanNodePtr input_;
  GeneratorSpec spec_;
};

}  // namespace

PlanNodePtr MakeGenerateNode(PlanNodePtr input, GeneratorSpec spec) {
  std::vector<columnar::Field> fields = input->schema()->fields();
  auto types = GeneratedColumnTypes(*spec.container->type(), spec.with_position);
  if (types.ok()) {
    for (size_t i = 0; i < types->size() && i < spec.names.size(); ++i) {
      fields.emplace_back(spec.names[i], (*types)[i], true);
    }
  }
  auto schema = std::make_shared<const columnar::Schema>(std::move(fields));
  return std::make_shared<GenerateNode>(std::move(input), std::move(spec), std::move(schema));
}

}  // namespace floe::sql
