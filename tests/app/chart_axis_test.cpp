// kishi report's axis ticks: round steps, labels without exponents.
#include "app/commands/chart_axis.h"

#include <gtest/gtest.h>

namespace kishi::command {
namespace {

TEST(ChartAxis, RoundStepsOverTheRange) {
  const AxisTicks t = axis_ticks(0, 11140);
  EXPECT_EQ(t.step, 2000);
  EXPECT_EQ(t.values, (std::vector<double>{0, 2000, 4000, 6000, 8000, 10000}));
  const AxisTicks small = axis_ticks(2.978, 6.793);
  EXPECT_DOUBLE_EQ(small.step, 1);
  EXPECT_EQ(small.values, (std::vector<double>{3, 4, 5, 6}));
  const AxisTicks score = axis_ticks(0, 1);
  EXPECT_DOUBLE_EQ(score.step, 0.2);
  EXPECT_EQ(score.values.size(), 6u);
  const AxisTicks elo = axis_ticks(-796, 120);
  EXPECT_EQ(elo.step, 200);
  EXPECT_EQ(elo.values.front(), -600);
  EXPECT_EQ(elo.values.back(), 0);
}

TEST(ChartAxis, LabelsHaveThousandsAndNoExponent) {
  EXPECT_EQ(tick_label(11140, 2000), "11,140");
  EXPECT_EQ(tick_label(1234567, 500000), "1,234,567");
  EXPECT_EQ(tick_label(-4000, 2000), "-4,000");
  EXPECT_EQ(tick_label(0.4, 0.2), "0.4");
  EXPECT_EQ(tick_label(0.25, 0.05), "0.25");
  EXPECT_EQ(tick_label(0, 0.2), "0.0");
  EXPECT_EQ(tick_label(-0.0000001, 0.2), "0.0");
}

}  // namespace
}  // namespace kishi::command
