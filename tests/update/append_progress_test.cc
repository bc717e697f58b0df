// AppendFiles' progress (update/append_files.h): bytes of the inputs, moving batch by batch
// inside one large file, ending at the inputs' total size.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/update/append_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::update {
namespace {

using spec::NestedField;
using spec::Type;

TEST(AppendProgressTest, OneLargeFileMovesByBytes) {
  floe::testing::TempDir dir;
  auto opened = catalog::sql::SqlCatalog::Open(
      catalog::sql::SqlCatalogOptions{"lake", dir.Join("catalog.db"), dir.Join("wh"), nullptr});
  ASSERT_OK(opened);
  catalog::Catalog& lake = **opened;
  ASSERT_OK(lake.CreateNamespace({"eng"}, {}));
  catalog::TableIdentifier id{{"eng"}, "t"};
  catalog::CreateTableOptions create;
  create.table.schema.fields = {NestedField{1, "id", false, Type::Long()},
                                NestedField{2, "note", false, Type::String()}};
  ASSERT_OK(lake.CreateTable(id, create));
  const int rows = 200'000;  // a little over three 64 Ki-row batches
  {
    std::ofstream csv(dir.Join("big.csv"));
    csv << "id,note\n";
    for (int i = 0; i < rows; ++i) csv << i << ",note " << i << "\n";
  }
  std::ofstream(dir.Join("small.csv")) << "id,note\n1,x\n";
  const int64_t total = static_cast<int64_t>(std::filesystem::file_size(dir.Join("big.csv")) +
                                             std::filesystem::file_size(dir.Join("small.csv")));

  std::vector<int64_t> seen;
  AppendFilesOptions options;
  options.progress = [&](int64_t done, int64_t all) {
    EXPECT_EQ(all, total);
    seen.push_back(done);
  };
  catalog::CatalogTableOperations ops(lake, id);
  auto appended =
      AppendFiles(ops, *io::LocalFileIO(), {dir.Join("big.csv"), dir.Join("small.csv")}, options);
  ASSERT_OK(appended);
  EXPECT_EQ(appended->added_records, rows + 1);
  // Inside the big file the bar moved at least three times before it was done.
  const int64_t big = static_cast<int64_t>(std::filesystem::file_size(dir.Join("big.csv")));
  int inside = 0;
  for (int64_t d : seen) inside += d > 0 && d < big;
  EXPECT_GE(inside, 3);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), total);
}

}  // namespace
}  // namespace floe::update
