// `floe parquet schema <file>`: the schema tree of a Parquet file in the message syntax of
// parquet-format, with logical types and field ids ("= 3").
#include <fmt/format.h>

#include "cli/command.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"

namespace floe::cli {
namespace {

using namespace floe::parquet;

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string Annotation(const SchemaNode& n) {
  if (n.logical_type) {
    const LogicalType& t = *n.logical_type;
    using K = LogicalType::Kind;
    switch (t.kind) {
      case K::kDecimal:
        return fmt::format("DECIMAL({},{})", t.precision, t.scale);
      case K::kTime:
      case K::kTimestamp:
        return fmt::format("{}({},{})", LogicalTypeKindName(t), TimeUnitName(t.unit),
                           t.is_adjusted_to_utc ? "true" : "false");
      case K::kInteger:
        return fmt::format("INTEGER({},{})", t.bit_width, t.is_signed ? "true" : "false");
      case K::kVariant:
        return t.specification_version ? fmt::format("VARIANT({})", *t.specification_version)
                                       : std::string("VARIANT");
      case K::kGeometry:
        return t.crs ? fmt::format("GEOMETRY({})", *t.crs) : std::string("GEOMETRY");
      case K::kGeography:
        return fmt::format("GEOGRAPHY({}{})", t.crs.value_or("OGC:CRS84"),
                           t.algorithm ? ", " + EdgeAlgorithmName(*t.algorithm) : "");
      default:
        return LogicalTypeKindName(t);
    }
  }
  if (n.converted_type) {
    if (n.converted_type == ConvertedType::kDecimal) {
      return fmt::format("DECIMAL({},{})", n.precision, n.scale);
    }
    return ConvertedTypeName(*n.converted_type);
  }
  return "";
}

void PrintNode(const Schema& schema, const SchemaNode& n, int depth, std::string& out) {
  std::string indent(static_cast<size_t>(depth) * 2, ' ');
  std::string line = indent + Lower(RepetitionName(n.repetition)) + " ";
  if (n.is_leaf()) {
    Type t = *n.physical_type;
    line += t == Type::kByteArray           ? std::string("binary")
            : t == Type::kFixedLenByteArray ? fmt::format("fixed_len_byte_array({})", n.type_length)
                                            : Lower(TypeName(t));
  } else {
    line += "group";
  }
  line += " " + n.name;
  std::string a = Annotation(n);
  if (!a.empty()) line += " (" + a + ")";
  if (n.field_id) line += fmt::format(" = {}", *n.field_id);
  if (n.is_leaf()) {
    out += line + fmt::format(";  # column {}, max def {}, max rep {}\n", n.column_index,
                              n.max_definition_level, n.max_repetition_level);
    return;
  }
  out += line + " {\n";
  for (int c : n.children) PrintNode(schema, schema.node(c), depth + 1, out);
  out += indent + "}\n";
}

FLOE_REGISTER_COMMAND(
    parquet_schema,
    Command{
        .name = "parquet schema",
        .summary = "print a Parquet file's schema tree with logical types and field ids",
        .usage = "floe parquet schema <file>",
        .details =
            "Prints the schema in parquet-format's message syntax: repetition, physical type,\n"
            "name, (logical or converted type) and \"= <field id>\"; each leaf notes its column\n"
            "index and maximum definition and repetition levels.",
        .example = "  floe parquet schema data/00000-0-a.parquet",
        .min_positionals = 1,
        .max_positionals = 1,
        .run = [](const Invocation& inv) -> Status {
          auto io = io::LocalFileIO();
          FLOE_ASSIGN_OR_RETURN(auto reader, FileReader::Open(*io, inv.args.positionals()[0]));
          const Schema& schema = reader->schema();
          const SchemaNode& root = schema.root();
          std::string out = "message " + root.name;
          if (root.field_id) out += fmt::format(" = {}", *root.field_id);
          out += " {\n";
          for (int c : root.children) PrintNode(schema, schema.node(c), 1, out);
          out += "}\n";
          Print(out);
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
