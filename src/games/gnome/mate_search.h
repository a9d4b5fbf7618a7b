// gnome's mate search: a depth-limited proof by checks over the whole state,
// so that the veto (rule 17), the accepting of an end (rule 18) and the draws
// (rule 20) count as the game counts them. Self-play's and the evaluation's
// root mate check and the search's leaf mates (mate in one) use it.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/gnome/state.h"
#include "games/gnome/types.h"

namespace kishi::gnome {

class GnomeGame;

// A line that mates whatever the opponent does, veto and accept included, of
// at most max_plies plies (odd; the mover's moves are checks), found within
// `nodes` played actions (deeper mates are tried only after every shallower
// one failed) or until *stop; nullopt when none is proven. Its first action is
// the move to play. *spent (when given) gets the nodes it took.
std::optional<std::vector<Move>> mate_by_checks(const GnomeGame& game, const State& s,
                                                int64_t nodes, int max_plies,
                                                const std::atomic<bool>* stop = nullptr,
                                                int64_t* spent = nullptr);

}  // namespace kishi::gnome
