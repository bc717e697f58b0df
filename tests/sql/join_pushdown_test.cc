// WHERE and ON conjuncts pushed through joins: each table's own conjuncts reach its scan (pruning
// files by partition values and metrics), except where a left join's NULL-extended rows would
// change. Results are compared with a brute-force evaluation of the same query over the rows the
// test inserted; EXPLAIN shows where each conjunct went and which files each scan skipped.
#include <fmt/format.h>

#include <map>
#include <optional>
#include <random>
#include <set>

#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

struct Order {
  int id;
  int cust;
  std::optional<std::string> region;
  int day;  // of March 2026
};

struct Customer {
  int cust;
  std::optional<std::string> tier;
  int since;  // day of March 2026
};

std::string Text(const std::optional<std::string>& s) { return s ? *s : ""; }

class JoinPushdownTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(
        Run("CREATE NAMESPACE s; "
            "CREATE TABLE s.orders (id int, cust int, region string, day date) PARTITIONED BY "
            "(day); "
            "CREATE TABLE s.customers (cust int, tier string, since date) PARTITIONED BY (tier); "
            "CREATE TABLE s.regions (region string, name string)"),
        "-- created namespace s\n-- created table s.orders\n-- created table s.customers\n"
        "-- created table s.regions\n");
    std::mt19937 rng(508);
    const std::vector<std::optional<std::string>> regions = {"eu", "us", "ap", std::nullopt};
    int id = 0;
    for (int insert = 0; insert < 3; ++insert) {
      std::string values;
      for (int i = 0; i < 60; ++i) {
        Order o{++id, 1 + static_cast<int>(rng() % 40), regions[rng() % regions.size()],
                1 + static_cast<int>(rng() % 8)};
        orders_.push_back(o);
        values += fmt::format("{}({}, {}, {}, DATE '2026-03-{:02}')", values.empty() ? "" : ", ",
                              o.id, o.cust, o.region ? "'" + *o.region + "'" : "NULL", o.day);
      }
      ASSERT_EQ(Run("INSERT INTO s.orders VALUES " + values),
                "-- inserted 60 rows into s.orders\n");
    }
    // Customers 1..30: orders of 31..40 have no customer.
    const std::vector<std::optional<std::string>> tiers = {"gold", "silver", "bronze",
                                                           std::nullopt};
    for (int insert = 0; insert < 2; ++insert) {
      std::string values;
      for (int cust = 1 + insert * 15; cust <= 15 + insert * 15; ++cust) {
        Customer c{cust, tiers[rng() % tiers.size()], 1 + static_cast<int>(rng() % 8)};
        customers_.push_back(c);
        values += fmt::format("{}({}, {}, DATE '2026-03-{:02}')", values.empty() ? "" : ", ",
                              c.cust, c.tier ? "'" + *c.tier + "'" : "NULL", c.since);
      }
      ASSERT_EQ(Run("INSERT INTO s.customers VALUES " + values),
                "-- inserted 15 rows into s.customers\n");
    }
    ASSERT_EQ(Run("INSERT INTO s.regions VALUES ('eu', 'Europe'); INSERT INTO s.regions VALUES "
                  "('us', 'Americas'); "
                  "INSERT INTO s.regions VALUES ('ap', 'Asia')"),
              "-- inserted 1 rows into s.regions\n-- inserted 1 rows into s.regions\n-- inserted 1 "
              "rows into s.regions\n");
  }

  const Customer* CustomerOf(const Order& o) const {
    for (const auto& c : customers_) {
      if (c.cust == o.cust) return &c;
    }
    return nullptr;
  }

  // The lines "id,tier" (tier empty for NULL) of the orders `keep` accepts, by id.
  template <typename Keep>
  std::string Expected(Keep keep) const {
    std::string out;
    for (const auto& o : orders_) {
      const Customer* c = CustomerOf(o);
      if (auto line = keep(o, c)) out += *line + "\n";
    }
    return out;
  }

  // EXPLAIN's text (its CSV rows unquoted).
  std::string Explain(const std::string& query) {
    std::string csv = Rows("EXPLAIN " + query), out;
    size_t start = 0;
    while (start < csv.size()) {
      size_t end = csv.find('\n', start);
      if (end == std::string::npos) end = csv.size();
      std::string line = csv.substr(start, end - start);
      if (line.size() >= 2 && line.front() == '"' && line.back() == '"') {
        std::string inner = line.substr(1, line.size() - 2), unquoted;
        for (size_t i = 0; i < inner.size(); ++i) {
          unquoted += inner[i];
          if (inner[i] == '"' && i + 1 < inner.size() && inner[i + 1] == '"') ++i;
        }
        line = unquoted;
      }
      out += line + "\n";
      start = end + 1;
    }
    return out;
  }

  std::vector<Order> orders_;
  std::vector<Customer> customers_;
};

// The scan report of `table` in EXPLAIN's text: its filter line and data files line.
struct ScanReport {
  std::string filter;
  int64_t planned = -1, total = -1;
};

ScanReport ReportOf(const std::string& plan, const std::string& table) {
  ScanReport out;
  size_t at = plan.find("table:             " + table + "\n");
  if (at == std::string::npos) return out;
  auto line = [&](const std::string& label) {
    size_t start = plan.find(label, at);
    if (start == std::string::npos) return std::string();
    start += label.size();
    return plan.substr(start, plan.find('\n', start) - start);
  };
  out.filter = line("filter:            ");
  std::string files = line("data files:        ");
  if (std::sscanf(files.c_str(), "%ld planned of %ld", &out.planned, &out.total) != 2)
    out.planned = out.total = -1;
  return out;
}

TEST_F(JoinPushdownTest, InnerJoinPushesEachSidesConjunctsIntoItsScan) {
  const std::string query =
      "SELECT o.id, c.tier FROM s.orders o JOIN s.customers c ON o.cust = c.cust "
      "WHERE o.day >= DATE '2026-03-05' AND c.tier = 'gold' AND o.id + c.cust > 0 ORDER BY o.id";
  EXPECT_EQ(Rows(query),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (!c || o.day < 5 || c->tier != "gold") return std::nullopt;
              return fmt::format("{},gold", o.id);
            }));
  std::string plan = Explain(query);
  ScanReport orders = ReportOf(plan, "s.orders"), customers = ReportOf(plan, "s.customers");
  EXPECT_EQ(orders.filter, "(day >= DATE '2026-03-05')") << plan;
  EXPECT_EQ(customers.filter, "(tier = 'gold')") << plan;
  EXPECT_GT(orders.total, 0) << plan;
  EXPECT_LT(orders.planned, orders.total) << plan;
  EXPECT_LT(customers.planned, customers.total) << plan;
  // The conjunct over both tables stays above the join; each scan reads only the columns named.
  EXPECT_NE(plan.find("Filter ((o.id + c.cust) > 0)\n      HashJoin inner"), std::string::npos)
      << plan;
  EXPECT_NE(
      plan.find("TableScan s.orders filter: (day >= DATE '2026-03-05') columns: id, cust, day"),
      std::string::npos)
      << plan;
  EXPECT_NE(plan.find("TableScan s.customers filter: (tier = 'gold') columns: cust, tier\n"),
            std::string::npos)
      << plan;

  // Unqualified names (each in one table) and conjuncts the filter language cannot say, which
  // filter their side below the join.
  const std::string unqualified =
      "SELECT id, tier FROM s.orders JOIN s.customers ON orders.cust = customers.cust "
      "WHERE day BETWEEN DATE '2026-03-02' AND DATE '2026-03-03' AND length(tier) = 6 ORDER BY id";
  EXPECT_EQ(Rows(unqualified),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (!c || o.day < 2 || o.day > 3 || !c->tier || c->tier->size() != 6)
                return std::nullopt;
              return fmt::format("{},{}", o.id, *c->tier);
            }));
  plan = Explain(unqualified);
  orders = ReportOf(plan, "s.orders");
  EXPECT_EQ(orders.filter, "(day BETWEEN DATE '2026-03-02' AND DATE '2026-03-03')") << plan;
  EXPECT_LT(orders.planned, orders.total) << plan;
  EXPECT_NE(
      plan.find("Filter (length(tier) = 6)\n        TableScan s.customers columns: cust, tier\n"),
      std::string::npos)
      << plan;
}

TEST_F(JoinPushdownTest, LeftJoinKeepsRightSideWhereConjunctsAbove) {
  // The right side's IS NULL is true on the NULL-extended rows: pushed into the customers scan
  // it would also keep orders whose customer is not NULL-tiered.
  const std::string query =
      "SELECT o.id, c.tier FROM s.orders o LEFT JOIN s.customers c ON o.cust = c.cust "
      "WHERE o.day < DATE '2026-03-03' AND c.tier IS NULL ORDER BY o.id";
  EXPECT_EQ(Rows(query),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (o.day >= 3 || (c && c->tier)) return std::nullopt;
              return fmt::format("{},", o.id);
            }));
  std::string plan = Explain(query);
  ScanReport orders = ReportOf(plan, "s.orders"), customers = ReportOf(plan, "s.customers");
  EXPECT_EQ(orders.filter, "(day < DATE '2026-03-03')") << plan;
  EXPECT_LT(orders.planned, orders.total) << plan;
  EXPECT_EQ(customers.filter, "true") << plan;
  EXPECT_EQ(customers.planned, customers.total) << plan;
  EXPECT_NE(plan.find("Filter (c.tier IS NULL)\n      HashJoin left"), std::string::npos) << plan;
  // Orders without any customer survive too.
  EXPECT_NE(Rows("SELECT count(*) FROM s.orders o LEFT JOIN s.customers c ON o.cust = c.cust WHERE "
                 "c.cust IS NULL"),
            "0\n");
}

TEST_F(JoinPushdownTest, LeftJoinOnConjuncts) {
  // ON over the right side only filters the right input (its scan prunes); ON over the left side
  // only must not drop left rows: they come out NULL-extended.
  const std::string right_only =
      "SELECT o.id, c.tier FROM s.orders o LEFT JOIN s.customers c ON o.cust = c.cust AND c.tier = "
      "'silver' "
      "WHERE o.region = 'eu' ORDER BY o.id";
  EXPECT_EQ(Rows(right_only),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (o.region != "eu") return std::nullopt;
              return fmt::format("{},{}", o.id, c && c->tier == "silver" ? "silver" : "");
            }));
  std::string plan = Explain(right_only);
  ScanReport customers = ReportOf(plan, "s.customers");
  EXPECT_EQ(customers.filter, "(tier = 'silver')") << plan;
  EXPECT_LT(customers.planned, customers.total) << plan;
  EXPECT_EQ(ReportOf(plan, "s.orders").filter, "(region = 'eu')") << plan;

  const std::string left_only =
      "SELECT o.id, c.tier FROM s.orders o LEFT JOIN s.customers c ON o.cust = c.cust AND o.region "
      "= 'us' "
      "ORDER BY o.id";
  EXPECT_EQ(Rows(left_only),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              return fmt::format("{},{}", o.id, c && o.region == "us" ? Text(c->tier) : "");
            }));
  plan = Explain(left_only);
  const ScanReport orders = ReportOf(plan, "s.orders");
  EXPECT_EQ(orders.filter, "true") << plan;
  EXPECT_EQ(orders.planned, orders.total) << plan;
}

TEST_F(JoinPushdownTest, RightJoinPushesIntoItsPreservedSide) {
  const std::string query =
      "SELECT o.id, c.tier FROM s.customers c RIGHT JOIN s.orders o ON o.cust = c.cust "
      "WHERE o.day = DATE '2026-03-07' AND c.since IS NULL ORDER BY o.id";
  EXPECT_EQ(Rows(query),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (o.day != 7 || c) return std::nullopt;
              return fmt::format("{},", o.id);
            }));
  std::string plan = Explain(query);
  ScanReport orders = ReportOf(plan, "s.orders");
  EXPECT_EQ(orders.filter, "(day = DATE '2026-03-07')") << plan;
  EXPECT_LT(orders.planned, orders.total) << plan;
  EXPECT_EQ(ReportOf(plan, "s.customers").filter, "true") << plan;
}

TEST_F(JoinPushdownTest, NestedJoinsSubqueriesAndUsing) {
  std::map<std::string, std::string> names = {{"eu", "Europe"}, {"us", "Americas"}, {"ap", "Asia"}};
  const std::string three =
      "SELECT o.id, r.name FROM s.orders o JOIN s.customers c ON o.cust = c.cust JOIN s.regions r "
      "ON o.region = r.region WHERE r.name = 'Europe' AND c.tier IN ('gold', 'bronze') AND o.day > "
      "DATE '2026-03-06' "
      "ORDER BY o.id";
  EXPECT_EQ(
      Rows(three), Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
        if (!c || o.region != "eu" || (c->tier != "gold" && c->tier != "bronze") || o.day <= 6)
          return std::nullopt;
        return fmt::format("{},Europe", o.id);
      }));
  std::string plan = Explain(three);
  ScanReport orders = ReportOf(plan, "s.orders"), customers = ReportOf(plan, "s.customers"),
             regions = ReportOf(plan, "s.regions");
  EXPECT_EQ(orders.filter, "(day > DATE '2026-03-06')") << plan;
  EXPECT_EQ(customers.filter, "(tier IN ('gold', 'bronze'))") << plan;
  EXPECT_EQ(regions.filter, "(name = 'Europe')") << plan;
  EXPECT_LT(orders.planned, orders.total) << plan;
  EXPECT_LT(customers.planned, customers.total) << plan;
  EXPECT_LT(regions.planned, regions.total) << plan;

  // A subquery in FROM: the WHERE conjunct on it filters its rows below the join; the table's
  // own conjunct still reaches its scan.
  const std::string sub =
      "SELECT o.id, c.tier FROM s.orders o JOIN (SELECT cust, upper(tier) AS tier FROM "
      "s.customers) c "
      "ON o.cust = c.cust WHERE c.tier = 'GOLD' AND o.region IS NULL ORDER BY o.id";
  EXPECT_EQ(Rows(sub),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (!c || c->tier != "gold" || o.region) return std::nullopt;
              return fmt::format("{},GOLD", o.id);
            }));
  plan = Explain(sub);
  EXPECT_EQ(ReportOf(plan, "s.orders").filter, "(region IS NULL)") << plan;
  EXPECT_NE(plan.find("Filter (c.tier = 'GOLD')\n        Project cust, tier\n          TableScan "
                      "s.customers columns: cust, tier\n"),
            std::string::npos)
      << plan;

  // USING: the merged key is the left table's column.
  const std::string using_query =
      "SELECT id, tier FROM s.orders JOIN s.customers USING (cust) WHERE cust <= 12 AND day = DATE "
      "'2026-03-01' "
      "AND since >= DATE '2026-03-04' ORDER BY id";
  EXPECT_EQ(Rows(using_query),
            Expected([](const Order& o, const Customer* c) -> std::optional<std::string> {
              if (!c || o.cust > 12 || o.day != 1 || c->since < 4) return std::nullopt;
              return fmt::format("{},{}", o.id, Text(c->tier));
            }));
  plan = Explain(using_query);
  EXPECT_EQ(ReportOf(plan, "s.orders").filter, "(cust <= 12) AND (day = DATE '2026-03-01')")
      << plan;
  EXPECT_EQ(ReportOf(plan, "s.customers").filter, "(since >= DATE '2026-03-04')") << plan;
}

TEST_F(JoinPushdownTest, AmbiguousNamesStayErrors) {
  const std::string query =
      "SELECT o.id FROM s.orders o JOIN s.customers c ON o.cust = c.cust WHERE cust = 1";
  EXPECT_EQ(Run(query),
            fmt::format("error: line 1, column {}: column \"cust\" is ambiguous: give its table "
                        "(o.cust or c.cust)",
                        query.find("cust = 1") + 1));
}

}  // namespace
}  // namespace floe::sql
