// The final move's lower confidence bound on crafted root children: a child the
// search barely visited is never played over one it trusted, however good its
// few playouts looked; one visited well and clearly better is.
#include "search/final_move.h"

#include <gtest/gtest.h>

#include <vector>

namespace kishi::search {
namespace {

// A child whose playouts gave each of `values`.
ChildSample child_of(std::initializer_list<double> values) {
  ChildSample c;
  for (double v : values) {
    ++c.visits;
    c.value_sum += v;
    c.value_sq_sum += v * v;
  }
  return c;
}

// `n` playouts alternating between mean - d and mean + d.
ChildSample spread_child(int n, double mean, double d) {
  ChildSample c;
  for (int i = 0; i < n; ++i) {
    const double v = mean + (i % 2 ? d : -d);
    ++c.visits;
    c.value_sum += v;
    c.value_sq_sum += v * v;
  }
  return c;
}

constexpr double Z = 5.0;

TEST(FinalMove, AgreeingPlayoutsDoNotMakeAValueCertain) {
  const ChildSample two_equal = child_of({0.4, 0.4});
  EXPECT_GT(lcb_std_error(two_equal), 0.25);
  // More agreeing playouts, smaller error.
  EXPECT_LT(lcb_std_error(spread_child(40, 0.4, 0.0)), lcb_std_error(two_equal) / 3);
  EXPECT_GT(lcb_std_error({}), 1.0);  // unvisited
}

TEST(FinalMove, ABarelyVisitedChildIsNotPlayed) {
  // 100 playouts: 20 on a move worth 0.1, 2 each on moves whose two playouts agreed
  // at 0.9 (the web board's 7c7d with 2 visits over 3c3d with 20).
  std::vector<ChildSample> children{spread_child(20, 0.1, 0.2), child_of({0.9, 0.9}),
                                    child_of({0.95, 0.95}), spread_child(10, 0.1, 0.1)};
  EXPECT_EQ(lcb_choice(children, 0, Z), 0u);
  // Even where two visits are enough of a share to be eligible.
  std::vector<ChildSample> few{spread_child(10, 0.0, 0.2), child_of({0.9, 0.9})};
  EXPECT_EQ(lcb_choice(few, 0, Z), 0u);
}

TEST(FinalMove, NoChildUnderTheShareIsPlayed) {
  // 14 of 100 is under 15%: never played, whatever its playouts say.
  std::vector<ChildSample> children{spread_child(100, 0.0, 0.3), spread_child(14, 1.0, 0.0)};
  EXPECT_EQ(lcb_choice(children, 0, Z), 0u);
  children[1] = spread_child(15, 1.0, 0.0);
  EXPECT_EQ(lcb_choice(children, 0, Z), 1u);
}

TEST(FinalMove, AWellVisitedBetterChildIsPlayed) {
  // 168 visits at 0.0 against 120 at 0.4, both with a spread of 0.2: the bound
  // of the second is far above.
  std::vector<ChildSample> children{spread_child(168, 0.0, 0.2), spread_child(120, 0.4, 0.2)};
  EXPECT_EQ(lcb_choice(children, 0, Z), 1u);
  // A small edge is not enough: 44 visits at 0.05 over 168 at 0.0 (the board's
  // 3g3f over 7g7f).
  children[1] = spread_child(44, 0.05, 0.2);
  EXPECT_EQ(lcb_choice(children, 0, Z), 0u);
}

TEST(FinalMove, OneOrNoChild) {
  std::vector<ChildSample> one{child_of({0.3})};
  EXPECT_EQ(lcb_choice(one, 0, Z), 0u);
  EXPECT_EQ(lcb_choice({}, 0, Z), 0u);
}

}  // namespace
}  // namespace kishi::search
