#include "usi/usi_protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>

namespace kishi::usi {

namespace {

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return tokens;
}

// Times and counts from a GUI are bounded here (2^40 ms is 35 years), so that
// no sum or conversion of them further on can overflow.
constexpr int64_t MAX_GO_NUMBER = int64_t(1) << 40;

std::optional<int64_t> parse_int(const std::string& s) {
  int64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range && p == s.data() + s.size() && s[0] != '-')
    return MAX_GO_NUMBER;
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return std::min(v, MAX_GO_NUMBER);
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string answer_text(const play::Answer& a) {
  if (a.kind == play::Answer::Kind::Resign) return "bestmove resign";
  if (a.kind == play::Answer::Kind::Win) return "bestmove win";
  return "bestmove " + a.move + (a.ponder.empty() ? "" : " ponder " + a.ponder);
}

std::string mate_text(const play::MateAnswer& a) {
  if (a.kind == play::MateAnswer::Kind::NoMate) return "checkmate nomate";
  if (a.kind == play::MateAnswer::Kind::Timeout) return "checkmate timeout";
  std::string line = "checkmate";
  for (const std::string& m : a.pv) line += " " + m;
  return line;
}

int64_t hundredths(float x) { return std::lround(x * 100); }

}  // namespace

std::string info_text(const play::InfoLine& l) {
  std::string s = "info depth " + std::to_string(l.depth);
  if (l.seldepth >= 0) s += " seldepth " + std::to_string(l.seldepth);
  if (l.multipv > 0) s += " multipv " + std::to_string(l.multipv);
  if (l.mate_plies)
    s += " score mate " + std::to_string(*l.mate_plies);
  else if (l.cp)
    s += " score cp " + std::to_string(*l.cp);
  s += " nodes " + std::to_string(l.nodes);
  if (l.nps >= 0) s += " nps " + std::to_string(l.nps);
  if (l.time_ms >= 0) s += " time " + std::to_string(l.time_ms);
  if (l.hashfull >= 0) s += " hashfull " + std::to_string(l.hashfull);
  s += " pv";
  for (const std::string& m : l.pv) s += " " + m;
  return s;
}

UsiProtocol::UsiProtocol(std::istream& in, std::ostream& out, std::string_view game,
                         play::Player player)
    : player_(player), in_(in), out_(out) {
  engine_ = play::make_engine(game, player,
                              {[this](const std::string& m) { send("info string " + m); },
                               [this](const std::string& e) { error(e); },
                               [this](const play::InfoLine& l) { send(info_text(l)); }});
  const play::Settings defaults;
  options_.add_spin("USI_Hash", defaults.hash_mb, 1, 1 << 20);
  options_.add_check("USI_Ponder", false);
  options_.add_spin("Threads", defaults.threads, 1, 256);
  options_.add_spin("BatchSize", defaults.batch_size, 1, 1024);
  // Intra-op threads of the forward pass. 1 by default: for the small networks
  // trained on CPU a second thread gains little, and when other engines or
  // games share the cores its spin-waiting made a 1 s move take 1.2 s.
  options_.add_spin("NetworkThreads", defaults.network_threads, 1, 256);
  options_.add_string("ModelFile", "", UsiOptions::Type::Filename);
  options_.add_string("Device", defaults.device);
  options_.add_combo("Precision", defaults.precision, {"auto", "fp32", "fp16", "bf16", "int8"});
  options_.add_combo("Backend", defaults.backend, {"auto", "libtorch", "onednn"});
  options_.add_combo("Game", std::string(game), engine_->variants());
  options_.add_spin("MultiPV", 1, 1, 32);
  // As Stockfish's Skill Level: 1 a beginner's opponent, FULL_LEVEL the full engine.
  if (player == play::Player::Mcts) {
    options_.add_spin("SkillLevel", play::FULL_LEVEL, 1, play::FULL_LEVEL);
    // The search's exploration, in hundredths where a spin needs a whole number
    // (as dlshogi's C_init): CPuct 90 is c_init 0.90.
    options_.add_spin("CPuct", hundredths(defaults.puct.cpuct_init), 0, 10000);
    options_.add_spin("CPuctBase", int64_t(defaults.puct.cpuct_base), 1, 1000000000);
    options_.add_spin("FpuReduction", hundredths(defaults.puct.fpu_reduction), 0, 1000);
    options_.add_spin("RootFpuReduction", hundredths(defaults.puct.root_fpu_reduction), 0, 1000);
    // What a draw (a repetition) is worth less than an even game to the engine,
    // in hundredths of the value scale (a win 100, a loss -100): Contempt 10
    // values a draw at -0.10, not 0. At most halfway to a loss, so that a drawn
    // position never reads as lost (ResignValue, the score printed).
    options_.add_spin("Contempt", hundredths(defaults.contempt), 0, 50);
  }
  options_.add_spin("ByoyomiMargin", defaults.go.byoyomi_margin_ms, 0, 60000);
  options_.add_spin("ResignValue", -30000, -30000, 0);
  if (engine_->has_declaration())
    options_.add_combo("EnteringKingRule", "CSARule27", {"NoEnteringKing", "CSARule27"});
  options_.add_spin("MaxPlies", defaults.max_plies, 1, 100000);
  if (engine_->has_mate_solver())
    options_.add_spin("MateSearchNodes", defaults.go.mate_nodes, 0, 100000000);
  if (engine_->has_leaf_mate()) options_.add_spin("LeafMatePlies", defaults.leaf_mate_plies, 0, 7);
  if (player == play::Player::AlphaBeta) {
    options_.add_spin("AlphaBetaDepth", defaults.go.alphabeta_depth, 1, 64);
    options_.add_spin("AlphaBetaNodes", 0, 0, int64_t(1) << 40);  // 0: no limit
  }
}

UsiProtocol::~UsiProtocol() { engine_->stop(true); }

void UsiProtocol::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void UsiProtocol::error(const std::string& what) { send("info string error: " + what); }

int UsiProtocol::run() {
  for (std::string line; std::getline(in_, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!handle(line)) break;
  }
  engine_->stop(true);
  return 0;
}

bool UsiProtocol::handle(const std::string& line) {
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
    if (engine_->searching())
      error("usinewgame while searching; send stop first");
    else
      engine_->new_game();
  } else if (cmd == "position")
    cmd_position(t);
  else if (cmd == "go")
    cmd_go(t);
  else if (cmd == "stop")
    cmd_stop();
  else if (cmd == "ponderhit")
    cmd_ponderhit();
  else if (cmd == "gameover") {
    if (engine_->searching()) engine_->stop(true);
  } else if (cmd == "quit")
    return false;
  else if (cmd == "d" || cmd == "display")
    cmd_display();
  else
    error("unknown command '" + cmd + "'");
  return true;
}

void UsiProtocol::cmd_usi() {
  static constexpr const char* NAMES[] = {"kishi", "kishi-random", "kishi-greedy",
                                          "kishi-alphabeta"};
  send(std::string("id name ") + NAMES[int(player_)]);
  send("id author the kishi developers");
  for (const auto& l : options_.usi_lines()) send(l);
  send("usiok");
}

play::Settings UsiProtocol::settings() const {
  play::Settings s;
  s.hash_mb = options_.spin("USI_Hash");
  s.threads = int(options_.spin("Threads"));
  s.batch_size = int(options_.spin("BatchSize"));
  s.network_threads = int(options_.spin("NetworkThreads"));
  s.model_file = options_.string("ModelFile");
  s.device = options_.string("Device");
  s.precision = options_.string("Precision");
  s.backend = options_.string("Backend");
  s.max_plies = int(options_.spin("MaxPlies"));
  s.declaration = engine_->has_declaration() && options_.string("EnteringKingRule") == "CSARule27";
  s.go.multipv = int(options_.spin("MultiPV"));
  s.go.byoyomi_margin_ms = options_.spin("ByoyomiMargin");
  s.go.resign_cp = int(options_.spin("ResignValue"));
  s.go.mate_nodes = engine_->has_mate_solver() ? options_.spin("MateSearchNodes") : 0;
  s.leaf_mate_plies = engine_->has_leaf_mate() ? int(options_.spin("LeafMatePlies")) : 0;
  s.go.offer_ponder = options_.check("USI_Ponder");
  if (player_ == play::Player::Mcts) {
    s.go.level = int(options_.spin("SkillLevel"));
    s.puct.cpuct_init = float(options_.spin("CPuct")) / 100;
    s.puct.cpuct_base = float(options_.spin("CPuctBase"));
    s.puct.fpu_reduction = float(options_.spin("FpuReduction")) / 100;
    s.puct.root_fpu_reduction = float(options_.spin("RootFpuReduction")) / 100;
    s.contempt = float(options_.spin("Contempt")) / 100;
  }
  if (player_ == play::Player::AlphaBeta) {
    s.go.alphabeta_depth = int(options_.spin("AlphaBetaDepth"));
    s.go.alphabeta_nodes = options_.spin("AlphaBetaNodes");
  }
  return s;
}

void UsiProtocol::cmd_isready() {
  if (engine_->searching()) {
    error("isready while searching; send stop first");
    return;
  }
  engine_->prepare(settings());
  ready_ = true;
  send("readyok");
}

void UsiProtocol::cmd_setoption(const std::vector<std::string>& t) {
  if (engine_->searching()) {
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
  const std::string key = lower(name);
  // A new game starts at its start position; the network must be for it.
  if (key == "game") engine_->set_variant(options_.string("Game"));
  // These take effect at the next go; everything else (model, hash, threads,
  // rules) at the next isready.
  static constexpr const char* AT_GO[] = {"multipv",         "byoyomimargin", "resignvalue",
                                          "matesearchnodes", "usi_ponder",    "skilllevel"};
  if (std::find(std::begin(AT_GO), std::end(AT_GO), key) == std::end(AT_GO)) ready_ = false;
}

void UsiProtocol::cmd_position(const std::vector<std::string>& t) {
  if (engine_->searching()) {
    error("position while searching; send stop first");
    return;
  }
  if (const std::string problem = engine_->set_position(std::span(t).subspan(1)); !problem.empty())
    error(problem + "; keeping the previous position");
}

void UsiProtocol::cmd_go(const std::vector<std::string>& t) {
  if (!ready_) {
    error("go before isready; send isready (and wait for readyok) first");
    return;
  }
  if (engine_->searching()) {
    error("go while searching; send stop first");
    return;
  }
  play::Limits go;
  bool mate = false;
  int64_t mate_ms = -1;  // -1: infinite
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
    const std::pair<const char*, int64_t*> numbers[] = {
        {"btime", &go.time_ms[0]},     {"wtime", &go.time_ms[1]},   {"binc", &go.increment_ms[0]},
        {"winc", &go.increment_ms[1]}, {"byoyomi", &go.byoyomi_ms}, {"movetime", &go.movetime_ms},
        {"nodes", &go.nodes},          {"depth", &go.depth}};
    const auto field = std::find_if(std::begin(numbers), std::end(numbers),
                                    [&](const auto& n) { return k == n.first; });
    bool ok = true;
    if (field != std::end(numbers)) {
      ok = number(*field->second);
    } else if (k == "infinite")
      go.infinite = true;
    else if (k == "ponder")
      go.ponder = true;
    else if (k == "mate") {
      mate = true;
      if (i + 1 < t.size() && t[i + 1] == "infinite")
        ++i;
      else if (i + 1 < t.size() && parse_int(t[i + 1]))
        ok = number(mate_ms);
    } else {
      error("unknown go parameter '" + k + "'");
      return;
    }
    if (!ok) {
      error("go " + k + " needs a whole number of milliseconds (or nodes)");
      return;
    }
  }
  if (mate) {
    if (!engine_->has_mate_solver()) {
      error("go mate: this game has no mate solver");
      return;
    }
    engine_->go_mate(mate_ms, [this](const play::MateAnswer& a) { send(mate_text(a)); });
  } else {
    engine_->go(go, settings().go, [this](const play::Answer& a) { send(answer_text(a)); });
  }
}

void UsiProtocol::cmd_stop() {
  if (!engine_->searching()) {
    error("stop without a search running");
    return;
  }
  engine_->stop(false);
}

void UsiProtocol::cmd_ponderhit() {
  if (!engine_->searching() || !engine_->pondering()) {
    error("ponderhit without a ponder search running");
    return;
  }
  engine_->ponderhit();
}

void UsiProtocol::cmd_display() {
  const std::vector<std::string> lines = engine_->describe_position();
  for (size_t i = 0; i + 1 < lines.size(); ++i) send("info string " + lines[i]);
  send("info string sfen " + lines.back());
}

}  // namespace kishi::usi
