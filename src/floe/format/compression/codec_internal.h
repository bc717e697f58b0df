// Helpers private to the codec implementations.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "floe/format/compression/codec.h"

namespace floe::compression::internal {

std::unique_ptr<Codec> MakeUncompressedCodec();
std::unique_ptr<Codec> MakeSnappyCodec();
std::unique_ptr<Codec> MakeGzipCodec();
std::unique_ptr<Codec> MakeDeflateCodec();
std::unique_ptr<Codec> MakeZstdCodec();
std::unique_ptr<Codec> MakeLz4RawCodec();
std::unique_ptr<Codec> MakeLz4HadoopCodec();
std::unique_ptr<Codec> MakeBrotliCodec();
std::unique_ptr<Codec> MakeBzip2Codec();
std::unique_ptr<Codec> MakeXzCodec();

// "<codec>: corrupt input: <what>".
template <typename... Args>
Error CodecCorrupt(std::string_view codec, fmt::format_string<Args...> f, Args&&... args) {
  return Corrupt("{}: corrupt compressed data: {}", codec,
                 fmt::format(f, std::forward<Args>(args)...));
}

// The most output one Decompress call may produce: exactly expected_size when given (checked
// against the hard limit), else the codec's limit.
Result<size_t> OutputLimit(const Codec& codec, std::optional<size_t> expected_size);

// The output of a streaming decoder: grows geometrically as the decoder fills it, never past
// `limit`, so memory follows the real output and not any size claimed by the input.
class GrowingOutput {
 public:
  // The buffer may hold one byte past `limit`: a decoder that fills it has exceeded the limit
  // (Exceeded()), while one that stops exactly at the limit has not.
  GrowingOutput(std::string* out, size_t limit, size_t first_guess)
      : out_(out), limit_(limit), cap_(limit + 1) {
    // No clear() first: a buffer reused across pages keeps its bytes, which the decoder
    // overwrites, instead of being zero-filled again for every page.
    out_->resize(std::min(cap_, std::max<size_t>(first_guess, 64)));
  }
  // Free space after the written part; grows the buffer when full. Zero once past the limit.
  size_t Avail() {
    if (used_ == out_->size() && out_->size() < cap_) {
      size_t next = out_->size() < (size_t{1} << 20) ? out_->size() * 4 : out_->size() * 2;
      out_->resize(std::min(cap_, next));
    }
    return out_->size() - used_;
  }
  char* Next() { return out_->data() + used_; }
  void Advance(size_t n) { used_ += n; }
  size_t used() const { return used_; }
  bool Exceeded() const { return used_ > limit_; }
  void Finish() { out_->resize(used_); }

 private:
  std::string* out_;
  size_t limit_;
  size_t cap_;
  size_t used_ = 0;
};

// A decoder stopped with output left over: either the declared size was too small, or the
// stream is a bomb larger than the limit.
Error OutputTooLarge(std::string_view codec, size_t limit, std::optional<size_t> expected_size);
// The output ended at `got` bytes but the container declared `expected`.
Status CheckExpectedSize(std::string_view codec, size_t got, std::optional<size_t> expected_size);

// Streaming zlib inflate (window_bits as for inflateInit2: -15 raw deflate, 31 gzip). With
// multi_member, gzip members following the first one are decoded too (RFC 1952 2.2).
Status ZlibInflate(std::string_view codec, std::string_view in, std::string* out, size_t limit,
                   std::optional<size_t> expected_size, int window_bits, bool multi_member);

// Checks a compression level against the codec's range; level < 0 yields the default.
Result<int> ResolveLevel(std::string_view codec, int level, int min, int max, int default_level);

inline const uint8_t* U8(std::string_view s) { return reinterpret_cast<const uint8_t*>(s.data()); }

}  // namespace floe::compression::internal
