// kishi status: what a run directory holds and who writes to it, for runs
// whose self-play workers are spread over hosts that share the directory: the
// newest model, the trainer's last step, the games and positions, and every
// writer seen lately with its games per hour.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "app/commands/commands.h"
#include "app/commands/parse_args.h"
#include "chunks/chunk.h"
#include "chunks/chunk_name.h"
#include "selfplay/model_store.h"

namespace kishi::command {

namespace {

namespace fs = std::filesystem;
using Clock = fs::file_time_type::clock;

std::string ago(Clock::time_point t) {
  const double s = std::chrono::duration<double>(Clock::now() - t).count();
  char text[32];
  if (s < 120)
    std::snprintf(text, sizeof text, "%.0f s ago", std::max(s, 0.0));
  else if (s < 7200)
    std::snprintf(text, sizeof text, "%.0f min ago", s / 60);
  else
    std::snprintf(text, sizeof text, "%.1f h ago", s / 3600);
  return text;
}

struct Writer {
  int64_t games = 0, positions = 0, recent = 0;
  Clock::time_point first_recent = Clock::time_point::max(), last{};
};

// The newest model, and the trainer's last step from metrics.jsonl.
void print_model_and_trainer(const std::string& run) {
  std::error_code ec;
  if (const auto model = selfplay::latest_model(run))
    std::printf("newest model: %s (step %lld, written %s)\n", model->path.c_str(),
                static_cast<long long>(model->step),
                ago(fs::last_write_time(model->path, ec)).c_str());
  else
    std::printf("newest model: none\n");
  std::ifstream metrics(run + "/metrics.jsonl");
  if (!metrics) {
    std::printf("trainer: no steps yet\n");
    return;
  }
  std::string line, last;
  while (std::getline(metrics, line))
    if (!line.empty()) last = line;
  try {
    const auto m = nlohmann::json::parse(last);
    std::printf("trainer: step %lld, policy loss %.3f, value loss %.3f, %.0f samples/s (%s)\n",
                static_cast<long long>(m.at("step").get<int64_t>()),
                m.at("policy_loss").get<double>(), m.at("value_loss").get<double>(),
                m.at("samples_per_second").get<double>(),
                ago(fs::last_write_time(run + "/metrics.jsonl", ec)).c_str());
  } catch (const std::exception&) {
    std::printf("trainer: metrics.jsonl has no readable last line\n");
  }
}

// The games of RUN/games and every writer seen since `since`, with its rate.
void print_games_and_writers(const std::string& run, double hours) {
  const auto since = Clock::now() - std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(hours * 3600));
  std::map<std::string, Writer> writers;
  int64_t games = 0, positions = 0, damaged = 0, unnamed = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(run + "/games", ec)) {
    if (e.path().extension() != ".kchunk") continue;
    const auto chunk = selfplay::read_chunk(e.path().string());
    if (!chunk) {
      ++damaged;
      continue;
    }
    const auto name = selfplay::parse_chunk_name(e.path().filename().string());
    ++games;
    positions += int64_t(chunk->positions());
    if (!name) {
      ++unnamed;
      continue;
    }
    Writer& w = writers[name->writer];
    const auto t = e.last_write_time(ec);
    ++w.games;
    w.positions += int64_t(chunk->positions());
    w.last = std::max(w.last, t);
    if (t >= since) {
      ++w.recent;
      w.first_recent = std::min(w.first_recent, t);
    }
  }
  std::printf("games: %lld, positions: %lld", static_cast<long long>(games),
              static_cast<long long>(positions));
  if (damaged) std::printf(", %lld damaged chunk files", static_cast<long long>(damaged));
  if (unnamed) std::printf(", %lld chunks of no writer's name", static_cast<long long>(unnamed));
  std::printf("\n");
  int listed = 0;
  for (const auto& [name, w] : writers) {
    if (w.last < since) continue;
    if (listed++ == 0)
      std::printf("writers seen in the last %g h:\n  %-40s %8s %10s %11s  %s\n", hours, "writer",
                  "games", "positions", "games/hour", "last game");
    // The rate over the span of its recent games (at least a minute).
    const double span =
        std::max(60.0, std::chrono::duration<double>(Clock::now() - w.first_recent).count());
    std::printf("  %-40s %8lld %10lld %11.0f  %s\n", name.c_str(), static_cast<long long>(w.games),
                static_cast<long long>(w.positions), w.recent * 3600 / span, ago(w.last).c_str());
  }
  if (!listed) std::printf("writers seen in the last %g h: none\n", hours);
}

}  // namespace

int status(int argc, char** argv) {
  CLI::App app{"What a run directory holds and who writes to it", "kishi status"};
  std::string run;
  double hours = 1;
  app.add_option("run", run, "the run directory")->required();
  app.add_option("--hours", hours, "writers seen within this many hours are listed")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1e6));
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  if (!fs::is_directory(run + "/games") && !fs::is_directory(run + "/models")) {
    std::fprintf(stderr,
                 "kishi status: error: '%s' is not a run directory (no games/ or models/)\n",
                 run.c_str());
    return 1;
  }
  std::printf("run %s\n", run.c_str());
  print_model_and_trainer(run);
  print_games_and_writers(run, hours);
  return 0;
}

}  // namespace kishi::command
