SET spark.sql.session.timeZone = 'UT
Spl'; USE lake.eng