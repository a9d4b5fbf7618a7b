// Game-pair statistics, as fishtest, fastchess and OpenBench keep them: each
// opening is played twice with the colours swapped, and a pair's result (the
// first engine's points in it: 0, 0.5, 1, 1.5 or 2) is one sample. A pair
// cancels most of what the opening gives one colour, so the same confidence
// needs fewer games than counting games one by one.
//
// The formulas are fishtest's (server/fishtest/stats/LLRcalc.py and
// stat_util.py; Michel Van den Bergh, "Normalized Elo", and "A note on the
// GSPRT"): the log-likelihood ratio of the maximum-likelihood pentanomial
// distributions whose mean scores are those of elo0 and elo1, logistic Elo.
#pragma once

#include <array>

#include "match/elo.h"

namespace kishi::match {

struct Pentanomial {
  // counts[k]: pairs in which the first engine scored k / 2 points.
  std::array<int, 5> counts{};
  int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
  void add(double points) { ++counts[int(points * 2 + 0.5)]; }
  // The mean score per game and its variance per pair (scores per game, 0 to 1).
  double mean() const;
  double pair_variance() const;
};

// The logistic Elo of the mean score, its 95% interval from the pairs' variance.
EloEstimate pair_elo(const Pentanomial& p);
// fishtest's normalized Elo: (mean - 0.5) / (sqrt(2) * pair standard deviation)
// * 800 / ln 10, which does not depend on the draw rate.
double normalized_elo(const Pentanomial& p);

// GSPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo); the bounds
// are log(beta / (1 - alpha)) and log((1 - beta) / alpha).
SprtResult sprt(const Pentanomial& p, double elo0, double elo1, double alpha, double beta);

}  // namespace kishi::match
