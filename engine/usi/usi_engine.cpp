#include "engine/usi/usi_engine.h"

#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>

#include "engine/game/position_command.h"
#include "engine/players/baselines.h"
#include "engine/players/players.h"
#include "engine/search/time_manager.h"
#include "engine/shogi/game_status.h"
#include "engine/shogi/names.h"
#include "engine/shogi/usi_move.h"
#include "nn/batched_network.h"

namespace kishi::usi {

using namespace kishi::shogi;
using Clock = std::chrono::steady_clock;

namespace {

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return tokens;
}

std::optional<int64_t> parse_int(const std::string& s) {
  int64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

}  // namespace

int value_to_cp(float value) {
  const double w = std::clamp((double(value) + 1) / 2, 1e-7, 1 - 1e-7);
  return int(std::lround(std::clamp(600 * std::log(w / (1 - w)), -30000.0, 30000.0)));
}

UsiEngine::UsiEngine(std::istream& in, std::ostream& out, Player player)
    : player_(player), in_(in), out_(out) {
  options_.add_spin("USI_Hash", 256, 1, 1 << 20);
  options_.add_check("USI_Ponder", false);
  options_.add_spin("Threads", 2, 1, 256);
  options_.add_spin("BatchSize", 8, 1, 1024);
  // Intra-op threads of the forward pass. 1 by default: for the small networks
  // trained on CPU a second thread gains little, and when other engines or
  // games share the cores its spin-waiting made a 1 s move take 1.2 s.
  options_.add_spin("NetworkThreads", 1, 1, 256);
  options_.add_string("ModelFile", "", UsiOptions::Type::Filename);
  options_.add_string("Device", "cpu");
  options_.add_combo("Game", "shogi", {"shogi", "showgit"});
  options_.add_spin("MultiPV", 1, 1, 32);
  options_.add_spin("ByoyomiMargin", 300, 0, 60000);
  options_.add_spin("ResignValue", -30000, -30000, 0);
  options_.add_combo("EnteringKingRule", "CSARule27", {"NoEnteringKing", "CSARule27"});
  options_.add_spin("MaxPlies", 512, 1, 100000);
  options_.add_spin("MateSearchNodes", 30000, 0, 100000000);
  options_.add_spin("LeafMatePlies", 3, 0, 7);
  if (player == Player::AlphaBeta) {
    options_.add_spin("AlphaBetaDepth", 4, 1, 64);
    options_.add_spin("AlphaBetaNodes", 0, 0, int64_t(1) << 40);  // 0: no limit
  }
  position_ = Position::startpos(game_);
  base_sfen_ = std::string(Position::START_SFEN);
}

UsiEngine::~UsiEngine() {
  stop_and_join(true);
  drop_network();
}

// The search first: it calls the network's leaf evaluator.
void UsiEngine::drop_network() {
  search_.reset();
  network_.reset();
}

void UsiEngine::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void UsiEngine::error(const std::string& what) { send("info string error: " + what); }

int UsiEngine::run() {
  for (std::string line; std::getline(in_, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!handle(line)) break;
  }
  stop_and_join(true);
  return 0;
}

bool UsiEngine::handle(const std::string& line) {
  const auto t = split(line);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  if (cmd == "usi")
    cmd_usi();
  else if (cmd == "isready")
    cmd_isready();
  else if (cmd == "setoption")
    cmd_setoption(t);
  else if (cmd == "usinewgame") {
    if (searching_)
      error("usinewgame while searching; send stop first");
    else if (search_)
      search_->clear_tree();
  } else if (cmd == "position")
    cmd_position(t);
  else if (cmd == "go")
    cmd_go(t);
  else if (cmd == "stop")
    cmd_stop();
  else if (cmd == "ponderhit")
    cmd_ponderhit();
  else if (cmd == "gameover")
    cmd_gameover();
  else if (cmd == "quit")
    return false;
  else if (cmd == "d" || cmd == "display") {
    std::istringstream diagram(board_diagram(*position_));
    for (std::string l; std::getline(diagram, l);) send("info string " + l);
    send("info string sfen " + position_->sfen());
  } else {
    error("unknown command '" + cmd + "'");
  }
  return true;
}

void UsiEngine::cmd_usi() {
  static constexpr const char* NAMES[] = {"kishi", "kishi-random", "kishi-greedy",
                                          "kishi-alphabeta"};
  send(std::string("id name ") + NAMES[int(player_)]);
  send("id author the kishi developers");
  for (const auto& l : options_.usi_lines()) send(l);
  send("usiok");
}

shogi::ShogiGame::Rules UsiEngine::game_rules() const {
  shogi::ShogiGame::Rules r;
  r.variant = game_;
  r.max_plies = int(options_.spin("MaxPlies"));
  r.declaration = options_.string("EnteringKingRule") == "CSARule27";
  r.leaf_mate_plies = int(options_.spin("LeafMatePlies"));
  return r;
}

search::SearchParams UsiEngine::search_params() const {
  search::SearchParams p;
  // With a network, each search thread waits on one leaf in the batcher, so a
  // batch fills with as many leaves as there are threads.
  p.threads = network_ ? int(std::max(options_.spin("Threads"), options_.spin("BatchSize")))
                       : int(options_.spin("Threads"));
  const uint64_t bytes = uint64_t(options_.spin("USI_Hash")) << 20;
  p.max_nodes =
      uint32_t(std::clamp<uint64_t>(bytes / 2 / sizeof(search::Node<Move>), 1024, UINT32_MAX - 1));
  p.lcb_final = true;
  p.seed = uint64_t(Clock::now().time_since_epoch().count());
  return p;
}

void UsiEngine::cmd_isready() {
  if (searching_) {
    error("isready while searching; send stop first");
    return;
  }
  const std::string& model = options_.string("ModelFile");
  // What the network and its batcher were built from: a change to any of it
  // rebuilds both.
  const std::string network_key = model + "|" + options_.string("Device") + "|" +
                                  std::to_string(options_.spin("NetworkThreads")) + "|" +
                                  std::to_string(options_.spin("BatchSize"));
  if (network_key != loaded_network_) {
    drop_network();
    loaded_network_.clear();
    if (!model.empty()) {
      try {
        nn::NetworkOptions net_options;
        net_options.device = options_.string("Device");
        net_options.threads = int(options_.spin("NetworkThreads"));
        nn::BatcherOptions batch;
        batch.max_batch = int(options_.spin("BatchSize"));
        batch.max_wait = std::chrono::microseconds(1000);
        batch.cache_bytes = size_t(64) << 20;
        const ShogiGame game(game_rules());
        network_ = std::make_unique<nn::BatchedNetwork<ShogiGame>>(model, game, net_options, batch);
        // The first forward pass is slow (allocation, lazy set-up in the
        // batcher's thread): pay for it here rather than on the first move's clock.
        const Position start = game.start_state();
        search::LeafEvaluator<ShogiGame>::Evaluation warm_up;
        network_->leaf->evaluate(start, legal_moves(start), warm_up);
        loaded_network_ = network_key;
        send("info string loaded " + model + " (" + network_->net->describe() + ")");
      } catch (const std::exception& e) {
        error(std::string(e.what()) + "; playing with the built-in evaluator");
        drop_network();  // the warm-up may fail after the batcher exists
      }
    }
  }
  if (!network_)
    send(
        "info string no network loaded (set ModelFile): playing with the built-in evaluator "
        "(material value, uniform prior)");
  search::LeafEvaluator<ShogiGame>& evaluator =
      network_ ? static_cast<search::LeafEvaluator<ShogiGame>&>(*network_->leaf) : material_;
  search_ = std::make_unique<search::Search<shogi::ShogiGame>>(shogi::ShogiGame(game_rules()),
                                                               evaluator, search_params());
  searched_base_.clear();
  ready_ = true;
  send("readyok");
}

void UsiEngine::cmd_setoption(const std::vector<std::string>& t) {
  if (searching_) {
    error("setoption while searching; send stop first");
    return;
  }
  // setoption name <id...> [value <x...>]: names and values may hold spaces.
  if (t.size() < 3 || t[1] != "name") {
    error("expected 'setoption name <id> [value <x>]'");
    return;
  }
  std::string name, value;
  size_t i = 2;
  for (; i < t.size() && t[i] != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
  for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
  if (const std::string problem = options_.set(name, value); !problem.empty()) {
    error(problem);
    return;
  }
  if (name == "Game" || name == "game") {
    game_ = *parse_game(options_.string("Game"));
    position_ = Position::startpos(game_);
    base_sfen_ = std::string(Position::START_SFEN);
    moves_.clear();
    if (network_) ready_ = false;  // the network must be for this game: isready again
  }
  if (name == "MultiPV") multipv_ = int(options_.spin("MultiPV"));
  // Everything else takes effect at the next isready (model, hash, threads) or go.
  if (search_ && name != "MultiPV" && name != "ByoyomiMargin" && name != "ResignValue" &&
      name != "MateSearchNodes" && name != "USI_Ponder")
    ready_ = false;
}

void UsiEngine::cmd_position(const std::vector<std::string>& t) {
  if (searching_) {
    error("position while searching; send stop first");
    return;
  }
  auto named = kishi::game::parse_position(ShogiGame(game_rules()), std::span(t).subspan(1));
  if (!named) {
    error(named.error() + "; keeping the previous position");
    return;
  }
  position_ = std::move(named->state);
  base_sfen_ = std::move(named->base);
  moves_ = std::move(named->actions);
}

void UsiEngine::cmd_go(const std::vector<std::string>& t) {
  if (!ready_ || !search_) {
    error("go before isready; send isready (and wait for readyok) first");
    return;
  }
  if (searching_) {
    error("go while searching; send stop first");
    return;
  }
  GoParams go;
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& k = t[i];
    const auto number = [&](int64_t& into) {
      if (i + 1 >= t.size()) return false;
      const auto v = parse_int(t[i + 1]);
      if (!v || *v < 0) return false;
      into = *v;
      ++i;
      return true;
    };
    static constexpr std::pair<const char*, int64_t GoParams::*> NUMBERS[] = {
        {"btime", &GoParams::btime},     {"wtime", &GoParams::wtime},
        {"binc", &GoParams::binc},       {"winc", &GoParams::winc},
        {"byoyomi", &GoParams::byoyomi}, {"movetime", &GoParams::movetime},
        {"nodes", &GoParams::nodes},     {"depth", &GoParams::depth}};
    const auto field = std::find_if(std::begin(NUMBERS), std::end(NUMBERS),
                                    [&](const auto& n) { return k == n.first; });
    bool ok = true;
    if (field != std::end(NUMBERS)) {
      ok = number(go.*(field->second));
    } else if (k == "infinite")
      go.infinite = true;
    else if (k == "ponder")
      go.ponder = true;
    else if (k == "mate") {
      go.mate = true;
      if (i + 1 < t.size() && t[i + 1] == "infinite")
        ++i;
      else if (i + 1 < t.size() && parse_int(t[i + 1]))
        ok = number(go.mate_ms);
    } else {
      error("unknown go parameter '" + k + "'");
      return;
    }
    if (!ok) {
      error("go " + k + " needs a whole number of milliseconds (or nodes)");
      return;
    }
  }
  if (thinker_.joinable()) thinker_.join();
  stop_requested_ = false;
  discard_bestmove_ = false;
  pondering_ = go.ponder;
  ponderhit_at_ms_ = -1;
  clock_start_ = Clock::now();
  searching_ = true;
  thinker_ = std::thread([this, go] {
    const std::string answer = go.mate ? think_mate(go) : think(go);
    // Not searching any more before the answer goes out: a GUI may send the
    // next go the moment it reads it.
    searching_ = false;
    if (!discard_bestmove_) send(answer);
  });
}

void UsiEngine::cmd_stop() {
  if (!searching_) {
    error("stop without a search running");
    return;
  }
  stop_and_join(false);
}

void UsiEngine::cmd_ponderhit() {
  if (!searching_ || !pondering_) {
    error("ponderhit without a ponder search running");
    return;
  }
  ponderhit_at_ms_ = ms_since(clock_start_);
  {
    std::lock_guard lock(wait_mutex_);
    pondering_ = false;
  }
  wait_cv_.notify_all();
}

void UsiEngine::cmd_gameover() {
  if (searching_) stop_and_join(true);
}

void UsiEngine::stop_and_join(bool discard_bestmove) {
  if (discard_bestmove) discard_bestmove_ = true;
  {
    std::lock_guard lock(wait_mutex_);
    stop_requested_ = true;
    pondering_ = false;
  }
  if (search_) search_->stop();
  wait_cv_.notify_all();
  if (thinker_.joinable()) thinker_.join();
}

void UsiEngine::wait_until_stopped() {
  std::unique_lock lock(wait_mutex_);
  wait_cv_.wait(lock, [&] { return stop_requested_.load(); });
}

void UsiEngine::wait_for_stop_or_ponderhit() {
  std::unique_lock lock(wait_mutex_);
  wait_cv_.wait(lock, [&] { return stop_requested_.load() || !pondering_.load(); });
}

void UsiEngine::report(const search::SearchInfo& info, const search::Search<shogi::ShogiGame>& s) {
  const auto children = s.root_children();
  const int64_t ms = std::max<int64_t>(int64_t(info.seconds * 1000), 1);
  const int lines = std::min<int>(multipv_, int(children.size()));
  for (int k = 0; k < lines; ++k) {
    const auto& c = children[k];
    std::string line = "info depth " + std::to_string(std::max(info.depth, 1)) + " seldepth " +
                       std::to_string(info.seldepth);
    if (multipv_ > 1) line += " multipv " + std::to_string(k + 1);
    line += " score cp " + std::to_string(value_to_cp(c.visits ? c.q : 0)) + " nodes " +
            std::to_string(info.playouts) + " nps " + std::to_string(info.playouts * 1000 / ms) +
            " time " + std::to_string(ms) + " hashfull " + std::to_string(info.hashfull) + " pv";
    for (Move m : s.pv_from(c.action)) line += " " + to_usi(m);
    send(line);
  }
}

std::string UsiEngine::think(GoParams go) {
  Position root = *position_;
  const Color us = root.side_to_move();
  // USI: no bestmove before `stop` in an infinite search, nor before `stop` or
  // `ponderhit` in a ponder search, even when the search itself is over.
  const auto finish = [&](const std::string& best) {
    if (go.infinite)
      wait_until_stopped();
    else if (pondering_)
      wait_for_stop_or_ponderhit();
    return best;
  };

  if (legal_moves(root).empty()) return finish("bestmove resign");
  if (game_rules().declaration && can_declare_win(root)) {
    send("info string the entering-king declaration wins (27-point rule)");
    return finish("bestmove win");
  }

  search::Clock clock;
  clock.time_left_ms = us == BLACK ? go.btime : go.wtime;
  clock.increment_ms = us == BLACK ? go.binc : go.winc;
  clock.byoyomi_ms = go.byoyomi;
  clock.movetime_ms = go.movetime;
  const bool timed = clock.time_left_ms >= 0 || clock.byoyomi_ms > 0 || clock.movetime_ms >= 0;
  const search::TimeBudget budget =
      search::plan_time(clock, options_.spin("ByoyomiMargin"), root.move_number());
  const auto bestmove = [&](const std::vector<Move>& pv) {
    std::string best = "bestmove " + to_usi(pv[0]);
    if (options_.check("USI_Ponder") && pv.size() > 1) best += " ponder " + to_usi(pv[1]);
    return best;
  };

  if (player_ != Player::Mcts)
    return finish(think_baseline(go, budget, timed && !go.infinite && !go.ponder));

  // A forced mate the network could miss: look for it before the tree search.
  if (const int64_t mate_nodes = options_.spin("MateSearchNodes"); mate_nodes > 0) {
    const MateResult mate = mate_search_.search(root, mate_nodes, &stop_requested_, 11, false);
    if (mate.kind == MateResult::Kind::Mate) {
      std::string line = "info depth " + std::to_string(mate.pv.size()) + " score mate " +
                         std::to_string(mate.pv.size()) + " nodes " + std::to_string(mate.nodes) +
                         " pv";
      for (Move m : mate.pv) line += " " + to_usi(m);
      send(line);
      return finish(bestmove(mate.pv));
    }
  }

  // Keep the tree when this position continues the last searched one.
  if (searched_base_ == base_sfen_ && moves_.size() >= searched_moves_.size() &&
      std::equal(searched_moves_.begin(), searched_moves_.end(), moves_.begin())) {
    search_->advance_root(std::span(moves_).subspan(searched_moves_.size()));
  } else {
    search_->clear_tree();
  }
  searched_base_ = base_sfen_;
  searched_moves_ = moves_;

  search::SearchLimits limits;
  limits.max_playouts = go.nodes;
  limits.should_stop = [&](const search::SearchInfo& info) {
    if (stop_requested_) return true;
    if (go.depth > 0 && info.depth >= go.depth) return true;
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
      std::chrono::milliseconds(1000));
  report(search_->info(), *search_);
  if (!result.best) return finish("bestmove resign");

  const int cp = value_to_cp(result.value);
  if (options_.spin("ResignValue") > -30000 && cp <= options_.spin("ResignValue"))
    return finish("bestmove resign");
  // The pv starts with the chosen move.
  return finish(bestmove(result.pv.empty() ? std::vector<Move>{*result.best} : result.pv));
}

std::string UsiEngine::think_baseline(const GoParams& go, const search::TimeBudget& budget,
                                      bool timed) {
  static thread_local std::mt19937_64 rng(std::random_device{}());
  const Position& root = *position_;
  const ShogiGame game(game_rules());
  if (player_ == Player::Random)
    return "bestmove " + to_usi(players::random_action(game, root, rng));
  if (player_ == Player::Greedy)
    return "bestmove " + to_usi(players::greedy_action(game, root, rng));
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
  // go depth / go nodes override the options for this move.
  const int64_t nodes = go.nodes > 0 ? go.nodes : options_.spin("AlphaBetaNodes");
  const int depth =
      int(go.depth > 0 ? std::min<int64_t>(go.depth, 64) : options_.spin("AlphaBetaDepth"));
  const auto result = alphabeta_.search(
      root, depth, nodes > 0 ? nodes : -1, &halt, [&](const players::AlphaBetaResult& r) {
        std::string line = "info depth " + std::to_string(r.depth) + " nodes " +
                           std::to_string(r.nodes) + " score cp " + std::to_string(r.score) + " pv";
        for (Move m : r.pv) line += " " + to_usi(m);
        send(line);
      });
  {
    std::lock_guard lock(wait_mutex_);
    done = true;
  }
  wait_cv_.notify_all();
  timer.join();
  return "bestmove " + to_usi(result.best);
}

std::string UsiEngine::think_mate(const GoParams& go) {
  std::atomic<bool> timed_out{false};
  std::thread timer;
  if (go.mate_ms >= 0)
    timer = std::thread([&] {
      std::unique_lock lock(wait_mutex_);
      wait_cv_.wait_for(lock, std::chrono::milliseconds(go.mate_ms),
                        [&] { return stop_requested_.load(); });
      timed_out = true;
      stop_requested_ = true;
    });
  const MateResult r = mate_search_.search(*position_, INT64_MAX, &stop_requested_, 11, true);
  {
    std::lock_guard lock(wait_mutex_);
    stop_requested_ = true;
  }
  wait_cv_.notify_all();
  if (timer.joinable()) timer.join();
  if (r.kind == MateResult::Kind::NoMate) return "checkmate nomate";
  if (r.kind != MateResult::Kind::Mate) return "checkmate timeout";
  std::string line = "checkmate";
  for (Move m : r.pv) line += " " + to_usi(m);
  return line;
}

}  // namespace kishi::usi
