// Match statistics of games counted one by one: Elo difference with its 95%
// interval and likelihood of superiority. Game pairs and the SPRT: pentanomial.h.
#pragma once

#include <string>

namespace kishi::match {

struct Score {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
};

struct EloEstimate {
  double elo = 0, lower = 0, upper = 0;  // 95% interval
  double los = 0.5;                      // likelihood of superiority
};

// From the first player's view. A clean sweep has an infinite estimate.
EloEstimate estimate_elo(const Score& s);
double elo_to_score(double elo);
// A score of 0% or 100% has no finite Elo: the answer is then -inf or +inf.
double score_to_elo(double score);

struct SprtResult {
  double llr = 0, lower_bound = 0, upper_bound = 0;
  enum class Verdict { Continue, AcceptH0, AcceptH1 } verdict = Verdict::Continue;
};

}  // namespace kishi::match
