#include "match/elo.h"

#include <algorithm>
#include <cmath>

namespace kishi::match {

double score_to_elo(double p) {
  if (p <= 0) return -INFINITY;
  if (p >= 1) return INFINITY;
  return -400 * std::log10(1 / p - 1);
}

double elo_to_score(double elo) { return 1 / (1 + std::pow(10, -elo / 400)); }

EloEstimate estimate_elo(const Score& s) {
  EloEstimate e;
  const int n = s.games();
  if (n == 0) return e;
  const double p = s.points() / n;
  const double var =
      (s.wins * std::pow(1 - p, 2) + s.draws * std::pow(0.5 - p, 2) + s.losses * std::pow(p, 2)) /
      n;
  const double margin = 1.959964 * std::sqrt(var / n);
  e.elo = score_to_elo(p);
  e.lower = score_to_elo(p - margin);
  e.upper = score_to_elo(p + margin);
  const int decisive = s.wins + s.losses;
  e.los = decisive ? 0.5 * (1 + std::erf((s.wins - s.losses) / std::sqrt(2.0 * decisive))) : 0.5;
  return e;
}

}  // namespace kishi::match
