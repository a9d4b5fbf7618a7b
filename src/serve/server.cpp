#include "serve/server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <cctype>
#include <filesystem>
#include <thread>

#include "engine/default_model.h"
#include "games/registry.h"
#include "serve/access.h"
#include "serve/requests.h"
#include "serve/tables.h"

namespace kishi::serve {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// JSON text that never throws: bytes that are not UTF-8 (a path, a move or a
// start text quoted in an error) become U+FFFD.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

void send_json(httplib::Response& res, const json& body, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(dump(body), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& error) {
  send_json(res, {{"error", error}}, status);
}

void reply(httplib::Response& res, const Reply& r, const Table& table) {
  if (r.status >= 300)
    send_error(res, r.status, r.error);
  else
    send_json(res, table.state());
}

// The server-sent events of one game: its state when it changes, the
// engine's thinking at most four times a second, a comment every 15 s.
// Each stream holds a thread of the pool: at most MAX_STREAMS_PER_GAME a game
// and `max_streams` in all.
constexpr int MAX_STREAMS_PER_GAME = 4;

void stream_events(httplib::Response& res, std::shared_ptr<Table> table,
                   const std::atomic<bool>& stopping, std::atomic<int>& streams, int max_streams) {
  struct Stream {
    Table::Seen seen;
    Table::Clock::time_point last_info{}, last_write = Table::Clock::now();
  };
  if (streams.fetch_add(1) >= max_streams) {
    --streams;
    return send_error(res, 503, "too many event streams open: close a page");
  }
  // A page that left holds its place until a keep-alive write fails (within
  // two seconds): a page that came back to the game at once waits for it.
  if (!table->subscribe(MAX_STREAMS_PER_GAME, 8s, stopping)) {
    --streams;
    return send_error(
        res, 503,
        "this game has " + std::to_string(MAX_STREAMS_PER_GAME) + " pages open already: close one");
  }
  auto stream = std::make_shared<Stream>();
  res.set_header("Cache-Control", "no-store");
  res.set_chunked_content_provider(
      "text/event-stream",
      [table, stream, &stopping](size_t, httplib::DataSink& sink) {
        if (stopping) return false;
        const Table::Seen now = table->wait_for_change(stream->seen, 250ms);
        const auto clock = Table::Clock::now();
        std::string out;
        // The thinking before the state, so that a search's last lines come
        // before the move they led to; held back to four a second otherwise.
        if (now.info != stream->seen.info &&
            (now.state != stream->seen.state || clock - stream->last_info >= 250ms)) {
          out += "event: info\ndata: " + dump(table->info()) + "\n\n";
          stream->seen.info = now.info;
          stream->last_info = clock;
        }
        if (now.state != stream->seen.state) {
          out += "event: state\ndata: " + dump(table->state()) + "\n\n";
          stream->seen.state = now.state;
        }
        // A comment each second when nothing else is sent: a page that left
        // (a closed socket) fails the write within two, freeing its place
        // among the game's MAX_STREAMS_PER_GAME for the page it went to.
        if (out.empty() && clock - stream->last_write >= 1s) out = ": keep-alive\n\n";
        if (!out.empty()) {
          if (!sink.write(out.data(), out.size())) return false;
          stream->last_write = clock;
        }
        table->tick();
        table->kick();
        return !stopping;
      },
      [table, &streams](bool) {
        table->unsubscribe();
        --streams;
      });
}

}  // namespace

std::vector<std::string> served_games() {
  return games::game_names_where([](const game::GameInfo& g) { return !g.board.empty(); });
}

namespace {

// What every handler shares: the options, the games, the event streams.
struct Service {
  const ServerOptions& options;
  std::string first_game;
  Tables tables;
  std::atomic<bool> stopping{false};
  // A thread for each event stream (two a game at most in all) and as many
  // again for the requests between them and the connections a browser opens
  // ahead of its requests.
  std::atomic<int> streams{0};
  int max_streams;
};

// The pool, the limits and the page's files.
std::string configure(httplib::Server& server, const Service& service) {
  namespace fs = std::filesystem;
  const ServerOptions& options = service.options;
  const size_t threads = size_t(service.max_streams) * 2 + 16;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.max_body);
  // One request a connection: httplib 0.11 cannot skip a refused body, and
  // a kept-alive connection also held a pool thread while the browser idled.
  server.set_keep_alive_max_count(1);
  // A browser busy with twenty pages may connect well before it sends its
  // request: a connection closed unasked then fails the page's load.
  server.set_keep_alive_timeout(30);
  server.set_read_timeout(30, 0);
  // A page's event stream read late by a busy browser is not cut at once.
  server.set_write_timeout(15, 0);
  const fs::path root = options.web_root;
  if (!server.set_mount_point("/", root.string()))
    return "cannot serve the folder " + root.string();
  for (const char* package : {"shogiground"}) {
    const fs::path dir = root / "node_modules" / package;
    if (fs::is_directory(dir))
      server.set_mount_point(std::string("/vendor/") + package, dir.string());
  }
  server.set_file_extension_and_mimetype_mapping("js", "text/javascript");
  server.set_file_extension_and_mimetype_mapping("mjs", "text/javascript");
  return {};
}

// Every request's checks before its route (access.h): the Host, the token,
// the body's length and type, the origin of a POST; the page's headers.
void guard(httplib::Server& server, const ServerOptions& options) {
  const std::string listen = options.listen, token = options.token;
  const int port = options.port;
  const size_t max_body = options.max_body;
  server.set_pre_routing_handler([=](const httplib::Request& req, httplib::Response& res) {
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("X-Frame-Options", "DENY");
    res.set_header("Referrer-Policy", "no-referrer");
    if (!host_allowed(req.get_header_value("Host"), listen, port)) {
      send_error(res, 403, "Host '" + req.get_header_value("Host") + "' is not this server");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!token.empty()) {
      std::string given = req.get_param_value("token");
      if (given.empty()) given = req.get_header_value("X-Kishi-Token");
      if (given.empty()) given = cookie_value(req.get_header_value("Cookie"), "kishi_token");
      if (!same_token(given, token)) {
        send_error(res, 403,
                   given.empty() ? "this server needs its token (?token=...)" : "wrong token");
        return httplib::Server::HandlerResponse::Handled;
      }
      if (req.has_param("token"))
        res.set_header("Set-Cookie",
                       "kishi_token=" + token + "; HttpOnly; SameSite=Strict; Path=/");
    }
    // The libraries only through /vendor/, the page's own files as they are.
    if (req.path.find("node_modules") != std::string::npos) {
      send_error(res, 404, "not found: " + req.path);
      return httplib::Server::HandlerResponse::Handled;
    }
    // Every request but GET and HEAD may carry a body: only with a bounded
    // Content-Length (httplib would keep a chunked body, or one without a
    // length, in memory to its end). A refused body is never taken for a
    // request of its own: the connection closes after each answer
    // (keep-alive count 1).
    if (req.method != "GET" && req.method != "HEAD") {
      if (req.has_header("Transfer-Encoding") || !req.has_header("Content-Length")) {
        send_error(res, 411, "send the body with a Content-Length (not in chunks)");
        return httplib::Server::HandlerResponse::Handled;
      }
      // Over the bound, httplib reads the body to its end without keeping it
      // and answers 413 (answer_errors): a body left unread would make the
      // close a reset, which can overtake the answer at the client.
      if (req.get_header_value<uint64_t>("Content-Length") > max_body)
        return httplib::Server::HandlerResponse::Unhandled;
    }
    if (req.method == "POST") {
      const std::string origin = req.get_header_value("Origin");
      if (!origin.empty() &&
          !host_allowed(
              origin.substr(origin.find("//") == std::string::npos ? 0 : origin.find("//") + 2),
              listen, port)) {
        send_error(res, 403, "requests from " + origin + " are not served");
        return httplib::Server::HandlerResponse::Handled;
      }
      std::string type = req.get_header_value("Content-Type");
      for (char& c : type) c = char(std::tolower(static_cast<unsigned char>(c)));
      if (type.rfind("application/json", 0) != 0) {
        send_error(res, 415, "POST bodies must be application/json");
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    if (req.path.rfind("/api/", 0) != 0 && req.method == "GET")
      res.set_header(
          "Content-Security-Policy",
          "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:");
    return httplib::Server::HandlerResponse::Unhandled;
  });
}

// Errors as JSON, the unexpected ones included.
void answer_errors(httplib::Server& server, size_t max_body) {
  // httplib calls this outside its exception guard: it must not throw.
  server.set_error_handler([max_body](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string error =
        res.status == 404   ? "not found: " + req.path
        : res.status == 413 ? "the request body is over " + std::to_string(max_body) + " bytes"
                            : "bad request";
    try {
      send_error(res, res.status, error);
    } catch (...) {
      res.set_content("{\"error\": \"bad request\"}", "application/json");
    }
  });
  server.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
        std::string what = "unknown";
        try {
          std::rethrow_exception(e);
        } catch (const std::exception& ex) {
          what = ex.what();
        } catch (...) {
        }
        send_error(res, 500, "internal error: " + what);
      });
}

// Listens until `stop` (or the server's own end), then closes every game.
std::string serve(httplib::Server& server, Service& service, const std::atomic<bool>& stop,
                  const std::function<void(const std::string&)>& ready) {
  const ServerOptions& options = service.options;
  // httplib listens with a backlog of 5: twenty pages opening at once overflow
  // it and connections fail. The listening socket is listened on again with
  // the system's largest backlog (Linux allows it).
  int listening_socket = -1;
  server.set_socket_options([&](socket_t sock) {
    httplib::default_socket_options(sock);
    listening_socket = sock;
  });
  if (!server.bind_to_port(options.listen, options.port))
    return "cannot listen on " + options.listen + ":" + std::to_string(options.port) +
           " (in use? try another --port)";
  if (listening_socket >= 0) ::listen(listening_socket, SOMAXCONN);
  std::thread watcher([&] {
    while (!stop && !service.stopping) std::this_thread::sleep_for(100ms);
    service.stopping = true;
    service.tables.wake_all();
    server.stop();
  });
  std::string url = "http://" +
                    (options.listen.find(':') != std::string::npos ? "[" + options.listen + "]"
                                                                   : options.listen) +
                    ":" + std::to_string(options.port) + "/";
  if (!options.token.empty()) url += "?token=" + options.token;
  ready(url);
  server.listen_after_bind();
  service.stopping = true;
  service.tables.wake_all();
  watcher.join();
  service.tables.clear();
  return {};
}

// The JSON API of docs/serve.md.
void route_api(httplib::Server& server, Service& service) {
  server.Get("/api/info", [&](const httplib::Request&, httplib::Response& res) {
    send_json(res, info_json(service.first_game,
                             play::model_description(service.options.engine.model_file)));
  });
  server.Post("/api/games", [&](const httplib::Request& req, httplib::Response& res) {
    const auto o = parse_new_game(req.body, service.first_game);
    if (!o) return send_error(res, 400, o.error());
    const auto table = service.tables.create(*o);
    if (!table)
      return send_error(res, table.error().rfind("too many", 0) == 0 ? 503 : 400, table.error());
    send_json(res, (*table)->state(), 201);
  });

  const auto with_table = [&](auto&& handle) {
    return [&, handle](const httplib::Request& req, httplib::Response& res) {
      const auto table = service.tables.find(req.matches[1]);
      if (!table)
        return send_error(res, table.error().rfind("too many", 0) == 0 ? 503 : 500, table.error());
      if (!*table) return send_error(res, 404, "no game '" + std::string(req.matches[1]) + "'");
      handle(req, res, *table);
    };
  };
  const std::string game_path = "/api/games/([0-9a-f]{1,32})";
  server.Get(game_path,
             with_table([](const auto&, auto& res, const auto& t) { send_json(res, t->state()); }));
  server.Post(game_path + "/move", with_table([](const auto& req, auto& res, const auto& t) {
                const std::string move = move_of(req.body);
                if (move.empty())
                  return send_error(res, 400, "the body must be {\"move\": \"...\"}");
                reply(res, t->play(move), *t);
              }));
  server.Post(game_path + "/undo",
              with_table([](const auto&, auto& res, const auto& t) { reply(res, t->undo(), *t); }));
  server.Post(game_path + "/resign", with_table([](const auto&, auto& res, const auto& t) {
                reply(res, t->resign(), *t);
              }));
  server.Get(game_path + "/positions", with_table([](const auto&, auto& res, const auto& t) {
               send_json(res, t->positions());
             }));
  server.Post(game_path + "/analysis", with_table([](const auto& req, auto& res, const auto& t) {
                const auto playouts = analysis_playouts(req.body);
                if (!playouts) return send_error(res, 400, playouts.error());
                const Reply r = t->analyse(*playouts);
                if (r.status >= 300) return send_error(res, r.status, r.error);
                send_json(res, t->state(), 202);
              }));
  server.Get(game_path + "/record", with_table([](const auto& req, auto& res, const auto& t) {
               const std::string format = req.get_param_value("format");
               const auto text = t->record(format);
               if (!text) return send_error(res, 400, text.error());
               res.set_header("Cache-Control", "no-store");
               res.set_content(*text, "text/plain; charset=utf-8");
             }));
  server.Get(game_path + "/events", with_table([&](const auto&, auto& res, const auto& t) {
               stream_events(res, t, service.stopping, service.streams, service.max_streams);
             }));
}

}  // namespace

std::string run_server(const ServerOptions& options, const std::atomic<bool>& stop,
                       const std::function<void(const std::string&)>& ready) {
  const std::filesystem::path root = options.web_root;
  if (!std::filesystem::is_regular_file(root / "index.html"))
    return "no page at " + (root / "index.html").string() +
           " (give --web DIR: the web/ folder of kishi's source tree)";
  std::shared_ptr<const GameStore> store;
  if (!options.data_dir.empty()) {
    auto opened = GameStore::open(options.data_dir);
    if (!opened) return opened.error();
    store = std::make_shared<const GameStore>(std::move(*opened));
  }
  EngineOptions engine = options.engine;
  engine.analysis_slots = std::make_shared<AnalysisSlots>(options.max_analyses);
  Service service{.options = options,
                  .first_game = options.game.empty() ? served_games().front() : options.game,
                  .tables = Tables(options.max_games, engine, store),
                  .max_streams = options.max_games * 2};
  httplib::Server server;
  if (std::string error = configure(server, service); !error.empty()) return error;
  guard(server, options);
  answer_errors(server, options.max_body);
  route_api(server, service);
  return serve(server, service, stop, ready);
}

}  // namespace kishi::serve
