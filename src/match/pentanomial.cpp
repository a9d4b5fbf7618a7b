#include "match/pentanomial.h"

#include <cmath>

namespace kishi::match {

namespace {

constexpr double SCORE[5] = {0, 0.25, 0.5, 0.75, 1};

// The distribution closest to `p` (maximum likelihood) whose mean score is s:
// q_i = p_i / (1 + theta (a_i - s)), theta the root of sum p_i (a_i - s) / (1 +
// theta (a_i - s)) = 0 between the poles, found by bisection (the sum falls as
// theta grows).
std::array<double, 5> closest_with_mean(const std::array<double, 5>& p, double s) {
  double lo = -1 / (SCORE[4] - s), hi = -1 / (SCORE[0] - s);
  for (int i = 0; i < 200; ++i) {
    const double theta = (lo + hi) / 2;
    double f = 0;
    for (int k = 0; k < 5; ++k) f += p[k] * (SCORE[k] - s) / (1 + theta * (SCORE[k] - s));
    (f > 0 ? lo : hi) = theta;
  }
  const double theta = (lo + hi) / 2;
  std::array<double, 5> q;
  for (int k = 0; k < 5; ++k) q[k] = p[k] / (1 + theta * (SCORE[k] - s));
  return q;
}

}  // namespace

double Pentanomial::mean() const {
  double sum = 0;
  for (int k = 0; k < 5; ++k) sum += counts[k] * SCORE[k];
  return pairs() ? sum / pairs() : 0.5;
}

double Pentanomial::pair_variance() const {
  if (!pairs()) return 0;
  const double m = mean();
  double sum = 0;
  for (int k = 0; k < 5; ++k) sum += counts[k] * (SCORE[k] - m) * (SCORE[k] - m);
  return sum / pairs();
}

EloEstimate pair_elo(const Pentanomial& p) {
  EloEstimate e;
  const int n = p.pairs();
  if (n == 0) return e;
  const double m = p.mean(), se = std::sqrt(p.pair_variance() / n);
  e.elo = score_to_elo(m);
  e.lower = score_to_elo(m - 1.959964 * se);
  e.upper = score_to_elo(m + 1.959964 * se);
  e.los = se > 0 ? 0.5 * (1 + std::erf((m - 0.5) / (se * std::sqrt(2.0)))) : m > 0.5 ? 1 : 0.5;
  return e;
}

double normalized_elo(const Pentanomial& p) {
  const double var = p.pair_variance(), m = p.mean();
  if (var <= 0) return m > 0.5 ? INFINITY : m < 0.5 ? -INFINITY : 0;  // every pair alike
  return (m - 0.5) / std::sqrt(2 * var) * 800 / std::log(10.0);
}

SprtResult sprt(const Pentanomial& p, double elo0, double elo1, double alpha, double beta) {
  SprtResult r;
  r.lower_bound = std::log(beta / (1 - alpha));
  r.upper_bound = std::log((1 - beta) / alpha);
  const int n = p.pairs();
  if (n == 0) return r;
  // Empty classes count as 1e-3 pairs (fishtest's regularize), so that the
  // distributions have no zero.
  std::array<double, 5> pdf;
  double total = 0;
  for (int k = 0; k < 5; ++k) total += pdf[k] = p.counts[k] ? p.counts[k] : 1e-3;
  for (double& x : pdf) x /= total;
  const auto q0 = closest_with_mean(pdf, elo_to_score(elo0));
  const auto q1 = closest_with_mean(pdf, elo_to_score(elo1));
  for (int k = 0; k < 5; ++k) r.llr += pdf[k] * std::log(q1[k] / q0[k]);
  r.llr *= total;
  if (r.llr >= r.upper_bound)
    r.verdict = SprtResult::Verdict::AcceptH1;
  else if (r.llr <= r.lower_bound)
    r.verdict = SprtResult::Verdict::AcceptH0;
  return r;
}

}  // namespace kishi::match
