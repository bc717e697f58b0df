// md5, sha1 / sha and sha2 (digest_functions.cc): Spark's documented outputs for 'Spark', the
// other SHA-2 lengths against Python's hashlib, NULLs, binary input and the bad bit length.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class DigestFunctionsTest : public SqlScriptTest {};

TEST_F(DigestFunctionsTest, HexDigestsAsSpark) {
  EXPECT_EQ(Run("SELECT md5('Spark') AS a, sha1('Spark') AS b, sha('Spark') AS c, "
                "sha2('Spark', 256) AS d, sha2('Spark', 0) AS e"),
            "a,b,c,d,e\n8cde774d6f7333752ed72cacddb05126,85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c,"
            "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c,"
            "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b,"
            "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b\n");
  EXPECT_EQ(Run("SELECT sha2('Spark', 224) AS a, sha2('Spark', 384) AS b"),
            "a,b\ndbeab94971678d36af2195851c0f7485775a2a7c60073d62fc04549c,"
            "1e40b8d06c248a1cc32428c22582b6219d072283078fa140d9ad297ecadf2cabefc341b857ad36226aa8d6"
            "d79f2ab67d\n");
  EXPECT_EQ(Run("SELECT sha2('Spark', 512) AS a"),
            "a\n44844a586c54c9a212da1dbfe05c5f1705de1af5fda1f0d36297623249b279fd8f0ccec03f888f4fb1"
            "3bf7cd83fdad58591c797f81121a23cfdd5e0897795238\n");
  // The empty string, UTF-8 bytes, binary input; NULL in, NULL out; an unknown length is NULL.
  EXPECT_EQ(Run("SELECT md5('') AS a, md5('é') AS b, md5(CAST('Spark' AS BINARY)) AS c, "
                "md5(NULL) AS d, sha2('Spark', 123) AS e, sha2('Spark', NULL) AS f"),
            "a,b,c,d,e,f\nd41d8cd98f00b204e9800998ecf8427e,66ddcd97cfdeabb2f6fb8a999b4bc76f,"
            "8cde774d6f7333752ed72cacddb05126,,,\n");
  std::string error = Run("SELECT md5(1)");
  EXPECT_NE(error.find("md5 of int: takes a string or binary"), std::string::npos) << error;
  error = Run("SELECT sha2('x')");
  EXPECT_NE(error.find("sha2 takes a value and a bit length, not 1 arguments"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace floe::sql
