// The move a search plays when it is told to trust values over visits: the child
// with the highest lower confidence bound on its value, among the children
// visited enough to be trusted.
//
// A child's spread is estimated with a prior, as KataGo and Leela Zero do: a
// child whose few playouts happened to agree has not shown that its value is
// certain. Its sample variance is pooled with `PRIOR_WEIGHT` pseudo-playouts of
// variance `PRIOR_VARIANCE`, so its standard error shrinks only as real
// playouts come in. And only children with at least `MIN_SHARE` of the most
// visited child's visits (and at least two) are eligible, as in KataGo's
// minVisitPropForLCB: the search spent its playouts where it saw the best move,
// and a child it passed over has too few samples to overrule it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>

namespace kishi::search {

// What a child's playouts gave, for the player choosing it.
struct ChildSample {
  int visits = 0;
  double value_sum = 0, value_sq_sum = 0;
};

inline constexpr double PRIOR_VARIANCE = 0.25;  // values lie in [-1, 1]
inline constexpr double PRIOR_WEIGHT = 2;
inline constexpr double MIN_SHARE = 0.15;

// The standard error of the child's mean value, with the prior's pseudo-playouts.
inline double lcb_std_error(const ChildSample& c) {
  if (c.visits <= 0) return 1e9;
  const double n = c.visits, mean = c.value_sum / n;
  const double spread =
      std::max(0.0, c.value_sq_sum - n * mean * mean);  // sum of squared deviations
  const double variance = (spread + PRIOR_WEIGHT * PRIOR_VARIANCE) / (n - 1 + PRIOR_WEIGHT);
  return std::sqrt(variance / n);
}

inline double lower_confidence_bound(const ChildSample& c, double z) {
  return c.visits > 0 ? c.value_sum / c.visits - z * lcb_std_error(c) : -1e9;
}

// The index of the child to play: the most visited (index `most_visited`)
// unless an eligible child's bound is higher.
inline size_t lcb_choice(std::span<const ChildSample> children, size_t most_visited, double z) {
  if (children.empty()) return 0;
  const int floor = std::max(2, int(std::ceil(MIN_SHARE * children[most_visited].visits)));
  size_t chosen = most_visited;
  double best = lower_confidence_bound(children[most_visited], z);
  for (size_t i = 0; i < children.size(); ++i) {
    if (children[i].visits < floor) continue;
    const double lcb = lower_confidence_bound(children[i], z);
    if (lcb > best) {
      best = lcb;
      chosen = i;
    }
  }
  return chosen;
}

}  // namespace kishi::search
