#include "app/commands/bench_signature.h"

#include <chrono>
#include <cstdio>
#include <string>

#include "engine/default_model.h"
#include "engine/engine_control.h"
#include "games/builtin_evaluator.h"
#include "games/registry.h"
#include "nn/torch/batched_network.h"
#include "search/mcts.h"

namespace kishi::command {

namespace {

struct Totals {
  int64_t nodes = 0;
  double seconds = 0;
};

// The game's bench positions searched as `kishi usi` would with its default
// search settings, but on one thread with nothing timed.
template <game::Game G>
Totals search_bench_states(const G& game, const SignatureOptions& o) {
  const game::GameInfo& info = game::info_of(game);
  const std::string model = play::resolve_model_file("", info.name, G::variants().front().name);
  std::unique_ptr<nn::BatchedNetwork<G>> network;
  auto builtin = games::builtin_evaluator(game);
  game::LeafEvaluator<G>* evaluator = builtin.evaluator.get();
  if (!model.empty()) {
    nn::NetworkOptions fp32;  // LibTorch fp32: the same arithmetic on every run
    fp32.threads = 1;
    nn::BatcherOptions one_at_a_time;
    one_at_a_time.max_batch = 1;
    one_at_a_time.cache_bytes = size_t(64) << 20;
    network = std::make_unique<nn::BatchedNetwork<G>>(model, game, fp32, one_at_a_time);
    evaluator = network->leaf.get();
  }
  std::printf("%s: %s\n", std::string(info.name).c_str(),
              model.empty() ? builtin.description.c_str()
                            : (model + " (" + network->net->describe() + ")").c_str());
  search::SearchParams params;
  params.threads = 1;
  params.puct = play::Settings{}.puct;
  params.lcb_final = true;
  search::Search<G> search(game, *evaluator, params);
  search::SearchLimits limits;
  limits.max_playouts = o.playouts;
  Totals totals;
  int index = 0;
  for (const std::string_view text : info.bench_states) {
    const auto root = game.parse_state(text);
    if (!root)
      throw std::logic_error("bench position '" + std::string(text) + "': " + root.error());
    search.clear_tree();  // a tree of the previous position is no tree of this one
    const auto result = search.run(*root, limits);
    std::printf("  %2d  bestmove %-10s playouts %6lld  tree nodes %8lld  %.2f s\n", ++index,
                result.best ? game.action_text(*result.best).c_str() : "(none)",
                (long long)result.info.playouts, (long long)result.info.tree_nodes,
                result.info.seconds);
    std::fflush(stdout);
    totals.nodes += result.info.tree_nodes;
    totals.seconds += result.info.seconds;
  }
  return totals;
}

}  // namespace

int bench_signature(const SignatureOptions& o) {
  Totals all;
  for (const std::string& name : games::all_game_names()) {
    if (games::find_game(name)->bench_states.empty()) continue;
    // The rules `kishi usi` plays by default (its leaf mate search included).
    const play::Settings usi_defaults;
    const game::PlayRules rules{.max_plies = usi_defaults.max_plies,
                                .leaf_mate_plies = usi_defaults.leaf_mate_plies};
    const Totals t = games::with_game(
        name, rules, [&](const auto& game) { return search_bench_states(game, o); });
    all.nodes += t.nodes;
    all.seconds += t.seconds;
  }
  std::printf("playouts per position %lld; time %.2f s\n", (long long)o.playouts, all.seconds);
  std::printf("nodes %lld\n", (long long)all.nodes);
  std::printf("nodes/s %.0f\n", all.nodes / all.seconds);
  return 0;
}

}  // namespace kishi::command
