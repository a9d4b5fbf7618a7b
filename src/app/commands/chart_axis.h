// Axis ticks for kishi report's charts: round steps (1, 2 or 5 times a power
// of ten) and labels a person reads at once ("12,000", "0.25"), never "1.2e+04".
#pragma once

#include <string>
#include <vector>

namespace kishi::command {

struct AxisTicks {
  double step = 1;
  std::vector<double> values;  // the ticks within [lo, hi]
};

// About `target` ticks over [lo, hi] (lo < hi).
AxisTicks axis_ticks(double lo, double hi, int target = 5);
// A tick's label: thousands separated by commas, as many decimals as the step needs.
std::string tick_label(double value, double step);

}  // namespace kishi::command
