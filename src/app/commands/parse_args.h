// Flag parsing shared by the subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

namespace kishi::command {

// Parses argv into app. On --help returns 0 after printing it; on a bad flag
// prints CLI11's message and returns 2 (usage error); on success returns nothing.
inline std::optional<int> parse_args(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  return std::nullopt;
}

}  // namespace kishi::command
