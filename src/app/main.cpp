// kishi: one binary, one subcommand per job (kishi perft, kishi bench, ...).
#include <cstdio>
#include <cstring>
#include <exception>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "app/commands/commands.h"

namespace {

struct Subcommand {
  const char* name;
  int (*run)(int, char**);
  const char* summary;
};

constexpr Subcommand SUBCOMMANDS[] = {
    {"perft", kishi::command::perft, "count the legal move tree of a position"},
    {"usi", kishi::command::usi, "the USI engine, for GUIs and match tools"},
    {"selfplay", kishi::command::selfplay, "self-play games with the newest model of a run"},
    {"loop", kishi::command::loop,
     "self-play and training side by side, with evaluations (the main job)"},
    {"report", kishi::command::report, "an HTML page with a run's curves"},
    {"evaluate", kishi::command::evaluate, "a model against the built-in baselines"},
    {"train", kishi::command::train, "train the run's network on its self-play positions"},
    {"serve", kishi::command::serve, "the web board: play kishi in a browser"},
    {"match", kishi::command::match, "games between USI engines, with Elo and records"},
    {"data", kishi::command::data, "data files for people (data show FILE)"},
    {"export", kishi::command::export_data, "a run's self-play games as hcpe or hcpe3 records"},
    {"export-onnx", kishi::command::export_onnx, "a network as an ONNX model, with test data"},
    {"import", kishi::command::import_data,
     "shogi data (CSA, KIF, hcpe, hcpe3, psv) as a run's training positions"},
    {"teacher", kishi::command::teacher, "positions scored by USI engines, as hcpe"},
    {"status", kishi::command::status, "a run directory's models, games and writers"},
    {"bench", kishi::command::bench,
     "the build's signature (nodes, nodes/s), or a suite: perft|nn|search|selfplay|train"},
};

void usage(std::FILE* out) {
  std::fprintf(out, "usage: kishi <command> [options]\n\ncommands:\n");
  for (const auto& c : SUBCOMMANDS) std::fprintf(out, "  %-11s %s\n", c.name, c.summary);
  std::fprintf(out, "\nkishi <command> --help shows the options of a command.\n");
}

// glibc gives blocks over its mmap threshold (at most 32 MB) back to the system
// when they are freed, and trims the heap's top past 128 KB: a training batch
// of gnome (128 policy targets of 77,312 floats, 40 MB, and torch's tensors of
// that size) was mapped and faulted in anew at every step. Kept, the trainer
// went from 113 to 1,104 positions a second.
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
      !std::strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  for (const auto& c : SUBCOMMANDS)
    if (!std::strcmp(argv[1], c.name)) {
      keep_freed_memory();
      try {
        return c.run(argc - 1, argv + 1);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "kishi %s: error: %s\n", c.name, e.what());
        return 1;
      }
    }
  std::fprintf(stderr, "kishi: unknown command '%s'\n\n", argv[1]);
  usage(stderr);
  return 2;
}
