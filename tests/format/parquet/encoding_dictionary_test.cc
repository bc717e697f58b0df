#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "floe/format/parquet/encoding/dictionary.h"
#include "floe/format/parquet/encoding/plain.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "format/parquet/byte_span.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

// A data page's values: the bit-width byte, then the RLE/bit-packed indices.
std::string IndexPage(const std::vector<uint32_t>& indices, int width) {
  std::string page(1, static_cast<char>(width));
  RleBitPackedEncoder e(width);
  e.PutValues(indices.data(), static_cast<int64_t>(indices.size()));
  e.Flush(&page);
  return page;
}

TEST(EncodingDictionaryTest, Int64Dictionary) {
  std::vector<int64_t> dict_values = {100, -5, 1LL << 40};
  std::string dict_page;
  EncodePlain(dict_values.data(), 3, &dict_page);
  auto dict = FixedWidthDictionary::FromPlain(Span(dict_page), 3, 8);
  ASSERT_OK(dict);
  std::vector<uint32_t> idx;
  std::mt19937 rng(1);
  for (int i = 0; i < 3000; ++i) idx.push_back(rng() % 3);
  std::string page = IndexPage(idx, 2);
  DictionaryIndexDecoder decoder;
  ASSERT_OK(decoder.Init(Span(page)));
  std::vector<int64_t> out(3000);
  ASSERT_OK(DecodeDictionaryPage(decoder, *dict, 3000, out.data()));
  for (size_t i = 0; i < idx.size(); ++i) ASSERT_EQ(out[i], dict_values[idx[i]]);
  std::vector<int32_t> wrong(1);
  EXPECT_FALSE(DecodeDictionaryPage(decoder, *dict, 1, wrong.data()).ok());
}

TEST(EncodingDictionaryTest, StringDictionaryIntoBuilder) {
  std::vector<std::string_view> words = {"apple", "", "cherry", "date"};
  std::string dict_page;
  EncodePlainByteArray(words.data(), 4, &dict_page);
  auto dict = ByteArrayDictionary::FromPlain(Span(dict_page), 4);
  ASSERT_OK(dict);
  EXPECT_EQ(dict->size(), 4);
  EXPECT_EQ(dict->value(2), "cherry");
  std::vector<uint32_t> idx;
  for (int i = 0; i < 2500; ++i) idx.push_back(static_cast<uint32_t>((i * 7) % 4));
  std::string page = IndexPage(idx, 3);
  DictionaryIndexDecoder decoder;
  ASSERT_OK(decoder.Init(Span(page)));
  columnar::BinaryBuilder b(columnar::Utf8());
  ASSERT_OK(DecodeDictionaryPage(decoder, *dict, 2500, &b));
  auto arr = b.Finish();
  ASSERT_OK(arr);
  ASSERT_EQ((*arr)->length, 2500);
  for (int i = 0; i < 2500; ++i) ASSERT_EQ((*arr)->GetView(i), words[idx[static_cast<size_t>(i)]]);
  EXPECT_OK((*arr)->Validate());
}

// Entries of one common length (1-9 bytes: flags, codes) take Gather's fixed-size path; a null
// and a value appended first check that the gathered values follow what the builder holds.
TEST(EncodingDictionaryTest, StringDictionaryOfOneLength) {
  std::mt19937 rng(7);
  for (int length = 1; length <= 9; ++length) {
    SCOPED_TRACE(length);
    std::vector<std::string> entries;
    for (int e = 0; e < 5; ++e) {
      std::string v;
      for (int c = 0; c < length; ++c) v.push_back(static_cast<char>('a' + rng() % 26));
      entries.push_back(v);
    }
    std::vector<std::string_view> views(entries.begin(), entries.end());
    std::string dict_page;
    EncodePlainByteArray(views.data(), 5, &dict_page);
    auto dict = ByteArrayDictionary::FromPlain(Span(dict_page), 5);
    ASSERT_OK(dict);
    std::vector<uint32_t> idx;
    for (int i = 0; i < 3000; ++i) idx.push_back(static_cast<uint32_t>(rng() % 5));
    columnar::BinaryBuilder b(columnar::Utf8());
    ASSERT_OK(b.AppendNulls(1));
    ASSERT_OK(b.Append("before"));
    ASSERT_OK(dict->Gather(idx.data(), 3000, &b));
    auto arr = b.Finish();
    ASSERT_OK(arr);
    ASSERT_EQ((*arr)->length, 3002);
    EXPECT_TRUE((*arr)->IsNull(0));
    EXPECT_EQ((*arr)->GetView(1), "before");
    for (int i = 0; i < 3000; ++i) {
      ASSERT_FALSE((*arr)->IsNull(i + 2));
      ASSERT_EQ((*arr)->GetView(i + 2), entries[idx[static_cast<size_t>(i)]]);
    }
    EXPECT_OK((*arr)->Validate());
    idx[2999] = 5;  // out of range
    columnar::BinaryBuilder bad(columnar::Utf8());
    EXPECT_EQ(dict->Gather(idx.data(), 3000, &bad).error().kind, ErrorKind::kCorrupt);
  }
}

TEST(EncodingDictionaryTest, FixedLenDictionary) {
  std::string dict_page = "0123456789abcdefFEDCBA9876543210";  // two uuids
  auto dict = FixedWidthDictionary::FromPlain(Span(dict_page), 2, 16);
  ASSERT_OK(dict);
  std::string page = IndexPage({1, 0, 1}, 1);
  DictionaryIndexDecoder decoder;
  ASSERT_OK(decoder.Init(Span(page)));
  std::string out(48, '\0');
  ASSERT_OK(DecodeDictionaryPage(decoder, *dict, 3, reinterpret_cast<uint8_t*>(out.data())));
  EXPECT_EQ(out, dict_page.substr(16) + dict_page.substr(0, 16) + dict_page.substr(16));
}

TEST(EncodingDictionaryTest, Corrupt) {
  std::vector<int32_t> vals = {1, 2};
  std::string dict_page;
  EncodePlain(vals.data(), 2, &dict_page);
  // More values than the page holds.
  EXPECT_EQ(FixedWidthDictionary::FromPlain(Span(dict_page), 3, 4).error().kind,
            ErrorKind::kCorrupt);
  EXPECT_EQ(ByteArrayDictionary::FromPlain(Span(dict_page), int64_t{1} << 40).error().kind,
            ErrorKind::kCorrupt);
  auto dict = FixedWidthDictionary::FromPlain(Span(dict_page), 2, 4);
  ASSERT_OK(dict);
  // An index out of range.
  std::string page = IndexPage({0, 1, 2}, 2);
  DictionaryIndexDecoder decoder;
  ASSERT_OK(decoder.Init(Span(page)));
  int32_t out[3];
  EXPECT_EQ(DecodeDictionaryPage(decoder, *dict, 3, out).error().kind, ErrorKind::kCorrupt);
  // A bit width above 32.
  EXPECT_EQ(decoder.Init(Span(std::string("\x21\x02\x00", 3))).error().kind, ErrorKind::kCorrupt);
  // Fewer indices than values.
  std::string short_page = IndexPage({0, 1}, 1);
  ASSERT_OK(decoder.Init(Span(short_page)));
  int32_t many[100];
  EXPECT_EQ(DecodeDictionaryPage(decoder, *dict, 100, many).error().kind, ErrorKind::kCorrupt);
}

}  // namespace
}  // namespace floe::parquet
