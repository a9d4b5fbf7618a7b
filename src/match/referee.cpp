#include "match/referee.h"

#include <fstream>
#include <sstream>

namespace kishi::match {

std::string go_command(const UsiClient& engine, const game::GameClock& clock) {
  const EngineSpec& spec = engine.spec();
  if (spec.nodes > 0 && !spec.plain_go) return "go nodes " + std::to_string(spec.nodes);
  const game::TimeControl& tc = clock.control();
  std::string go =
      "go btime " + std::to_string(clock.left_ms(0)) + " wtime " + std::to_string(clock.left_ms(1));
  if (tc.increment_ms && !spec.plain_go)
    go += " binc " + std::to_string(tc.increment_ms) + " winc " + std::to_string(tc.increment_ms);
  else if (tc.byoyomi_ms || spec.plain_go)
    go +=
        " byoyomi " + std::to_string(std::max<int64_t>(tc.byoyomi_ms - spec.byoyomi_margin_ms, 0));
  return go;
}

std::vector<OpeningLine> read_opening_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read opening file '" + path + "'");
  std::vector<OpeningLine> lines;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    OpeningLine l{path + ":" + std::to_string(number) + ": ", {}};
    for (std::string w; words >> w;) l.tokens.push_back(w);
    if (!l.tokens.empty()) lines.push_back(std::move(l));
  }
  return lines;
}

}  // namespace kishi::match
