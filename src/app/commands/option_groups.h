// The option groups that several commands share, each written once: --game
// (from the registry), --run and --config (a run directory and its TOML), and
// the network's --device, --threads, --precision and --backend. A command adds the groups
// it takes, then its own options.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/registry.h"
#include "nn/backend.h"
#include "nn/precision.h"

namespace kishi::command {

// Adds --game to `app`, taking one of `names` (default: every game) into
// `game`; an empty `game` starts as the first of them. Its choices, help and
// default are the registry's (games/registry.h), never a list of the command's.
inline CLI::Option* add_game_option(CLI::App& app, std::string& game,
                                    std::vector<std::string> names = games::all_game_names()) {
  if (game.empty()) game = names.front();
  const std::string help = "the game: " + games::names_text(names);
  const CLI::Validator one_of_names(
      [names](std::string& value) -> std::string {
        if (std::find(names.begin(), names.end(), value) != names.end()) return {};
        if (!games::is_game(value)) return games::unknown_game(value).what();
        return "this command plays " + games::names_text(names) + ", not " + value;
      },
      "GAME");
  return app.add_option("--game", game, help)->capture_default_str()->check(one_of_names);
}

// A run directory and the TOML config it is played with.
struct RunOptions {
  std::string run_dir;
  std::string config_path;
};

enum class Need { Required, Optional, Absent };

// Adds --run DIR and --config FILE (Config::load_file names a missing one), each required,
// optional or left out as the command needs; `run_help` says what the
// command does with the directory.
inline void add_run_options(CLI::App& app, RunOptions& o, const std::string& run_help,
                            Need config = Need::Required, Need run = Need::Required) {
  if (run != Need::Absent) {
    auto* option = app.add_option("--run", o.run_dir, run_help);
    if (run == Need::Required) option->required();
  }
  if (config != Need::Absent) {
    auto* option = app.add_option("--config", o.config_path,
                                  "TOML config ([run], [model], [network], [selfplay], [train], "
                                  "[loop]), e.g. configs/quickstart.toml");
    if (config == Need::Required) option->required();
  }
}

// Adds the network's options into `network` (nn::NetworkOptions or any
// struct with device, threads, precision and backend): where and how the forward pass
// runs. Their defaults are the values `network` holds.
template <class NetworkOptions>
void add_network_options(CLI::App& app, NetworkOptions& network) {
  app.add_option("--device", network.device, "where the network runs: cpu, cuda, cuda:N")
      ->capture_default_str();
  app.add_option("--threads", network.threads,
                 "the forward pass's intra-op threads (0: torch's default)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1024));
  app.add_option_function<std::string>(
         "--precision",
         [&network](const std::string& text) { network.precision = nn::parse_precision(text); },
         "of the forward pass: auto (the fastest that holds, measured on first use), fp32, "
         "fp16 (CUDA), bf16, int8 (onednn)")
      ->default_str(nn::precision_name(network.precision))
      ->check(CLI::IsMember({"auto", "fp32", "fp16", "bf16", "int8"}));
  app.add_option_function<std::string>(
         "--backend",
         [&network](const std::string& text) { network.backend = nn::parse_backend(text); },
         "what runs the forward pass: auto (the fastest that holds), libtorch, or onednn (CPU)")
      ->default_str(nn::backend_name(network.backend))
      ->check(CLI::IsMember({"auto", "libtorch", "onednn"}));
}

}  // namespace kishi::command
