// kishi serve: the web board (docs/serve.md). Listens on loopback unless told
// otherwise, and then only with a token.
#include <cstdio>
#include <filesystem>

#include "app/commands/commands.h"
#include "app/commands/interrupt.h"
#include "app/commands/option_groups.h"
#include "app/commands/parse_args.h"
#include "common/share_dir.h"
#include "engine/default_model.h"
#include "games/registry.h"
#include "serve/access.h"
#include "serve/server.h"

namespace kishi::command {

int serve(int argc, char** argv) {
  CLI::App app{"The web board: play kishi in a browser", "kishi serve"};
  serve::ServerOptions o;
  // An installed binary's share/kishi/web, else the source tree's web/: from any directory.
  o.web_root = share_dir("web", KISHI_WEB_DIR);
  add_game_option(app, o.game, serve::served_games())
      ->description("the new game's default: " + games::names_text(serve::served_games()));
  app.add_option("--model", o.engine.model_file,
                 "the network (a .ckpt of a run); none: each game's shipped model (models/), "
                 "builtin: the built-in evaluator");
  app.add_option("--port", o.port, "the port")->capture_default_str()->check(CLI::Range(1, 65535));
  app.add_option("--listen", o.listen,
                 "the address to listen on; other than loopback, it needs --token")
      ->capture_default_str();
  app.add_option("--token", o.token,
                 "the token every request must carry ('random': one is made and printed)");
  app.add_option("--web", o.web_root, "the page's folder")->capture_default_str();
  std::string data_dir = serve::GameStore::default_dir();
  app.add_option("--data", data_dir,
                 "the folder every game is kept in, to survive a restart (none: keep no game)")
      ->capture_default_str();
  app.add_option("--max-games", o.max_games, "games held at once (more are read back from --data)")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--max-analyses", o.max_analyses,
                 "game reviews running at once (each an engine and a thread of its own)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--hash", o.engine.hash_mb, "each game's search tree, MB")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  app.add_option("--threads", o.engine.threads, "each game's search threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  if (auto rc = parse_args(app, argc, argv)) return *rc;

  if (!serve::is_loopback(o.listen) && o.token.empty()) {
    std::fprintf(stderr,
                 "kishi serve: error: listening on %s lets other machines in: give --token T "
                 "(or --token random)\n",
                 o.listen.c_str());
    return 2;
  }
  if (o.token == "random") o.token = serve::random_hex();
  if (data_dir != "none") o.data_dir = data_dir;
  if (data_dir.empty())
    std::fprintf(stderr,
                 "kishi serve: no game is kept over a restart (neither XDG_DATA_HOME nor HOME "
                 "is set: give --data DIR)\n");
  if (!o.engine.model_file.empty() && o.engine.model_file != play::BUILTIN_MODEL &&
      !std::filesystem::is_regular_file(o.engine.model_file)) {
    std::fprintf(stderr, "kishi serve: error: no model file '%s'\n", o.engine.model_file.c_str());
    return 1;
  }
  // The model is loaded once here, so that a bad one stops the start.
  if (auto check = serve::Table::create(
          "check", serve::TableOptions{.game = o.game, .start = {}, .handicap = {}}, o.engine);
      !check) {
    std::fprintf(stderr, "kishi serve: error: %s\n", check.error().c_str());
    return 1;
  }
  const std::string error =
      serve::run_server(o, stop_requested_by_signal(), [&](const std::string& url) {
        std::printf("kishi serve: %s on %s, games kept in %s (open %s)\n", o.game.c_str(),
                    play::model_description(o.engine.model_file).c_str(),
                    o.data_dir.empty() ? "none" : o.data_dir.c_str(), url.c_str());
        std::fflush(stdout);
      });
  if (!error.empty()) {
    std::fprintf(stderr, "kishi serve: error: %s\n", error.c_str());
    return 1;
  }
  return 0;
}

}  // namespace kishi::command
