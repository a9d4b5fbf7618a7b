#include "match/ratings.h"

#include <Eigen/Dense>
#include <cmath>

namespace kishi::match {

std::vector<Rating> fit_ratings(const std::vector<std::string>& names,
                                const std::vector<std::vector<Score>>& results) {
  const int n = int(names.size());
  constexpr double K = std::log(10.0) / 400;  // d/dr of the logistic in Elo units
  // Ratings of engines 1..n-1; engine 0 is pinned at 0.
  Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd hessian;
  for (int iteration = 0; iteration < 100; ++iteration) {
    Eigen::VectorXd gradient = Eigen::VectorXd::Zero(n);
    hessian = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        const Score& s = results[i][j];
        const int games = s.games();
        if (!games) continue;
        const double p = 1 / (1 + std::pow(10, (r[j] - r[i]) / 400));
        gradient[i] += K * (s.points() - games * p);
        const double w = K * K * games * p * (1 - p);
        hessian(i, i) -= w;
        hessian(i, j) += w;
      }
    // A small prior keeps engines that won or lost everything finite.
    for (int i = 0; i < n; ++i) {
      gradient[i] -= r[i] / (800.0 * 800.0);
      hessian(i, i) -= 1 / (800.0 * 800.0);
    }
    const Eigen::MatrixXd h = hessian.bottomRightCorner(n - 1, n - 1);
    const Eigen::VectorXd step = h.ldlt().solve(-gradient.tail(n - 1));
    r.tail(n - 1) += step;
    if (step.cwiseAbs().maxCoeff() < 1e-6) break;
  }
  const Eigen::MatrixXd covariance = (-hessian.bottomRightCorner(n - 1, n - 1)).inverse();
  std::vector<Rating> out(n);
  for (int i = 0; i < n; ++i) {
    out[i].name = names[i];
    out[i].elo = r[i];
    out[i].margin = i ? 1.959964 * std::sqrt(std::max(covariance(i - 1, i - 1), 0.0)) : 0;
    double points = 0;
    for (int j = 0; j < n; ++j)
      if (j != i) {
        out[i].games += results[i][j].games();
        points += results[i][j].points();
      }
    out[i].score = out[i].games ? points / out[i].games : 0;
  }
  return out;
}

}  // namespace kishi::match
