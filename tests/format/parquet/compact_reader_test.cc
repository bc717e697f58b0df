// The Thrift compact decoder on hand-made bytes: every type, field-id deltas and the long form,
// bools in field headers, skipping unknown fields of each type, truncation and nesting limits.
#include "floe/format/parquet/thrift/compact_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/page_header.h"
#include "floe/util/bytes.h"
#include "testing/result_matchers.h"

namespace floe::parquet::thrift {
namespace {

// A tiny writer of compact-protocol bytes for the tests.
class Bytes {
 public:
  Bytes& Field(int delta, CType t) {
    out_.push_back(static_cast<char>((delta << 4) | static_cast<int>(t)));
    return *this;
  }
  Bytes& LongField(int16_t id, CType t) {
    out_.push_back(static_cast<char>(t));
    AppendVarint(out_, ZigZagEncode(id));
    return *this;
  }
  Bytes& Stop() {
    out_.push_back(0);
    return *this;
  }
  Bytes& ZigZag(int64_t v) {
    AppendVarint(out_, ZigZagEncode(v));
    return *this;
  }
  Bytes& Varint(uint64_t v) {
    AppendVarint(out_, v);
    return *this;
  }
  Bytes& Byte(uint8_t b) {
    out_.push_back(static_cast<char>(b));
    return *this;
  }
  Bytes& Binary(std::string_view s) {
    Varint(s.size());
    out_.append(s);
    return *this;
  }
  Bytes& List(CType elem, uint32_t n) {
    if (n < 15) {
      out_.push_back(static_cast<char>((n << 4) | static_cast<int>(elem)));
    } else {
      out_.push_back(static_cast<char>(0xF0 | static_cast<int>(elem)));
      Varint(n);
    }
    return *this;
  }
  Bytes& Raw(std::string_view s) {
    out_.append(s);
    return *this;
  }
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

TEST(CompactReaderTest, ReadsScalarsAndFieldIds) {
  Bytes b;
  b.Field(1, CType::kI32)
      .ZigZag(-5)
      .Field(1, CType::kI64)
      .ZigZag(int64_t{1} << 40)
      .Field(1, CType::kBinary)
      .Binary("hello")
      .Field(2, CType::kBoolTrue)   // id 5
      .Field(1, CType::kBoolFalse)  // id 6
      .LongField(300, CType::kByte)
      .Byte(0xFE)
      .Field(1, CType::kDouble)
      .Raw(std::string("\0\0\0\0\0\0\xf0\x3f", 8))  // 1.0
      .Stop();
  CompactReader r(b.str());
  ASSERT_OK(r.BeginStruct());
  auto h = r.ReadFieldHeader();
  ASSERT_OK(h);
  EXPECT_EQ(h->id, 1);
  EXPECT_EQ(*r.ReadI32(h->type), -5);
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->id, 2);
  EXPECT_EQ(*r.ReadI64(h->type), int64_t{1} << 40);
  h = r.ReadFieldHeader();
  EXPECT_EQ(*r.ReadBinary(h->type), "hello");
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->id, 5);
  EXPECT_TRUE(*r.ReadBool(h->type));
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->id, 6);
  EXPECT_FALSE(*r.ReadBool(h->type));
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->id, 300);
  EXPECT_EQ(*r.ReadI8(h->type), -2);
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->id, 301);  // deltas continue from a long-form id
  EXPECT_EQ(*r.ReadDouble(h->type), 1.0);
  h = r.ReadFieldHeader();
  EXPECT_EQ(h->type, CType::kStop);
  EXPECT_OK(r.EndStruct());
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderTest, IntegerRangeIsChecked) {
  Bytes b;
  b.ZigZag(int64_t{1} << 33);
  CompactReader r(b.str());
  auto v = r.ReadI32(CType::kI64);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().kind, ErrorKind::kCorrupt);
}

TEST(CompactReaderTest, ListsOfEveryElementKind) {
  Bytes b;
  b.List(CType::kI32, 3).ZigZag(1).ZigZag(-2).ZigZag(3);
  b.List(CType::kBoolTrue, 3).Byte(1).Byte(2).Byte(0);
  b.List(CType::kBinary, 20);
  for (int i = 0; i < 20; ++i) b.Binary("x");
  CompactReader r(b.str());
  std::vector<int32_t> ints;
  ASSERT_OK(ReadList(r, CType::kList, &ints, [&](CType t) { return r.ReadI32(t); }));
  EXPECT_EQ(ints, (std::vector<int32_t>{1, -2, 3}));
  std::vector<char> bools;
  ASSERT_OK(ReadList(r, CType::kList, &bools, [&](CType t) -> Result<char> {
    FLOE_ASSIGN_OR_RETURN(bool v, r.ReadBool(t));
    return static_cast<char>(v);
  }));
  EXPECT_EQ(bools, (std::vector<char>{1, 0, 0}));
  std::vector<std::string> strs;
  ASSERT_OK(ReadList(r, CType::kSet, &strs, [&](CType t) { return r.ReadBinary(t); }));
  EXPECT_EQ(strs.size(), 20u);
  EXPECT_EQ(r.remaining(), 0u);
}

// A struct with one known field (1: i32) and an unknown field of the given bytes after it.
std::string WithUnknownField(const Bytes& unknown) {
  Bytes b;
  b.Field(1, CType::kI32).ZigZag(42).Raw(unknown.str()).Field(1, CType::kI32).ZigZag(7).Stop();
  return b.str();
}

void ExpectSkips(const Bytes& unknown) {
  std::string bytes = WithUnknownField(unknown);
  CompactReader r(bytes);
  std::vector<int32_t> known;
  Status s = ReadStruct(r, [&](const FieldHeader& f) -> Status {
    if (f.id == 1 || f.id == 12) {
      FLOE_ASSIGN_OR_RETURN(int32_t v, r.ReadI32(f.type));
      known.push_back(v);
      return Ok();
    }
    return r.Skip(f.type);
  });
  ASSERT_OK(s);
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderTest, SkipsUnknownFieldsOfEveryType) {
  // Each unknown field has id 11 (delta 10 from field 1); the last known field is then id 12.
  ExpectSkips(Bytes().Field(10, CType::kBoolTrue));
  ExpectSkips(Bytes().Field(10, CType::kBoolFalse));
  ExpectSkips(Bytes().Field(10, CType::kByte).Byte(9));
  ExpectSkips(Bytes().Field(10, CType::kI16).ZigZag(-300));
  ExpectSkips(Bytes().Field(10, CType::kI32).ZigZag(1 << 20));
  ExpectSkips(Bytes().Field(10, CType::kI64).ZigZag(int64_t{1} << 50));
  ExpectSkips(Bytes().Field(10, CType::kDouble).Raw(std::string(8, '\x01')));
  ExpectSkips(Bytes().Field(10, CType::kBinary).Binary("skip me"));
  ExpectSkips(Bytes().Field(10, CType::kUuid).Raw(std::string(16, '\x02')));
  ExpectSkips(Bytes().Field(10, CType::kList).List(CType::kI64, 2).ZigZag(1).ZigZag(2));
  ExpectSkips(Bytes().Field(10, CType::kSet).List(CType::kBinary, 1).Binary("a"));
  ExpectSkips(Bytes().Field(10, CType::kList).List(CType::kBoolTrue, 2).Byte(1).Byte(2));
  // map<i32, string> of two entries, and an empty map
  ExpectSkips(Bytes()
                  .Field(10, CType::kMap)
                  .Varint(2)
                  .Byte(0x58)
                  .ZigZag(1)
                  .Binary("a")
                  .ZigZag(2)
                  .Binary("b"));
  ExpectSkips(Bytes().Field(10, CType::kMap).Varint(0));
  // nested struct with a list of structs inside and a bool field
  ExpectSkips(Bytes()
                  .Field(10, CType::kStruct)
                  .Field(1, CType::kList)
                  .List(CType::kStruct, 2)
                  .Field(1, CType::kI32)
                  .ZigZag(5)
                  .Stop()
                  .Field(2, CType::kBoolTrue)
                  .Stop()
                  .Field(3, CType::kBoolFalse)
                  .Stop());
}

TEST(CompactReaderTest, TruncationIsCorrupt) {
  Bytes full;
  full.Field(1, CType::kBinary)
      .Binary("abcdef")
      .Field(1, CType::kList)
      .List(CType::kI32, 2)
      .ZigZag(1)
      .ZigZag(2)
      .Field(1, CType::kStruct)
      .Field(1, CType::kDouble)
      .Raw(std::string(8, '\0'))
      .Stop()
      .Stop();
  for (size_t n = 0; n < full.str().size(); ++n) {
    std::string prefix = full.str().substr(0, n);
    CompactReader r(prefix);
    Status s = r.Skip(CType::kStruct);
    ASSERT_FALSE(s.ok()) << n;
    EXPECT_EQ(s.error().kind, ErrorKind::kCorrupt);
  }
  CompactReader r(full.str());
  EXPECT_OK(r.Skip(CType::kStruct));
}

TEST(CompactReaderTest, HugeClaimedSizesAreCorruptWithoutAllocating) {
  {
    Bytes b;
    b.Varint(uint64_t{1} << 40).Raw("abc");  // a binary claiming a terabyte
    CompactReader r(b.str());
    EXPECT_FALSE(r.ReadBinary(CType::kBinary).ok());
  }
  {
    Bytes b;
    b.List(CType::kI64, 2000000000u).ZigZag(1);
    CompactReader r(b.str());
    EXPECT_FALSE(r.BeginList().ok());
  }
  {
    Bytes b;
    b.Varint(1000000).Byte(0x88).Raw("xy");  // map<binary, binary>
    CompactReader r(b.str());
    EXPECT_FALSE(r.BeginMap().ok());
  }
  {
    Bytes b;
    b.Raw(std::string(12, '\xff'));  // a varint longer than 10 bytes
    CompactReader r(b.str());
    EXPECT_FALSE(r.ReadI64(CType::kI64).ok());
  }
}

TEST(CompactReaderTest, NestingDeeperThanTheLimitIsCorrupt) {
  // 100 nested structs, each the first field (id 1) of the one before.
  std::string deep;
  for (int i = 0; i < 100; ++i) deep.push_back(static_cast<char>(0x1C));
  deep.append(101, '\0');
  CompactReader r(deep);
  Status s = r.Skip(CType::kStruct);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("nesting"), std::string::npos) << s.error().message;

  // Nested lists too.
  std::string lists(200, static_cast<char>(0x19));  // list of 1 list, ...
  CompactReader r2(lists);
  EXPECT_FALSE(r2.Skip(CType::kList).ok());

  // Within the limit it works.
  std::string ok;
  for (int i = 0; i < 10; ++i) ok.push_back(static_cast<char>(0x1C));
  ok.append(11, '\0');
  CompactReader r3(ok);
  EXPECT_OK(r3.Skip(CType::kStruct));
}

TEST(CompactReaderTest, InvalidTypesAreCorrupt) {
  std::string b1("\x1e\x00", 2), b2("\x1f", 1), b3("\x01\x05", 2);
  CompactReader r(b1);  // field type 14 does not exist
  EXPECT_FALSE(r.Skip(CType::kStruct).ok());
  CompactReader r2(b2);
  ASSERT_OK(r2.BeginStruct());
  EXPECT_FALSE(r2.ReadFieldHeader().ok());
  CompactReader r3(b3);  // bool bytes 1 and 5 in a list
  auto v = r3.ReadBool(CType::kBoolTrue);
  EXPECT_TRUE(*v);
  EXPECT_FALSE(r3.ReadBool(CType::kBoolTrue).ok());
}

TEST(CompactReaderTest, TypeMismatchOfAKnownFieldIsCorrupt) {
  Bytes b;
  b.Field(1, CType::kBinary).Binary("x").Stop();
  CompactReader r(b.str());
  ASSERT_OK(r.BeginStruct());
  auto h = r.ReadFieldHeader();
  auto v = r.ReadI32(h->type);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error().message.find("expected an integer"), std::string::npos);
}

// A FileMetaData with fields a future writer might add (ids 50 and 51, and an unknown
// LogicalType member) still decodes.
TEST(CompactReaderTest, FileMetaDataSkipsNewFields) {
  Bytes b;
  b.Field(1, CType::kI32).ZigZag(2);
  b.Field(1, CType::kList).List(CType::kStruct, 2);
  // root: name "schema", num_children 1
  b.Field(4, CType::kBinary).Binary("schema").Field(1, CType::kI32).ZigZag(1).Stop();
  // leaf: type INT64, repetition REQUIRED, name "x", logicalType {42: {}}, field 60: map
  b.Field(1, CType::kI32)
      .ZigZag(2)
      .Field(2, CType::kI32)
      .ZigZag(0)
      .Field(1, CType::kBinary)
      .Binary("x")
      .Field(6, CType::kStruct)
      .LongField(42, CType::kStruct)
      .Stop()
      .Stop()
      .LongField(60, CType::kMap)
      .Varint(1)
      .Byte(0x88)
      .Binary("k")
      .Binary("v")
      .Stop();
  b.Field(1, CType::kI64).ZigZag(0);                 // 3 num_rows
  b.Field(1, CType::kList).List(CType::kStruct, 0);  // 4 row_groups
  b.Field(2, CType::kI32).ZigZag(5);  // 6 created_by with a type it does not have: skipped
  b.LongField(50, CType::kStruct).Field(1, CType::kBinary).Binary("future").Stop();
  b.Field(1, CType::kDouble).Raw(std::string(8, '\0'));  // 51
  b.Stop();
  auto md = DecodeFileMetaData(b.str());
  ASSERT_OK(md);
  EXPECT_EQ(md->version, 2);
  ASSERT_EQ(md->schema.size(), 2u);
  EXPECT_EQ(md->schema[1].name, "x");
  ASSERT_TRUE(md->schema[1].logical_type);
  EXPECT_EQ(md->schema[1].logical_type->kind, LogicalType::Kind::kUnrecognized);
  EXPECT_EQ(md->schema[1].logical_type->unrecognized_id, 42);
  EXPECT_FALSE(md->created_by.has_value());
}

TEST(CompactReaderTest, MissingRequiredFieldIsCorrupt) {
  Bytes b;
  b.Field(1, CType::kI32).ZigZag(1).Stop();  // only version
  auto md = DecodeFileMetaData(b.str());
  ASSERT_FALSE(md.ok());
  EXPECT_EQ(md.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(md.error().message.find("schema"), std::string::npos) << md.error().message;
}

TEST(CompactReaderTest, PageHeaderDecodes) {
  Bytes b;
  b.Field(1, CType::kI32)
      .ZigZag(0)  // DATA_PAGE
      .Field(1, CType::kI32)
      .ZigZag(100)  // uncompressed
      .Field(1, CType::kI32)
      .ZigZag(80)  // compressed
      .Field(1, CType::kI32)
      .ZigZag(-12345)  // crc
      .Field(1, CType::kStruct)
      .Field(1, CType::kI32)
      .ZigZag(10)
      .Field(1, CType::kI32)
      .ZigZag(8)
      .Field(1, CType::kI32)
      .ZigZag(3)
      .Field(1, CType::kI32)
      .ZigZag(3)
      .Field(1, CType::kStruct)
      .Field(3, CType::kI64)
      .ZigZag(2)
      .Stop()
      .Stop()
      .Stop();
  std::string bytes = b.str() + "page data";
  size_t header_size = 0;
  auto h =
      DecodePageHeader(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &header_size);
  ASSERT_OK(h);
  EXPECT_EQ(header_size, b.str().size());
  EXPECT_EQ(h->type, PageType::kDataPage);
  EXPECT_EQ(h->compressed_page_size, 80);
  EXPECT_EQ(*h->crc, -12345);
  ASSERT_TRUE(h->data_page_header);
  EXPECT_EQ(h->data_page_header->num_values, 10);
  EXPECT_EQ(h->data_page_header->encoding, Encoding::kRleDictionary);
  EXPECT_EQ(*h->data_page_header->statistics->null_count, 2);

  // A data page without its data_page_header is corrupt.
  Bytes bad;
  bad.Field(1, CType::kI32)
      .ZigZag(0)
      .Field(1, CType::kI32)
      .ZigZag(1)
      .Field(1, CType::kI32)
      .ZigZag(1)
      .Stop();
  EXPECT_FALSE(DecodePageHeader(reinterpret_cast<const uint8_t*>(bad.str().data()),
                                bad.str().size(), &header_size)
                   .ok());
}

}  // namespace
}  // namespace floe::parquet::thrift
