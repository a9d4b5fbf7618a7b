// GameLine for every registered game, built once here.
#include "serve/game_line.h"

#include <algorithm>
#include <sstream>

#include "game/position_command.h"
#include "games/registry.h"

namespace kishi::serve {
namespace {

template <game::Game G>
class LineOf final : public GameLine {
 public:
  LineOf(const G& g, typename G::State start) : game_(g), state_(std::move(start)) {
    start_ = game_.state_text(state_);
  }

  std::string game() const override { return std::string(game_.name()); }
  std::string start() const override { return start_; }
  std::string state() const override { return game_.state_text(state_); }
  int to_move() const override { return game_.player(state_); }
  bool in_check() const override {
    if constexpr (requires { game_.in_check(state_); })
      return game_.in_check(state_);
    else
      return false;
  }
  size_t plies() const override { return actions_.size(); }
  const std::vector<std::string>& actions() const override { return actions_; }
  const std::vector<std::string>& notation() const override { return notation_; }
  const std::vector<int>& movers() const override { return movers_; }

  std::vector<std::string> legal() const override {
    typename G::ActionList list;
    game_.legal_actions(state_, list);
    std::vector<std::string> texts;
    if (game_.outcome(state_, list).over) return texts;
    for (size_t i = 0; i < list.size(); ++i) texts.push_back(game_.action_text(list[i]));
    return texts;
  }
  game::Outcome outcome() const override {
    typename G::ActionList list;
    game_.legal_actions(state_, list);
    return game_.outcome(state_, list);
  }
  std::string reason_text(const game::Outcome& o) const override {
    return game_.reason_text(o.reason);
  }

  std::string play(std::string_view text) override {
    if (outcome().over) return "the game is over";
    const auto action = game_.parse_action(state_, text);
    if (!action) return action.error();
    std::string notation = game_.action_text(*action);
    if constexpr (requires { game_.action_notation(state_, *action); })
      notation = game_.action_notation(state_, *action);
    movers_.push_back(game_.player(state_));
    game_.play(state_, *action);
    actions_.push_back(game_.action_text(*action));
    notation_.push_back(std::move(notation));
    return {};
  }
  void undo() override {
    if (actions_.empty()) return;
    game_.undo(state_);
    actions_.pop_back();
    notation_.pop_back();
    movers_.pop_back();
  }

  std::vector<std::string> states() const override {
    typename G::State s = *game_.parse_state(start_);  // the start was read from it
    std::vector<std::string> texts = {start_};
    for (const std::string& a : actions_) {
      game_.play(s, *game_.parse_action(s, a));  // each was legal when played
      texts.push_back(game_.state_text(s));
    }
    return texts;
  }

  std::vector<std::string> position_tokens() const override {
    std::vector<std::string> tokens;
    std::istringstream words(game::position_line(game_, start_, actions_));
    for (std::string w; words >> w;) tokens.push_back(w);
    return tokens;
  }
  std::vector<game::RecordFile> records(const game::Record& record) const override {
    return game::record_files(game_, record);
  }
  std::vector<PieceLabel> piece_labels() const override {
    std::vector<PieceLabel> labels;
    if constexpr (requires { game_.piece_labels(); })
      for (const auto& l : game_.piece_labels()) labels.push_back({l.letter, l.code, l.name});
    return labels;
  }

 private:
  G game_;
  typename G::State state_;
  std::string start_;
  std::vector<std::string> actions_, notation_;
  std::vector<int> movers_;
};

// The words of a start the page may be given: its own exports too, whose
// comments ("# ..." to the line's end) are skipped, and the plain record of a game without
// a record format of its own ("start S" and "actions ..." lines) as "sfen S
// moves ...".
std::vector<std::string> start_words(std::string_view text) {
  std::vector<std::string> words, start, actions;
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    line = line.substr(0, line.find('#'));  // a comment runs to the line's end
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string word; in >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (w[0] == "start" && start.empty()) start.assign(w.begin() + 1, w.end());
    if (w[0] == "actions") actions.assign(w.begin() + 1, w.end());
    words.insert(words.end(), w.begin(), w.end());
  }
  if (start.empty() || words[0] != "game") return words;
  words = {"sfen"};
  words.insert(words.end(), start.begin(), start.end());
  words.push_back("moves");
  words.insert(words.end(), actions.begin(), actions.end());
  return words;
}

// The line from the state text `start`, `actions` played (each checked).
template <game::Game G>
Expected<std::unique_ptr<GameLine>> replay(const G& g, const std::string& start,
                                           const std::vector<std::string>& actions) {
  using Result = Expected<std::unique_ptr<GameLine>>;
  auto state = g.parse_state(start);
  if (!state) return Result::failure(state.error());
  auto line = std::make_unique<LineOf<G>>(g, std::move(*state));
  for (const std::string& action : actions)
    if (std::string error = line->play(action); !error.empty())
      return Result::failure(error + " ('" + action + "')");
  return std::unique_ptr<GameLine>(std::move(line));
}

}  // namespace

Expected<std::unique_ptr<GameLine>> make_game_line(std::string_view game, std::string_view start) {
  using Result = Expected<std::unique_ptr<GameLine>>;
  if (!games::is_game(game)) return Result::failure(games::unknown_game(game).what());
  std::vector<std::string> words = start_words(start);
  return games::with_game(game, {}, [&](const auto& g) -> Result {
    using G = std::decay_t<decltype(g)>;
    if (words.empty()) return std::unique_ptr<GameLine>(new LineOf<G>(g, g.start_state()));
    // Its own record formats (shogi: CSA, KIF), read by the game.
    if constexpr (requires { g.read_record(start); }) {
      if (auto record = g.read_record(start)) {
        if (!*record) return Result::failure(record->error());
        return replay(g, (*record)->start_state, (*record)->actions);
      }
    }
    const bool named =
        words[0] == "position" || words[0] == "startpos" || words[0] == "sfen" || words[0] == "fen";
    if (!named && std::find(words.begin(), words.end(), "moves") == words.end()) {
      std::string text;
      for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
      return replay(g, text, {});
    }
    // A USI position line, or a state text with its moves (the page's own
    // export): the line starts at the state and replays the moves.
    if (!named) words.insert(words.begin(), "sfen");
    auto position = game::parse_position(g, std::span<const std::string>(words));
    if (!position) return Result::failure(position.error());
    return replay(g, position->base, position->action_texts);
  });
}

}  // namespace kishi::serve
