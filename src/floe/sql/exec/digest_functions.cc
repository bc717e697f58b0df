// md5(x), sha1(x) / sha(x) and sha2(x, bits): Spark's digest functions (functions.h), computed
// with OpenSSL's EVP digests. x is a string (its UTF-8 bytes) or binary; the result is the digest
// as lower-case hex. sha2 takes 224, 256 (or 0, meaning 256), 384 or 512 bits; any other length,
// as a NULL one, gives NULL, as in Spark.
#include <openssl/evp.h>

#include <string>

#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

Result<Scalar> HexDigest(const EVP_MD* md, std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, md, nullptr) != 1)
    return Internal("OpenSSL digest {} failed", EVP_MD_get0_name(md));
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(length * 2, '0');
  for (unsigned int i = 0; i < length; ++i) {
    out[2 * i] = kHex[digest[i] >> 4];
    out[2 * i + 1] = kHex[digest[i] & 15];
  }
  return Scalar::String(std::move(out));
}

const EVP_MD* Sha2Of(int64_t bits) {
  switch (bits) {
    case 0:
    case 256:
      return EVP_sha256();
    case 224:
      return EVP_sha224();
    case 384:
      return EVP_sha384();
    case 512:
      return EVP_sha512();
    default:
      return nullptr;
  }
}

}  // namespace

FamilyBinding BindDigestFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                 const EvalContextPtr&) {
  const bool sha2 = name == "sha2";
  if (name != "md5" && name != "sha1" && name != "sha" && !sha2) return std::nullopt;
  const size_t want = sha2 ? 2 : 1;
  if (args.size() != want) {
    return FamilyBinding(InvalidArgument("{} takes {}, not {} arguments", name,
                                         sha2 ? "a value and a bit length" : "one argument",
                                         args.size()));
  }
  const TypeId id = args[0]->id();
  if (id != TypeId::kString && id != TypeId::kBinary && id != TypeId::kNull) {
    return FamilyBinding(
        InvalidArgument("{} of {}: takes a string or binary", name, SparkTypeName(*args[0])));
  }
  std::vector<DataTypePtr> types{id == TypeId::kNull ? columnar::Utf8() : args[0]};
  if (sha2) {
    if (!IsIntegral(*args[1]) && args[1]->id() != TypeId::kNull) {
      return FamilyBinding(
          InvalidArgument("sha2: the bit length must be an int, not {}", SparkTypeName(*args[1])));
    }
    types.push_back(columnar::Int32());
    return FamilyBinding(FunctionBinding{
        columnar::Utf8(), types,
        MakeRowKernel(columnar::Utf8(), [](const std::vector<Scalar>& v) -> Result<Scalar> {
          const EVP_MD* md = Sha2Of(v[1].as_int());
          if (md == nullptr) return Scalar::Null();
          return HexDigest(md, v[0].as_string());
        })});
  }
  const EVP_MD* md = name == "md5" ? EVP_md5() : EVP_sha1();
  return FamilyBinding(FunctionBinding{
      columnar::Utf8(), types,
      MakeRowKernel(columnar::Utf8(), [md](const std::vector<Scalar>& v) -> Result<Scalar> {
        return HexDigest(md, v[0].as_string());
      })});
}

}  // namespace floe::sql
