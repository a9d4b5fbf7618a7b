// kishi serve's HTTP server: the page's files from web/, the JSON API of
// docs/serve.md and each game's event stream, behind the access rules of
// access.h. cpp-httplib does the HTTP; no httplib type leaves server.cpp.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "serve/table.h"

namespace kishi::serve {

struct ServerOptions {
  std::string listen = "127.0.0.1";
  int port = 8080;
  std::string token;     // empty: none asked (loopback only)
  std::string web_root;  // the page's folder (web/)
  std::string game;      // the page's first choice (served_games())
  EngineOptions engine;
  int max_games = 32;           // games held; the oldest unwatched one goes first
  int max_analyses = 2;         // reviews running at once, server-wide
  std::string data_dir;         // every game kept there (GameStore); empty: none
  size_t max_body = 64 * 1024;  // bytes of a request body
};

// The games the page can draw (a board in their GameInfo).
std::vector<std::string> served_games();

// Serves until `stop` turns true (polled) or the port cannot be bound (an
// error naming it); `ready` gets the URL once listening.
std::string run_server(const ServerOptions& options, const std::atomic<bool>& stop,
                       const std::function<void(const std::string& url)>& ready);

}  // namespace kishi::serve
