#include "serve/analysis.h"

#include <algorithm>
#include <future>

namespace kishi::serve {

using nlohmann::json;

const char* Judgement::of(double loss) {
  return loss >= BLUNDER      ? "blunder"
         : loss >= MISTAKE    ? "mistake"
         : loss >= INACCURACY ? "inaccuracy"
                              : "";
}

Analysis::Analysis(AnalysedLine line, int64_t playouts, const play::Settings& settings,
                   std::function<void()> progress, std::shared_ptr<AnalysisSlots> slots)
    : line_(std::move(line)),
      playouts_(playouts),
      progress_(std::move(progress)),
      slots_(std::move(slots)) {
  thread_ = std::thread([this, settings] {
    run(settings);
    if (slots_) slots_->give_back();
  });
}

Analysis::~Analysis() {
  {
    // Under engine_mutex_, as go() is: a stop never falls between the
    // thread's check and its go (which would clear it).
    std::lock_guard lock(engine_mutex_);
    stop_ = true;
    if (engine_) engine_->stop(false);  // the answer still comes: the thread is not left waiting
  }
  thread_.join();
}

std::pair<double, std::string> Analysis::search(play::EngineControl& engine, size_t ply) {
  const bool last = ply == line_.actions.size();
  const int to_move = line_.to_move[ply];
  if (last && line_.over_at_end) {  // nothing to search: the result
    const int w = line_.winner_at_end.value_or(-1);
    return {w == to_move ? 1.0 : w < 0 ? 0.5 : 0.0, ""};
  }
  std::vector<std::string> tokens = line_.start_tokens;
  if (ply > 0) {
    tokens.push_back("moves");
    tokens.insert(tokens.end(), line_.actions.begin(), line_.actions.begin() + ptrdiff_t(ply));
  }
  play::Limits limits;
  limits.nodes = playouts_;
  play::GoSettings go;
  go.info_interval_ms = 1000000;  // only the last line counts
  std::promise<play::Answer> answer;
  auto result = answer.get_future();
  {
    std::lock_guard lock(engine_mutex_);
    if (stop_) return {};
    // A new tree each position: the same playouts for every one (a tree kept
    // from the line before would give the expected moves more).
    engine.new_game();
    if (const std::string error = engine.set_position(tokens); !error.empty())
      throw std::runtime_error("position " + std::to_string(ply) + ": " + error);
    engine.go(limits, go, [&answer](const play::Answer& a) { answer.set_value(a); });
  }
  const play::Answer a = result.get();
  if (stop_) return {};
  std::lock_guard lock(mutex_);
  double win_rate = last_cp_ ? cp_to_win_rate(*last_cp_) : 0.5;
  if (a.kind == play::Answer::Kind::Win) win_rate = 1;
  if (a.kind == play::Answer::Kind::Resign && !last_cp_) win_rate = 0;
  return {win_rate, a.kind == play::Answer::Kind::Move ? a.move : ""};
}

void Analysis::run(play::Settings settings) {
  try {
    play::EngineControl::Listener listener;
    listener.message = [](const std::string&) {};  // the game's engine said it already
    listener.info = [this](const play::InfoLine& l) {
      if (l.multipv > 1) return;
      std::lock_guard lock(mutex_);
      if (l.mate_plies)
        last_cp_ = *l.mate_plies > 0 ? 30000 : -30000;
      else if (l.cp)
        last_cp_ = *l.cp;
    };
    listener.error = [this](const std::string& e) {  // the engine carries on: a warning
      std::lock_guard lock(mutex_);
      warning_ = e;
    };
    auto engine = play::make_engine(line_.game, play::Player::Mcts, listener);
    // The pointer the destructor stops through goes before the engine does,
    // however the loop ends.
    struct Published {
      Analysis& a;
      ~Published() {
        std::lock_guard lock(a.engine_mutex_);
        a.engine_ = nullptr;
      }
    } published{*this};
    engine->prepare(settings);
    {
      std::lock_guard lock(engine_mutex_);
      engine_ = engine.get();
    }
    for (size_t ply = 0; ply <= line_.actions.size() && !stop_; ++ply) {
      {
        std::lock_guard lock(mutex_);
        last_cp_.reset();
      }
      const auto [win_rate, best] = search(*engine, ply);
      if (stop_) break;  // a search cut short says nothing
      {
        std::lock_guard lock(mutex_);
        done_.push_back({win_rate, best});
      }
      progress_();
    }
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    error_ = e.what();
  }
  {
    std::lock_guard lock(mutex_);
    running_ = false;
  }
  progress_();
}

json Analysis::report() const {
  std::lock_guard lock(mutex_);
  const auto for_person = [&](size_t ply) {
    const double w = done_[ply].win_rate;
    return line_.to_move[ply] == line_.person ? w : 1 - w;
  };
  nlohmann::json entries = nlohmann::json::array();
  for (size_t ply = 0; ply < done_.size(); ++ply) {
    nlohmann::json e = {{"ply", ply},
                        {"win_rate", std::round(for_person(ply) * 1000) / 1000},
                        {"best", done_[ply].best}};
    if (ply < line_.actions.size()) {
      e["move"] = line_.actions[ply];
      e["mover"] = line_.to_move[ply];
    }
    if (ply + 1 < done_.size()) {
      // What the move gave away, for its mover: the position before it (the
      // best play) against the one after it.
      const int mover = line_.to_move[ply];
      const double before = done_[ply].win_rate;
      const double after =
          line_.to_move[ply + 1] == mover ? done_[ply + 1].win_rate : 1 - done_[ply + 1].win_rate;
      const double loss = line_.actions[ply] == done_[ply].best ? 0 : std::max(0.0, before - after);
      e["loss"] = std::round(loss * 1000) / 1000;
      e["judgement"] = Judgement::of(loss);
    }
    entries.push_back(std::move(e));
  }
  return {{"playouts", playouts_}, {"plies", line_.actions.size()},
          {"done", done_.size()},  {"total", line_.actions.size() + 1},
          {"running", running_},   {"error", error_},
          {"warning", warning_},   {"entries", entries}};
}

}  // namespace kishi::serve
