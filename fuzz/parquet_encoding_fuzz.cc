// Page value decoding: every Parquet encoding decoder on arbitrary bytes. The first byte picks
// the decoder and its parameters, the second the value count; the rest is the page data. A
// decoder may fail (Corrupt) but never read out of bounds, allocate without bound or hit UB.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/encoding/byte_stream_split.h"
#include "floe/format/parquet/encoding/delta_binary_packed.h"
#include "floe/format/parquet/encoding/delta_byte_array.h"
#include "floe/format/parquet/encoding/delta_length_byte_array.h"
#include "floe/format/parquet/encoding/dictionary.h"
#include "floe/format/parquet/encoding/plain.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"

using namespace floe;
using namespace floe::parquet;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t selector = data[0];
  const int64_t n = int64_t{data[1]} * 16 + 1;  // up to 4081 values: bounded output buffers
  std::span<const uint8_t> page(data + 2, size - 2);
  std::vector<uint64_t> out(static_cast<size_t>(n) * 2 + 8);
  switch (selector % 9) {
    case 0: {
      RleBitPackedDecoder d;
      if (d.Init(page, selector / 9 % 33).ok())
        (void)d.GetBatch(reinterpret_cast<uint32_t*>(out.data()), n);
      break;
    }
    case 1: {
      DeltaBinaryPackedDecoder<int32_t> d;
      if (d.Init(page).ok()) {
        (void)d.Decode(reinterpret_cast<int32_t*>(out.data()), std::min(n, d.values_left()));
      }
      break;
    }
    case 2: {
      DeltaBinaryPackedDecoder<int64_t> d;
      if (d.Init(page).ok()) {
        (void)d.Decode(reinterpret_cast<int64_t*>(out.data()), std::min(n, d.values_left()));
      }
      break;
    }
    case 3: {
      DeltaLengthByteArrayDecoder d;
      columnar::BinaryBuilder b;
      if (d.Init(page, n).ok()) (void)d.Decode(d.values_left(), &b);
      break;
    }
    case 4: {
      DeltaByteArrayDecoder d;
      columnar::BinaryBuilder b;
      if (d.Init(page, n).ok()) (void)d.Decode(d.values_left(), &b);
      break;
    }
    case 5: {
      ByteStreamSplitDecoder d;
      const int width = 1 + selector / 9 % 16;
      std::vector<uint8_t> bytes(static_cast<size_t>(n) * static_cast<size_t>(width));
      if (d.Init(page, width).ok()) (void)d.Decode(std::min(n, d.values_left()), bytes.data());
      break;
    }
    case 6: {
      columnar::BinaryBuilder b;
      (void)DecodePlainByteArray(page, n, &b);
      PlainBooleanDecoder bools;
      bools.Init(page);
      (void)bools.Decode(n, reinterpret_cast<uint8_t*>(out.data()));
      break;
    }
    case 7: {
      // A dictionary from the first half, indices from the second.
      const size_t half = page.size() / 2;
      auto dict = ByteArrayDictionary::FromPlain(page.first(half), selector / 9 % 8);
      DictionaryIndexDecoder idx;
      if (dict.ok() && idx.Init(page.subspan(half)).ok()) {
        columnar::BinaryBuilder b;
        (void)DecodeDictionaryPage(idx, *dict, n, &b);
      }
      break;
    }
    case 8: {
      const size_t half = page.size() / 2;
      auto dict = FixedWidthDictionary::FromPlain(page.first(half), selector / 9 % 8, 8);
      DictionaryIndexDecoder idx;
      if (dict.ok() && idx.Init(page.subspan(half)).ok()) {
        (void)DecodeDictionaryPage(idx, *dict, n, reinterpret_cast<int64_t*>(out.data()));
      }
      break;
    }
  }
  return 0;
}
