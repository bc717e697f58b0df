// date_format, from_unixtime and unix_timestamp with Spark's datetime patterns
// (datetime_format_functions.cc, datetime_pattern.h): every supported letter on one timestamp,
// the session time zone, parsing with and without an offset, NULLs and the errors.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class DatetimeFormatFunctionsTest : public SqlScriptTest {};

const char kTs[] = "TIMESTAMP '2026-03-05 14:07:09.123456'";

TEST_F(DatetimeFormatFunctionsTest, DateFormatLetters) {
  const std::string ts = kTs;
  EXPECT_EQ(Rows("SELECT date_format(" + ts + ", 'yyyy-MM-dd HH:mm:ss') AS a, date_format(" + ts +
                 ", 'yy/M/d h:mm a') AS b, date_format(" + ts +
                 ", 'MMM MMMM EEE EEEE E') AS c, date_format(" + ts + ", 'SSS SSSSSS S D Q') AS d"),
            "2026-03-05 14:07:09,26/3/5 2:07 PM,Mar March Thu Thursday Thu,123 123456 1 64 1\n");
  EXPECT_EQ(Rows("SELECT date_format(" + ts + ", '''at'' HH ''o''''clock''') AS a, date_format(" +
                 ts + ", 'XXX xxx Z VV') AS b, date_format(" + ts +
                 ", 'k K hh') AS c, date_format(TIMESTAMP '2026-03-05 00:30:00', 'k K h a') AS d"),
            "at 14 o'clock,Z +00:00 +0000 UTC,14 2 02,24 0 12 AM\n");
  // Spark's documentation: date_format('2016-04-08', 'y') is 2016 (a string is a timestamp).
  EXPECT_EQ(Rows("SELECT date_format('2016-04-08', 'y') AS a, date_format(DATE '2026-01-09', "
                 "'D EEEE') AS b, date_format(NULL, 'y') AS c, date_format(" +
                 ts + ", NULL) AS d"),
            "2016,9 Friday,,\n");
  std::string error = Run("SELECT date_format(" + ts + ", 'yyyy-MM-dd bb')");
  EXPECT_NE(error.find("datetime pattern 'yyyy-MM-dd bb': the letter 'b' is not supported"),
            std::string::npos)
      << error;
  error = Run("SELECT date_format(" + ts + ", 'yyyy ''open')");
  EXPECT_NE(error.find("datetime pattern 'yyyy 'open': unclosed quote"), std::string::npos)
      << error;
}

TEST_F(DatetimeFormatFunctionsTest, SessionTimeZone) {
  EXPECT_EQ(Run("SET TIME ZONE 'Asia/Seoul'; SELECT date_format(TIMESTAMP '2026-03-05 "
                "14:07:09+00:00', 'yyyy-MM-dd HH:mm XXX VV') AS a, from_unixtime(0) AS b, "
                "unix_timestamp('2026-03-05 14:07:09') AS c, date_format(TIMESTAMP_NTZ "
                "'2026-03-05 14:07:09', 'HH:mm') AS d"),
            "-- time zone Asia/Seoul\na,b,c,d\n2026-03-05 23:07 +09:00 Asia/Seoul,1970-01-01 "
            "09:00:00,1772687229,14:07\n");
}

TEST_F(DatetimeFormatFunctionsTest, FromUnixtime) {
  EXPECT_EQ(Rows("SELECT from_unixtime(0) AS a, from_unixtime(1772719629) AS b, "
                 "from_unixtime(1772719629, 'dd.MM.yy HH:mm') AS c, from_unixtime(-1) AS d, "
                 "from_unixtime(NULL) AS e"),
            "1970-01-01 00:00:00,2026-03-05 14:07:09,05.03.26 14:07,1969-12-31 23:59:59,\n");
}

TEST_F(DatetimeFormatFunctionsTest, UnixTimestamp) {
  const std::string ts = kTs;
  // now: the fixture's 2026-03-05T10:00:00Z.
  EXPECT_EQ(Rows("SELECT unix_timestamp() AS a, unix_timestamp(" + ts +
                 ") AS b, unix_timestamp(DATE '2026-03-05') AS c, "
                 "unix_timestamp('2026-03-05 14:07:09') AS d, "
                 "unix_timestamp('2016-04-08', 'yyyy-MM-dd') AS e, to_unix_timestamp('nonsense') "
                 "AS f, unix_timestamp(NULL) AS g"),
            "1772704800,1772719629,1772668800,1772719629,1460073600,,\n");
  EXPECT_EQ(Rows("SELECT unix_timestamp('05/03/2026 2:07 PM', 'dd/MM/yyyy h:mm a') AS a, "
                 "unix_timestamp('2026-03-05T14:07:09+09:00', 'yyyy-MM-dd''T''HH:mm:ssXXX') AS b, "
                 "unix_timestamp('2026-02-30', 'yyyy-MM-dd') AS c, "
                 "unix_timestamp('5 Mar 2026', 'd MMM yyyy') AS d, "
                 "unix_timestamp('2026-03-05 14:07:09.5', 'yyyy-MM-dd HH:mm:ss.S') AS e"),
            "1772719620,1772687229,,1772668800,1772719629\n");
}

}  // namespace
}  // namespace floe::sql
