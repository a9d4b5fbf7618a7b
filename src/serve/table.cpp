#include "serve/table.h"

#include <algorithm>
#include <cmath>

#include "serve/requests.h"

namespace kishi::serve {

using nlohmann::json;

Table::Table(std::string id, const TableOptions& options, std::unique_ptr<GameLine> line)
    : id_(std::move(id)),
      options_(options),
      line_(std::move(line)),
      clock_(options.clock),
      last_used_(Clock::now()) {}

Expected<std::shared_ptr<Table>> Table::create(std::string id, const TableOptions& options,
                                               const EngineOptions& engine,
                                               std::shared_ptr<const GameStore> store) {
  using Result = Expected<std::shared_ptr<Table>>;
  if (options.person != 0 && options.person != 1)
    return Result::failure("side must be 0 or 1 (the player the person plays, 0 moving first)");
  auto line = make_game_line(options.game, options.start);
  if (!line) return Result::failure(line.error());
  std::shared_ptr<Table> table(new Table(std::move(id), options, std::move(*line)));
  table->evals_.resize(table->line_->plies());  // moves of the start: not searched
  table->store_ = std::move(store);
  return start(std::move(table), engine);
}

Expected<std::shared_ptr<Table>> Table::restore(std::string id, const json& saved,
                                                const EngineOptions& engine,
                                                std::shared_ptr<const GameStore> store) {
  using Result = Expected<std::shared_ptr<Table>>;
  const std::string where = "the saved game " + id + ": ";
  if (!saved.is_object() || !saved.contains("new_game") || !saved["new_game"].is_object() ||
      !saved.contains("actions") || !saved["actions"].is_array() || !saved.contains("evals") ||
      !saved["evals"].is_array() || saved["evals"].size() != saved["actions"].size())
    return Result::failure(where + "not a game kishi serve saved");
  auto options = parse_new_game(saved["new_game"].dump(), "");
  if (!options) return Result::failure(where + options.error());
  auto line = make_game_line(options->game, options->start);
  if (!line) return Result::failure(where + line.error());
  std::shared_ptr<Table> table(new Table(std::move(id), *options, std::move(*line)));
  for (size_t i = 0; i < saved["actions"].size(); ++i) {
    const json& action = saved["actions"][i];
    const json& eval = saved["evals"][i];
    std::string error = action.is_string() ? table->line_->play(action.get<std::string>())
                                           : "not a text";
    if (error.empty() && !eval.is_null() && !eval.is_number_integer()) error = "a bad evaluation";
    if (!error.empty())
      return Result::failure(where + "move " + std::to_string(i + 1) + ": " + error);
    table->evals_.push_back(eval.is_null() ? std::nullopt : std::optional<int>(eval.get<int>()));
  }
  if (const json winner = saved.value("resigned_winner", json()); !winner.is_null()) {
    if (winner != 0 && winner != 1) return Result::failure(where + "a bad resigned_winner");
    table->ended_ = game::Outcome{true, winner.get<int>(), 0};
    table->ended_by_ = saved.value("ended_by", "resign") == "time" ? "time" : "resign";
  }
  if (const std::string e = table->restore_clock(saved.value("clock", json())); !e.empty())
    return Result::failure(where + e);
  if (const json version = saved.value("version", json()); version.is_number_unsigned())
    table->state_version_ = version.get<uint64_t>() + 1;
  table->store_ = std::move(store);
  return start(std::move(table), engine);
}

namespace {

play::Settings engine_settings(const EngineOptions& engine) {
  play::Settings settings;
  settings.model_file = engine.model_file;
  settings.hash_mb = engine.hash_mb;
  settings.threads = engine.threads;
  return settings;
}

}  // namespace

Expected<std::shared_ptr<Table>> Table::start(std::shared_ptr<Table> table,
                                              const EngineOptions& engine) {
  using Result = Expected<std::shared_ptr<Table>>;
  Table* t = table.get();
  play::EngineControl::Listener listener{[t](const std::string& m) {
                                           std::lock_guard lock(t->mutex_);
                                           t->engine_message_ = m;
                                         },
                                         [t](const std::string& e) {
                                           std::lock_guard lock(t->mutex_);
                                           t->engine_error_ = e;
                                         },
                                         [t](const play::InfoLine& l) { t->on_info(l); }};
  table->engine_ = play::make_engine(table->options_.game, play::Player::Mcts, std::move(listener));
  table->engine_options_ = engine;
  table->engine_->prepare(engine_settings(engine));
  if (!table->engine_error_.empty()) return Result::failure(table->engine_error_);
  table->engine_->new_game();
  {
    std::lock_guard lock(table->mutex_);
    table->save_locked();
  }
  {
    std::lock_guard engine_lock(table->engine_mutex_);
    table->start_thinking_locked();
  }
  return table;
}

json Table::saved_locked() const {
  TableOptions o = options_;
  o.start = line_->start();  // the moves of a start given with its moves are actions now
  json evals = json::array();
  for (const auto& e : evals_) evals.push_back(e ? json(*e) : json(nullptr));
  return {{"kishi_serve_game", 1},
          {"id", id_},
          {"new_game", new_game_fields(o)},
          {"actions", line_->actions()},
          {"evals", evals},
          {"resigned_winner", ended_ ? json(ended_->winner) : json(nullptr)},
          {"ended_by", ended_by_},
          {"clock", saved_clock_locked()},
          // the state's version once saved (changed() counts it after): a page
          // that saw it takes the states of the game read back as newer
          {"version", state_version_ + 1}};
}

void Table::save_locked() {
  if (!store_) return;
  try {
    store_->save(id_, saved_locked());
    save_error_.clear();
  } catch (const std::exception& e) {
    save_error_ = std::string("the game could not be saved: ") + e.what();
  }
}

Table::~Table() {
  analysis_.reset();
  engine_.reset();
}

json Table::positions() const {
  std::lock_guard lock(mutex_);
  return {{"states", line_->states()}, {"moves", line_->actions()}};
}

Reply Table::analyse(int64_t playouts) {
  {
    std::unique_ptr<Analysis> old;
    {
      std::lock_guard lock(mutex_);
      old = std::move(analysis_);
    }
    // Stopped outside mutex_ (its thread takes it to report): its slot is free again.
  }
  const auto& slots = engine_options_.analysis_slots;
  if (slots && !slots->take())
    return {503, "the server runs " + std::to_string(slots->most()) +
                     " analyses at once (kishi serve --max-analyses): try again when one ends"};
  std::unique_ptr<Analysis> old;  // one started meanwhile by another request
  std::lock_guard lock(mutex_);
  AnalysedLine a;
  a.game = options_.game;
  a.person = options_.person;
  a.start_tokens = line_->position_tokens();
  a.start_tokens.erase(a.start_tokens.begin());  // "position"
  a.start_tokens.erase(std::find(a.start_tokens.begin(), a.start_tokens.end(), "moves"),
                       a.start_tokens.end());
  a.actions = line_->actions();
  a.to_move = line_->movers();
  a.to_move.push_back(line_->to_move());
  // The board's end only: a resignation says nothing of the last move's worth.
  const game::Outcome outcome = line_->outcome();
  a.over_at_end = outcome.over;
  if (outcome.over) a.winner_at_end = outcome.winner;
  play::Settings settings = engine_settings(engine_options_);
  settings.hash_mb = std::min<int64_t>(settings.hash_mb, 16);  // one position at a time
  old = std::move(analysis_);
  analysis_ = std::make_unique<Analysis>(
      std::move(a), playouts, settings,
      [this] {
        std::lock_guard progress_lock(mutex_);
        ++state_version_;
        cv_.notify_all();
      },
      slots);
  ++state_version_;
  cv_.notify_all();
  // `old` is destroyed after the lock is let go (declared before it): its
  // thread may be waiting for mutex_ to report.
  return {202, ""};
}

void Table::changed() {
  sync_clock_locked();
  save_locked();
  ++state_version_;
  last_used_ = Clock::now();
  cv_.notify_all();
}

game::Outcome Table::outcome_locked() const { return ended_ ? *ended_ : line_->outcome(); }

json Table::state() const {
  std::lock_guard lock(mutex_);
  const game::Outcome outcome = outcome_locked();
  json evals = json::array();
  for (const auto& e : evals_) evals.push_back(e ? json(*e) : json(nullptr));
  const bool persons_turn = !outcome.over && line_->to_move() == options_.person;
  std::string reason;
  if (ended_)
    reason = ended_by_;
  else if (outcome.over)
    reason = line_->reason_text(outcome);
  return {{"id", id_},
          {"game", line_->game()},
          {"person", options_.person},
          {"to_move", line_->to_move()},
          {"check", line_->in_check()},
          {"version", state_version_},
          {"start", line_->start()},
          {"handicap", options_.handicap},
          {"state", line_->state()},
          {"moves", line_->actions()},
          {"notation", line_->notation()},
          {"movers", line_->movers()},
          {"legal", persons_turn ? line_->legal() : std::vector<std::string>{}},
          {"thinking", thinking_},
          {"over", outcome.over},
          {"winner", outcome.over ? outcome.winner : game::Outcome::DRAW},
          {"reason", reason},
          {"evals", evals},
          {"takeback", options_.takeback},
          {"playouts", options_.seconds > 0 ? 0 : options_.playouts},
          {"seconds", options_.seconds},
          {"level", options_.level},
          {"clock", clock_json_locked()},
          {"engine", engine_message_},
          {"engine_error", engine_error_},
          {"save_error", save_error_},
          {"analysis", analysis_ ? analysis_->report() : json(nullptr)}};
}

Reply Table::play(const std::string& move) {
  std::lock_guard engine_lock(engine_mutex_);
  {
    std::lock_guard lock(mutex_);
    if (ended_ || line_->outcome().over) return {409, "the game is over"};
    if (line_->to_move() != options_.person) return {409, "it is the engine's turn"};
    const int64_t elapsed = move_elapsed_locked();
    if (out_of_time_locked(options_.person, elapsed)) {
      end_on_time_locked(options_.person);
      return {409, "your time ran out: the game is lost on time"};
    }
    const std::string error = line_->play(move);
    if (!error.empty()) return {400, error};
    spend_locked(options_.person, elapsed);
    evals_.emplace_back();
    changed();
  }
  start_thinking_locked();
  return {};
}

Reply Table::undo() {
  std::lock_guard engine_lock(engine_mutex_);
  if (!options_.takeback) return {409, "take back is off in this game"};
  stop_thinking_locked();
  {
    std::lock_guard lock(mutex_);
    // A resignation is a player's last word: taking a move back would quietly
    // take the resignation back too.
    if (ended_)
      return {409, ended_by_ == "time" ? "the game was lost on time: start a new one"
                                       : "the game ended by resignation: start a new one"};
    const auto& movers = line_->movers();
    size_t last = movers.size();
    while (last > 0 && movers[last - 1] != options_.person) --last;
    if (last == 0) return {409, "no move of yours to take back"};
    while (line_->plies() >= last) {
      line_->undo();
      evals_.pop_back();
    }
    info_ = json::object();  // the last search was of a position taken back
    ++info_version_;
    changed();
  }
  start_thinking_locked();
  return {};
}

Reply Table::resign() {
  std::lock_guard engine_lock(engine_mutex_);
  stop_thinking_locked();
  std::lock_guard lock(mutex_);
  if (ended_ || line_->outcome().over) return {409, "the game is over"};
  ended_ = game::Outcome{true, engine_player(), 0};
  ended_by_ = "resign";
  changed();
  return {};
}

Expected<std::string> Table::record(const std::string& format) const {
  std::lock_guard lock(mutex_);
  game::Record r;
  r.players[options_.person] = "you";
  r.players[engine_player()] = "kishi";
  r.start_state = line_->start();
  r.actions = line_->actions();
  r.event = "kishi serve";
  r.start_time = game::record_time_now();
  const game::Outcome outcome = outcome_locked();
  r.winner = outcome.over ? outcome.winner : game::Outcome::DRAW;
  r.unfinished = !outcome.over;
  r.reason = ended_ ? ended_by_ : outcome.over ? line_->reason_text(outcome) : "unfinished";
  std::string formats;
  const auto files = line_->records(r);
  if (format.empty()) return files.front().text;  // the game's first format
  for (const auto& file : files) {
    if (file.extension == format) return file.text;
    formats += (formats.empty() ? "" : ", ") + file.extension;
  }
  return Expected<std::string>::failure("no record format '" + format + "' for " + line_->game() +
                                        " (it has " + formats + ")");
}

void Table::start_thinking_locked() {
  std::vector<std::string> tokens;
  uint64_t generation;
  play::Limits limits;
  {
    std::lock_guard lock(mutex_);
    if (thinking_ || ended_ || line_->outcome().over || line_->to_move() != engine_player()) return;
    thinking_ = true;
    generation = ++generation_;
    tokens = line_->position_tokens();
    if (clock_.control().timed()) {
      for (int p : {0, 1}) limits.time_ms[p] = clock_.left_ms(p);
      // A search stopped and begun again keeps the time it used.
      limits.time_ms[engine_player()] =
          std::max<int64_t>(0, clock_.left_ms(engine_player()) - move_used_ms_);
      limits.byoyomi_ms = clock_.control().byoyomi_ms;
      for (int p : {0, 1}) limits.increment_ms[p] = clock_.control().increment_ms;
    }
    lines_ = json::array();
    info_ = json::object();  // nothing of the last search carries over
    ++info_version_;
    changed();
  }
  const std::string error =
      engine_->set_position(std::span(tokens).subspan(1));  // without "position"
  if (!error.empty()) {
    std::lock_guard lock(mutex_);
    thinking_ = false;
    engine_error_ = error;
    changed();
    return;
  }
  if (!clock_.control().timed()) {  // else the clocks above
    if (options_.seconds > 0)
      limits.movetime_ms = int64_t(std::llround(options_.seconds * 1000));
    else
      limits.nodes = options_.playouts;
  }
  play::GoSettings go;
  go.multipv = 3;
  go.info_interval_ms = 250;
  if (options_.level > 0) go.level = options_.level;
  engine_->go(limits, go, [this, generation](const play::Answer& a) { on_answer(generation, a); });
}

void Table::stop_thinking_locked() {
  {
    std::lock_guard lock(mutex_);
    if (!thinking_) return;
  }
  engine_->stop(true);
  std::lock_guard lock(mutex_);
  thinking_ = false;
  ++generation_;  // an answer already under way is dropped
  changed();
}

void Table::on_answer(uint64_t generation, const play::Answer& answer) {
  std::lock_guard lock(mutex_);
  if (generation != generation_ || !thinking_) return;
  thinking_ = false;
  publish_lines();
  const int64_t elapsed = move_elapsed_locked();
  if (out_of_time_locked(engine_player(), elapsed)) {
    end_on_time_locked(engine_player());
  } else if (answer.kind == play::Answer::Kind::Move) {
    const std::string error = line_->play(answer.move);
    if (!error.empty()) {
      engine_error_ = "the engine's move '" + answer.move + "' was refused: " + error;
    } else {
      spend_locked(engine_player(), elapsed);
      std::optional<int> cp;
      if (info_.contains("cp") && info_["cp"].is_number()) cp = info_["cp"].get<int>();
      evals_.push_back(cp);
    }
  } else {
    // Resign, or shogi's declaration win.
    const bool engine_wins = answer.kind == play::Answer::Kind::Win;
    ended_ = game::Outcome{true, engine_wins ? engine_player() : options_.person, 0};
    ended_by_ = "resign";
  }
  changed();
}

void Table::on_info(const play::InfoLine& l) {
  // cp and mate for player 0, so the page's bar and graph need not know who
  // the engine is.
  const int sign = engine_player() == 0 ? 1 : -1;
  json line = {{"move", l.pv.empty() ? "" : l.pv[0]},
               {"visits", l.visits},
               {"cp", l.cp ? json(sign * *l.cp) : json(nullptr)},
               {"mate", l.mate_plies ? json(sign * *l.mate_plies) : json(nullptr)},
               {"pv", l.pv}};
  std::lock_guard lock(mutex_);
  // A report is its lines 1, 2, 3...: the one before is published when the
  // next begins, the last when the answer comes (publish_lines).
  if (l.multipv <= 1) publish_lines();
  lines_.push_back(line);
  last_report_ = {{"depth", l.depth}, {"nodes", l.nodes}, {"nps", l.nps}};
}

void Table::publish_lines() {
  if (lines_.empty()) return;
  const json& best = lines_[0];
  int cp = best["cp"].is_number() ? best["cp"].get<int>() : 0;
  if (best["mate"].is_number()) cp = best["mate"].get<int>() > 0 ? 30000 : -30000;
  info_ = last_report_;
  info_["cp"] = cp;
  info_["mate"] = best["mate"];
  info_["pv"] = best["pv"];
  info_["lines"] = lines_;
  lines_ = json::array();
  ++info_version_;
}

Table::Seen Table::wait_for_change(const Seen& seen, std::chrono::milliseconds wait) const {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, wait, [&] { return state_version_ != seen.state; });
  return {state_version_, info_version_};
}

json Table::info() const {
  std::lock_guard lock(mutex_);
  return info_;
}

bool Table::subscribe(int most, std::chrono::milliseconds wait, const std::atomic<bool>& stopping) {
  std::unique_lock lock(mutex_);
  if (subscribers_ >= most) {
    // One page in a burst of reconnects waits; more are refused at once.
    if (waiting_ >= MAX_WAITING_SUBSCRIBERS) return false;
    ++waiting_;
    const bool placed =
        cv_.wait_for(lock, wait, [&] { return stopping || subscribers_ < most; }) && !stopping;
    --waiting_;
    if (!placed) return false;
  }
  ++subscribers_;
  last_used_ = Clock::now();
  sync_clock_locked();
  return true;
}

void Table::unsubscribe() {
  std::lock_guard engine_lock(engine_mutex_);
  {
    std::lock_guard lock(mutex_);
    last_used_ = Clock::now();
    cv_.notify_all();  // a page waiting for a place among the subscribers
    if (--subscribers_ > 0) return;
    sync_clock_locked();
  }
  stop_thinking_locked();  // a closed page stops its search
}

void Table::kick() {
  std::lock_guard engine_lock(engine_mutex_);
  start_thinking_locked();
}

void Table::wake() {
  std::lock_guard lock(mutex_);
  ++state_version_;
  cv_.notify_all();
}

bool Table::watched() const {
  std::lock_guard lock(mutex_);
  return subscribers_ > 0;
}

Table::Clock::time_point Table::last_used() const {
  std::lock_guard lock(mutex_);
  return last_used_;
}

}  // namespace kishi::serve
