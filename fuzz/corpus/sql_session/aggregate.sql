SELECT s, count(*), sum(m), avg(d), min(ts), max(dt), count(DISTINCT i) FROM f.t GROUP BY s HAVING count(*) > 0 ORDER BY 1
