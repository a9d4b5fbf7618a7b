// The engine of one game behind any protocol: the position, `go` with its
// clock, ponder, tree reuse between moves, the network or the built-in
// evaluator, the mate solver and the baselines where the game has them. The
// search runs on the engine's own thread, so a protocol keeps reading
// commands (stop, ponderhit) while it thinks.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>
#include <vector>

#include "common/memory.h"
#include "engine/default_model.h"
#include "engine/engine_control.h"
#include "game/game.h"
#include "game/mate.h"
#include "game/position_command.h"
#include "games/registry.h"
#include "nn/torch/batched_network.h"
#include "players/baseline.h"
#include "search/mcts.h"
#include "search/time_manager.h"

namespace kishi::play {

// The baseline a player other than the tree search is.
inline players::Baseline baseline_of(Player p) {
  return p == Player::Greedy      ? players::Baseline::Greedy
         : p == Player::AlphaBeta ? players::Baseline::AlphaBeta
                                  : players::Baseline::Random;
}

template <game::Game G>
class Engine final : public EngineControl {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using Clock = std::chrono::steady_clock;

  // `builtin` plays when no model is loaded; `builtin_name` says what it is.
  Engine(const std::string& variant, Player player, Listener listener,
         std::unique_ptr<game::LeafEvaluator<G>> builtin, std::string builtin_name)
      : player_(player),
        listener_(std::move(listener)),
        builtin_(std::move(builtin)),
        builtin_name_(std::move(builtin_name)) {
    set_variant(variant);
  }
  ~Engine() override {
    stop(true);
    drop_network();
  }

  std::vector<std::string> variants() const override { return games::game_names<G>(); }
  std::string variant() const override { return variant_; }
  void set_variant(const std::string& name) override {
    variant_ = name;
    game_ = games::make_game<G>(name, play_rules());
    position_ = game_.start_state();
    base_ = game_.state_text(*position_);
    actions_.clear();
    forget_baseline();
    mate_solver_.reset();
  }

  void prepare(const Settings& given) override {
    Settings settings = given;
    // The baselines play without a network: none is loaded for them.
    settings.model_file = player_ == Player::Mcts
                              ? resolve_model_file(given.model_file, variant_, variants().front())
                              : std::string();
    settings_ = settings;
    game_ = games::make_game<G>(variant_, play_rules());
    forget_baseline();
    // What the network and its batcher were built from: a change to any of it
    // rebuilds both.
    const std::string network_key = settings.model_file + "|" + settings.device + "|" +
                                    settings.precision + "|" + settings.backend + "|" +
                                    std::to_string(settings.network_threads) + "|" +
                                    std::to_string(settings.batch_size) + "|" + variant_;
    if (network_key != loaded_network_) {
      drop_network();
      loaded_network_.clear();
      if (!settings.model_file.empty()) load_network(settings, network_key);
    }
    if (!network_ && settings.model_file.empty() && player_ == Player::Mcts)
      listener_.message(std::string(given.model_file.empty()
                                        ? "no model shipped for " + variant_ + " (set ModelFile)"
                                        : "ModelFile builtin") +
                        ": playing with the built-in evaluator (" + builtin_name_ + ")");
    game::LeafEvaluator<G>& evaluator =
        network_ ? static_cast<game::LeafEvaluator<G>&>(*network_->leaf) : *builtin_;
    // A hash the machine cannot hold is refused (the one before is kept, or
    // cut to fit): an engine never dies on an option, nor spends minutes
    // filling the memory.
    int64_t hash_mb = settings.hash_mb;
    if (const int64_t limit = available_memory_mb() * 3 / 4; limit > 0 && hash_mb > limit) {
      hash_mb = std::max<int64_t>(std::min(hash_mb_, limit), 1);
      listener_.error("a hash of " + std::to_string(settings.hash_mb) +
                      " MB is more than this machine has free (" + std::to_string(limit) +
                      " MB usable): keeping " + std::to_string(hash_mb) + " MB");
    }
    search_.reset();
    while (!search_) {
      try {
        search_ = std::make_unique<search::Search<G>>(game_, evaluator, search_params(hash_mb));
      } catch (const std::bad_alloc&) {
        if (hash_mb <= 1) throw;
        hash_mb /= 2;
        listener_.error("could not allocate the hash: trying " + std::to_string(hash_mb) + " MB");
      }
    }
    hash_mb_ = hash_mb;
    searched_base_.clear();
  }

  void new_game() override {
    if (search_) search_->clear_tree();
  }

  std::string set_position(std::span<const std::string> tokens) override {
    auto named = game::parse_position(game_, tokens);
    if (!named) return named.error();
    position_ = std::move(named->state);
    base_ = std::move(named->base);
    actions_ = std::move(named->actions);
    return {};
  }

  std::vector<std::string> describe_position() const override {
    std::vector<std::string> lines;
    if constexpr (requires { game_.diagram(*position_); }) {
      const std::string diagram = game_.diagram(*position_);
      for (size_t start = 0; start < diagram.size();) {
        const size_t end = std::min(diagram.find('\n', start), diagram.size());
        lines.push_back(diagram.substr(start, end - start));
        start = end + 1;
      }
    }
    lines.push_back(game_.state_text(*position_));
    return lines;
  }

  bool has_mate_solver() const override { return HAS_MATE_SOLVER; }
  bool has_leaf_mate() const override {
    return requires(typename G::Rules r) { r.leaf_mate_plies; };
  }
  bool has_declaration() const override {
    return requires(const State& s) { game_.declaration_wins(s); };
  }

  void go(const Limits& limits, const GoSettings& settings,
          std::function<void(const Answer&)> done) override {
    if (thinker_.joinable()) thinker_.join();
    settings_.go = settings;
    start_thinking(limits.ponder, [this, limits, done] {
      const Answer a = think(limits);
      return [a, done] { done(a); };
    });
  }

  void go_mate(int64_t mate_ms, std::function<void(const MateAnswer&)> done) override {
    if (thinker_.joinable()) thinker_.join();
    start_thinking(false, [this, mate_ms, done] {
      const MateAnswer a = think_mate(mate_ms);
      return [a, done] { done(a); };
    });
  }

  void stop(bool discard_answer) override {
    if (discard_answer) discard_answer_ = true;
    {
      std::lock_guard lock(wait_mutex_);
      stop_requested_ = true;
      pondering_ = false;
    }
    if (search_) search_->stop();
    wait_cv_.notify_all();
    if (thinker_.joinable()) thinker_.join();
  }

  void ponderhit() override {
    ponderhit_at_ms_ = ms_since(clock_start_);
    {
      std::lock_guard lock(wait_mutex_);
      pondering_ = false;
    }
    wait_cv_.notify_all();
  }

  bool searching() const override { return searching_; }
  bool pondering() const override { return pondering_; }

 private:
  static constexpr bool HAS_MATE_SOLVER = game::HasMateSolver<G>;

  // The game's mate solver (a large table: one per engine), made at the first need.
  auto& mate_solver() {
    if (!mate_solver_) mate_solver_.emplace(game_.mate_solver(20));
    return *mate_solver_;
  }

  static int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
  }

  game::PlayRules play_rules() const {
    return {.max_plies = settings_.max_plies,
            .leaf_mate_plies = settings_.leaf_mate_plies,
            .declaration = settings_.declaration};
  }

  // It holds the game: a new game (other rules) needs a new one.
  void forget_baseline() { baseline_.reset(); }

  // The search first: it calls the network's leaf evaluator.
  void drop_network() {
    search_.reset();
    network_.reset();
  }

  void load_network(const Settings& settings, const std::string& network_key) {
    try {
      nn::NetworkOptions net_options;
      net_options.device = settings.device;
      net_options.threads = settings.network_threads;
      net_options.precision = nn::parse_precision(settings.precision);
      net_options.backend = nn::parse_backend(settings.backend);
      nn::BatcherOptions batch;
      batch.max_batch = settings.batch_size;
      batch.max_wait = std::chrono::microseconds(1000);
      batch.cache_bytes = size_t(64) << 20;
      network_ =
          std::make_unique<nn::BatchedNetwork<G>>(settings.model_file, game_, net_options, batch);
      // The first forward pass is slow (allocation, lazy set-up in the
      // batcher's thread): pay for it here rather than on the first move's clock.
      const State start = game_.start_state();
      typename G::ActionList legal;
      game_.legal_actions(start, legal);
      typename game::LeafEvaluator<G>::Evaluation warm_up;
      network_->leaf->evaluate(start, legal, warm_up);
      loaded_network_ = network_key;
      listener_.message("loaded " + settings.model_file + " (" + network_->net->describe() + ")");
      if (!network_->net->choice_note().empty()) listener_.message(network_->net->choice_note());
    } catch (const std::exception& e) {
      listener_.error(std::string(e.what()) + "; playing with the built-in evaluator");
      drop_network();  // the warm-up may fail after the batcher exists
    }
  }

  search::SearchParams search_params(int64_t hash_mb) const {
    search::SearchParams p;
    // With a network, each search thread waits on one leaf in the batcher, so a
    // batch fills with as many leaves as there are threads.
    p.threads = network_ ? std::max(settings_.threads, settings_.batch_size) : settings_.threads;
    const uint64_t bytes = uint64_t(hash_mb) << 20;
    p.max_nodes = uint32_t(
        std::clamp<uint64_t>(bytes / 2 / sizeof(search::Node<Action>), 1024, UINT32_MAX - 1));
    p.puct = settings_.puct;
    p.contempt = settings_.contempt;
    p.lcb_final = true;
    p.seed = uint64_t(Clock::now().time_since_epoch().count());
    return p;
  }

  // Runs `work` on the engine's thread; the callable it returns delivers the
  // answer, unless the answer was discarded.
  template <class Work>
  void start_thinking(bool ponder, Work work) {
    stop_requested_ = false;
    discard_answer_ = false;
    pondering_ = ponder;
    ponderhit_at_ms_ = -1;
    clock_start_ = Clock::now();
    searching_ = true;
    thinker_ = std::thread([this, work] {
      const auto deliver = work();
      // Not searching any more before the answer goes out: a protocol's client
      // may send the next go the moment it reads it.
      searching_ = false;
      if (!discard_answer_) deliver();
    });
  }

  void wait_until_stopped() {
    std::unique_lock lock(wait_mutex_);
    wait_cv_.wait(lock, [&] { return stop_requested_.load(); });
  }

  void wait_for_stop_or_ponderhit() {
    std::unique_lock lock(wait_mutex_);
    wait_cv_.wait(lock, [&] { return stop_requested_.load() || !pondering_.load(); });
  }

  std::vector<std::string> texts(const std::vector<Action>& actions) const {
    std::vector<std::string> t;
    for (const Action& a : actions) t.push_back(game_.action_text(a));
    return t;
  }

  // The lines of the most visited moves; `chosen` (the move the engine
  // plays, chosen by a lower confidence bound) first when given, so that the
  // last line a GUI shows is the line of the move played.
  void report(const search::SearchInfo& info, const search::Search<G>& s,
              const Action* chosen = nullptr) {
    auto children = s.root_children();
    if (chosen)
      std::stable_partition(children.begin(), children.end(),
                            [&](const auto& c) { return c.action == *chosen; });
    const int64_t ms = std::max<int64_t>(int64_t(info.seconds * 1000), 1);
    const int lines = std::min<int>(settings_.go.multipv, int(children.size()));
    for (int k = 0; k < lines; ++k) {
      const auto& c = children[k];
      InfoLine line;
      line.depth = std::max(info.depth, 1);
      line.seldepth = info.seldepth;
      line.multipv = settings_.go.multipv > 1 ? k + 1 : 0;
      line.cp = value_to_cp(c.visits ? c.q : 0);
      line.nodes = info.playouts;
      line.visits = c.visits;
      line.nps = info.playouts * 1000 / ms;
      line.time_ms = ms;
      line.hashfull = info.hashfull;
      line.pv = texts(s.pv_from(c.action));
      listener_.info(line);
    }
  }

  Answer move_answer(const std::vector<Action>& pv) const {
    Answer a{Answer::Kind::Move, game_.action_text(pv[0]), {}};
    if (settings_.go.offer_ponder && pv.size() > 1) a.ponder = game_.action_text(pv[1]);
    return a;
  }

  Answer think(const Limits& go) {
    const State root = *position_;
    const int us = game_.player(root);
    // No answer before `stop` in an infinite search, nor before `stop` or
    // `ponderhit` in a ponder search, even when the search itself is over.
    const auto finish = [&](Answer a) {
      if (go.infinite)
        wait_until_stopped();
      else if (pondering_)
        wait_for_stop_or_ponderhit();
      return a;
    };
    const Answer resign{Answer::Kind::Resign, {}, {}};

    typename G::ActionList legal;
    game_.legal_actions(root, legal);
    if (legal.size() == 0) return finish(resign);
    if constexpr (requires { game_.declaration_wins(root); }) {
      if (game_.declaration_wins(root)) {
        listener_.message("the entering-king declaration wins (27-point rule)");
        return finish({Answer::Kind::Win, {}, {}});
      }
    }

    search::Clock clock;
    clock.time_left_ms = go.time_ms[us];
    clock.increment_ms = go.increment_ms[us];
    clock.byoyomi_ms = go.byoyomi_ms;
    clock.movetime_ms = go.movetime_ms;
    const bool timed = clock.time_left_ms >= 0 || clock.byoyomi_ms > 0 || clock.movetime_ms >= 0;
    int move_number = int(actions_.size()) + 1;
    if constexpr (requires { game_.move_number(root); }) move_number = game_.move_number(root);
    const search::TimeBudget budget =
        search::plan_time(clock, settings_.go.byoyomi_margin_ms, move_number);

    if (player_ != Player::Mcts)
      return finish(think_baseline(go, budget, timed && !go.infinite && !go.ponder));

    const Level level = *level_of(settings_.go.level);
    // A forced mate the network could miss: look for it before the tree search.
    if constexpr (HAS_MATE_SOLVER) {
      if (settings_.go.mate_nodes > 0 && level.mate_search) {
        const auto mate =
            mate_solver().search(root, settings_.go.mate_nodes, &stop_requested_, 11, false);
        if (mate.kind == decltype(mate.kind)::Mate) {
          InfoLine line;
          line.depth = int(mate.pv.size());
          line.mate_plies = int(mate.pv.size());
          line.nodes = mate.nodes;
          line.pv = texts(mate.pv);
          listener_.info(line);
          return finish(move_answer(mate.pv));
        }
      }
    }

    // Keep the tree when this position continues the last searched one.
    if (searched_base_ == base_ && actions_.size() >= searched_actions_.size() &&
        std::equal(searched_actions_.begin(), searched_actions_.end(), actions_.begin())) {
      search_->advance_root(std::span(actions_).subspan(searched_actions_.size()));
    } else {
      search_->clear_tree();
    }
    searched_base_ = base_;
    searched_actions_ = actions_;

    search::SearchLimits limits;
    limits.max_playouts = go.nodes;
    if (level.playouts > 0)
      limits.max_playouts = go.nodes > 0 ? std::min(go.nodes, level.playouts) : level.playouts;
    int64_t grown_nodes = 0, grown_at = 0;
    limits.should_stop = [&](const search::SearchInfo& info) {
      if (stop_requested_) return true;
      if (go.depth > 0) {
        if (info.depth >= go.depth) return true;
        // A tree that stopped growing holds every state the search can reach
        // (each root action ends the game, say): the depth cannot come.
        if (info.tree_nodes != grown_nodes) {
          grown_nodes = info.tree_nodes;
          grown_at = info.playouts;
        } else if (info.playouts - grown_at >= 20000) {
          return true;
        }
      }
      if (pondering_ || go.infinite || !timed) return false;
      // Time runs from ponderhit when the search began as a ponder.
      const int64_t hit = ponderhit_at_ms_.load();
      const int64_t spent = ms_since(clock_start_) - (hit >= 0 ? hit : 0);
      if (spent >= budget.hard_ms) return true;
      // Past the soft limit, go on only while the choice is still open.
      return spent >= budget.soft_ms && (info.best_share > 0.5f || spent >= 2 * budget.soft_ms);
    };
    const auto result = search_->run(
        root, limits, [&](const search::SearchInfo& info, const auto& s) { report(info, s); },
        std::chrono::milliseconds(settings_.go.info_interval_ms));
    if (!result.best) return finish(resign);
    // Below the full level the move is drawn, the prior counted as a visit's share.
    const Action chosen =
        level.temperature > 0
            ? search::sample_by_visits(result.children, level.temperature, level_rng_, 1.0f)
            : *result.best;
    report(search_->info(), *search_, &chosen);

    const int cp = value_to_cp(result.value);
    if (settings_.go.resign_cp > -30000 && cp <= settings_.go.resign_cp) return finish(resign);
    // The pv starts with the chosen move.
    if (chosen != *result.best) return finish(move_answer(search_->pv_from(chosen)));
    return finish(move_answer(result.pv.empty() ? std::vector<Action>{*result.best} : result.pv));
  }

  Answer think_baseline(const Limits& go, const search::TimeBudget& budget, bool timed) {
    const State& root = *position_;
    const auto answer = [&](Action a) {
      return Answer{Answer::Kind::Move, game_.action_text(a), {}};
    };
    if (!baseline_) {
      // Without the leaf mate search: the alpha-beta's own depth finds the
      // mates, and in gnome a mate check at every node overran the clock.
      game::PlayRules rules = play_rules();
      rules.leaf_mate_plies = 0;
      baseline_.emplace(games::make_game<G>(variant_, rules), baseline_of(player_),
                        std::random_device{}(), 20);
    }
    if (baseline_->kind() != players::Baseline::AlphaBeta) return answer(baseline_->choose(root));
    // Alpha-beta: iterative deepening until its depth, the clock or `stop`.
    std::atomic<bool> halt{false}, done{false};
    std::thread timer([&] {
      std::unique_lock lock(wait_mutex_);
      const auto woken = [&] { return stop_requested_.load() || done.load(); };
      if (timed)
        wait_cv_.wait_for(lock, std::chrono::milliseconds(budget.soft_ms), woken);
      else
        wait_cv_.wait(lock, woken);
      halt = true;
    });
    // go depth / go nodes override the settings for this move.
    const int64_t nodes = go.nodes > 0 ? go.nodes : settings_.go.alphabeta_nodes;
    const int depth =
        int(go.depth > 0 ? std::min<int64_t>(go.depth, 64) : settings_.go.alphabeta_depth);
    const Action best =
        baseline_->choose(root, depth, nodes > 0 ? nodes : -1, &halt,
                          [&](int d, int64_t n, int score, const std::vector<Action>& pv) {
                            InfoLine line;
                            line.depth = d;
                            line.nodes = n;
                            line.cp = score;
                            line.pv = texts(pv);
                            listener_.info(line);
                          });
    {
      std::lock_guard lock(wait_mutex_);
      done = true;
    }
    wait_cv_.notify_all();
    timer.join();
    return answer(best);
  }

  MateAnswer think_mate(int64_t mate_ms) {
    if constexpr (!HAS_MATE_SOLVER) {
      return {};
    } else {
      std::atomic<bool> timed_out{false};
      std::thread timer;
      if (mate_ms >= 0)
        timer = std::thread([&] {
          std::unique_lock lock(wait_mutex_);
          wait_cv_.wait_for(lock, std::chrono::milliseconds(mate_ms),
                            [&] { return stop_requested_.load(); });
          timed_out = true;
          stop_requested_ = true;
        });
      const auto r = mate_solver().search(*position_, INT64_MAX, &stop_requested_, 11, true);
      {
        std::lock_guard lock(wait_mutex_);
        stop_requested_ = true;
      }
      wait_cv_.notify_all();
      if (timer.joinable()) timer.join();
      using Kind = decltype(r.kind);
      if (r.kind == Kind::NoMate) return {MateAnswer::Kind::NoMate, {}};
      if (r.kind != Kind::Mate) return {MateAnswer::Kind::Timeout, {}};
      return {MateAnswer::Kind::Mate, texts(r.pv)};
    }
  }

  const Player player_;
  const Listener listener_;
  Settings settings_;
  std::string variant_;
  G game_;

  std::optional<State> position_;
  std::string base_;  // the state text the actions start from
  std::vector<Action> actions_;
  std::string searched_base_;  // the last search's root, for tree reuse
  std::vector<Action> searched_actions_;

  std::unique_ptr<game::LeafEvaluator<G>> builtin_;
  const std::string builtin_name_;
  std::unique_ptr<nn::BatchedNetwork<G>> network_;
  std::string loaded_network_;
  int64_t hash_mb_ = Settings{}.hash_mb;  // the hash in use
  std::unique_ptr<search::Search<G>> search_;
  std::optional<typename game::MateSolverOf<G>::type> mate_solver_;
  std::optional<players::BaselinePlayer<G>> baseline_;  // built at its first move
  std::mt19937_64 level_rng_{std::random_device{}()};   // the moves drawn below the full level

  std::thread thinker_;
  std::atomic<bool> searching_{false};
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> pondering_{false};
  std::atomic<bool> discard_answer_{false};
  std::mutex wait_mutex_;
  std::condition_variable wait_cv_;
  Clock::time_point clock_start_;
  std::atomic<int64_t> ponderhit_at_ms_{-1};
};

}  // namespace kishi::play
