#include "app/commands/chart_axis.h"

#include <cmath>
#include <cstdio>

namespace kishi::command {

AxisTicks axis_ticks(double lo, double hi, int target) {
  AxisTicks t;
  const double raw = (hi - lo) / std::max(target, 1);
  const double power = std::pow(10, std::floor(std::log10(raw)));
  // The round step nearest the raw one, as a ratio.
  double best = INFINITY;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (const double off = std::abs(std::log(m * power / raw)); off < best) {
      best = off;
      t.step = m * power;
    }
  for (double v = std::ceil(lo / t.step) * t.step; v <= hi + t.step * 1e-9; v += t.step)
    t.values.push_back(std::abs(v) < t.step * 1e-9 ? 0 : v);
  return t;
}

std::string tick_label(double value, double step) {
  const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
  char digits[64];
  std::snprintf(digits, sizeof digits, "%.*f", decimals, std::abs(value));
  std::string s = digits;
  const size_t point = s.find('.');
  for (int at = int(point == std::string::npos ? s.size() : point) - 3; at > 0; at -= 3)
    s.insert(size_t(at), ",");
  const bool negative = value < 0 && s.find_first_not_of("0.,") != std::string::npos;
  return negative ? "-" + s : s;
}

}  // namespace kishi::command
