// Ratings of several engines from their pairwise results: the maximum-likelihood
// fit of the Elo model (P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)), draws
// as half points), by Newton's method, with 95% intervals from the Hessian.
#pragma once

#include <string>
#include <vector>

#include "match/elo.h"

namespace kishi::match {

struct Rating {
  std::string name;
  double elo = 0;     // relative to the first engine, which is 0
  double margin = 0;  // half-width of the 95% interval
  int games = 0;
  double score = 0;  // points / games
};

// results[i][j]: engine i's score against engine j (i != j), i's view.
std::vector<Rating> fit_ratings(const std::vector<std::string>& names,
                                const std::vector<std::vector<Score>>& results);

}  // namespace kishi::match
