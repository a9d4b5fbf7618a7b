// kishi report RUN: one self-contained HTML page (inline SVG, no script, no
// network) with the run's curves: losses, evaluation scores and Elo against the
// baselines, games per hour, and the ladders of match summaries (--match).
// Written to RUN/report.html.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/commands/chart_axis.h"
#include "app/commands/commands.h"
#include "app/commands/parse_args.h"
#include "common/atomic_file.h"

namespace kishi::command {

namespace {

struct Series {
  std::string name, colour;
  std::vector<std::pair<double, double>> points;
};

// A number of the page's tables: whole numbers in full, others to 4 digits.
std::string fmt(double v) {
  char b[32];
  std::snprintf(b, sizeof b, v == std::round(v) && std::abs(v) < 1e15 ? "%.0f" : "%.4g", v);
  return b;
}

std::string chart(const std::string& title, const std::string& x_label,
                  const std::vector<Series>& series) {
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const auto& s : series)
    for (auto [x, y] : s.points) {
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  std::ostringstream o;
  o << "<h2>" << title << "</h2>\n";
  if (!std::isfinite(x0)) return o.str() + "<p>no data yet</p>\n";
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + 1;
  // The plot, then the legend in a column of its own to its right.
  const double W = 900, H = 320, L = 70, B = 34, R = 200;
  const auto px = [&](double x) { return L + (x - x0) / (x1 - x0) * (W - L - R); };
  const auto py = [&](double y) { return H - B - (y - y0) / (y1 - y0) * (H - B - 10); };
  o << "<svg width='" << W << "' height='" << H << "' xmlns='http://www.w3.org/2000/svg'>\n"
    << "<rect x='" << L << "' y='10' width='" << W - L - R << "' height='" << H - B - 10
    << "' fill='none' stroke='#999'/>\n";
  const AxisTicks yt = axis_ticks(y0, y1), xt = axis_ticks(x0, x1);
  for (double y : yt.values)
    o << "<line x1='" << L << "' x2='" << W - R << "' y1='" << py(y) << "' y2='" << py(y)
      << "' stroke='#eee'/>\n<text x='" << L - 5 << "' y='" << py(y) + 4
      << "' font-size='11' text-anchor='end'>" << tick_label(y, yt.step) << "</text>\n";
  for (double x : xt.values)
    o << "<text x='" << px(x) << "' y='" << H - 18 << "' font-size='11' text-anchor='middle'>"
      << tick_label(x, xt.step) << "</text>\n";
  o << "<text x='" << (L + W - R) / 2 << "' y='" << H - 3
    << "' font-size='12' text-anchor='middle'>" << x_label << "</text>\n";
  int legend = 0;
  for (const auto& s : series) {
    if (s.points.empty()) continue;
    o << "<polyline fill='none' stroke='" << s.colour << "' stroke-width='2' points='";
    for (auto [x, y] : s.points) o << px(x) << "," << py(y) << " ";
    const double ly = 24 + 18 * legend++;
    o << "'/>\n<line x1='" << W - R + 12 << "' x2='" << W - R + 32 << "' y1='" << ly - 4 << "' y2='"
      << ly - 4 << "' stroke='" << s.colour << "' stroke-width='3'/>\n<text x='" << W - R + 38
      << "' y='" << ly << "' font-size='12'>" << s.name << "</text>\n";
  }
  o << "</svg>\n<details><summary>numbers</summary><pre>";
  for (const auto& s : series) {
    o << s.name << ":";
    for (auto [x, y] : s.points) o << " (" << fmt(x) << ", " << fmt(y) << ")";
    o << "\n";
  }
  o << "</pre></details>\n";
  return o.str();
}

// The ladder of a match summary (kishi match's summary.json with a ratings
// table): each engine's Elo as a dot, its 95% interval as a bar, best on top.
std::string ladder_chart(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("no match summary '" + path + "'");
  nlohmann::json summary;
  try {
    summary = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw std::runtime_error("match summary '" + path + "' is not JSON: " + e.what());
  }
  if (!summary.contains("ratings") || !summary["ratings"].is_array())
    throw std::runtime_error("match summary '" + path +
                             "' has no ratings table (a match of three engines or more has one)");
  struct Row {
    std::string name;
    double elo, margin;
    int games;
  };
  std::vector<Row> rows;
  for (const auto& r : summary["ratings"])
    rows.push_back({r.at("engine").get<std::string>(), r.at("elo").get<double>(),
                    r.at("margin95").get<double>(), r.at("games").get<int>()});
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.elo > b.elo; });
  double lo = INFINITY, hi = -INFINITY;
  for (const Row& r : rows)
    lo = std::min(lo, r.elo - r.margin), hi = std::max(hi, r.elo + r.margin);
  std::ostringstream o;
  o << "<h2>Ladder: " << path << "</h2>\n";
  if (rows.empty()) return o.str() + "<p>no engines</p>\n";
  if (hi <= lo) hi = lo + 1;
  const double W = 900, row = 26, L = 180, R = 40, T = 10, B = 34;
  const double H = T + row * double(rows.size()) + B;
  const auto px = [&](double elo) { return L + (elo - lo) / (hi - lo) * (W - L - R); };
  o << "<svg width='" << W << "' height='" << H << "' xmlns='http://www.w3.org/2000/svg'>\n";
  const AxisTicks ticks = axis_ticks(lo, hi);
  for (double x : ticks.values)
    o << "<line x1='" << px(x) << "' x2='" << px(x) << "' y1='" << T << "' y2='" << H - B
      << "' stroke='#eee'/>\n<text x='" << px(x) << "' y='" << H - 18
      << "' font-size='11' text-anchor='middle'>" << tick_label(x, ticks.step) << "</text>\n";
  o << "<text x='" << (L + W - R) / 2 << "' y='" << H - 3
    << "' font-size='12' text-anchor='middle'>Elo (the first engine of the match at 0), 95% "
       "interval</text>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const double y = T + row * (double(i) + 0.5);
    o << "<text x='" << L - 8 << "' y='" << y + 4 << "' font-size='12' text-anchor='end'>" << r.name
      << "</text>\n<line x1='" << px(r.elo - r.margin) << "' x2='" << px(r.elo + r.margin)
      << "' y1='" << y << "' y2='" << y << "' stroke='#1f77b4' stroke-width='3'/>\n<circle cx='"
      << px(r.elo) << "' cy='" << y << "' r='5' fill='#d62728'/>\n";
  }
  o << "</svg>\n<details><summary>numbers</summary><pre>";
  for (const Row& r : rows)
    o << r.name << ": " << fmt(std::round(r.elo)) << " +- " << fmt(std::round(r.margin)) << " ("
      << r.games << " games)\n";
  o << "</pre></details>\n";
  return o.str();
}

double elo_of(double score) {
  score = std::clamp(score, 0.01, 0.99);  // a sweep is shown at the edge of the scale
  return -400 * std::log10(1 / score - 1);
}

// What a run's metrics.jsonl holds, as the page's series and table.
struct RunMetrics {
  Series policy{"policy loss", "#1f77b4", {}}, value{"value loss", "#d62728", {}};
  Series vs_random{"score vs random", "#2ca02c", {}}, vs_greedy{"score vs greedy", "#9467bd", {}};
  Series elo_random{"Elo vs random", "#2ca02c", {}}, elo_greedy{"Elo vs greedy", "#9467bd", {}};
  Series elo_run{"Elo (newest vs previous, chained)", "#8c564b", {}};
  Series rate{"games per hour", "#ff7f0e", {}};
  std::ostringstream table;  // the evaluations' numbers, for reading off exactly
  int skipped = 0;           // lines cut by a kill
  std::vector<std::pair<double, double>> loop_points;  // (time, games)
  int64_t resign_checks = 0, false_resignations = 0;
};

void add_evaluation(RunMetrics& m, const nlohmann::json& e) {
  const double step = e["step"].get<double>();
  if (e.contains("random")) {
    m.vs_random.points.emplace_back(step, e["random"]["score"].get<double>());
    m.elo_random.points.emplace_back(step, elo_of(e["random"]["score"].get<double>()));
  }
  if (e.contains("greedy")) {
    m.vs_greedy.points.emplace_back(step, e["greedy"]["score"].get<double>());
    m.elo_greedy.points.emplace_back(step, elo_of(e["greedy"]["score"].get<double>()));
  }
  if (e.contains("elo")) m.elo_run.points.emplace_back(step, e["elo"].get<double>());
  const auto cell = [&](const char* key) {
    if (!e.contains(key)) return std::string("<td></td>");
    const auto& r = e[key];
    return "<td>+" + std::to_string(r["wins"].get<int>()) + " =" +
           std::to_string(r["draws"].get<int>()) + " -" + std::to_string(r["losses"].get<int>()) +
           "</td>";
  };
  m.table << "<tr><td>" << e["step"].get<int64_t>() << "</td>" << cell("random") << cell("greedy")
          << cell("previous") << "<td>"
          << (e.contains("elo") ? std::to_string(std::lround(e["elo"].get<double>())) : "")
          << "</td></tr>\n";
}

void read_metrics(std::istream& in, RunMetrics& m) {
  for (std::string line; std::getline(in, line);) {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const std::exception&) {
      ++m.skipped;
      continue;
    }
    if (j.contains("policy_loss")) {
      m.policy.points.emplace_back(j["step"].get<double>(), j["policy_loss"].get<double>());
      m.value.points.emplace_back(j["step"].get<double>(), j["value_loss"].get<double>());
    } else if (j.contains("evaluation")) {
      add_evaluation(m, j["evaluation"]);
    } else if (j.contains("loop")) {
      m.loop_points.emplace_back(j["loop"]["time"].get<double>(), j["loop"]["games"].get<double>());
      m.resign_checks = j["loop"].value("resign_checks", m.resign_checks);
      m.false_resignations = j["loop"].value("false_resignations", m.false_resignations);
    }
  }
  for (size_t i = 1; i < m.loop_points.size(); ++i) {
    const double hours = (m.loop_points[i].first - m.loop_points[i - 1].first) / 3600;
    // A long gap is a stop and a resume, not slow play.
    if (hours > 0 && hours < 1)
      m.rate.points.emplace_back(m.loop_points[i].second,
                                 (m.loop_points[i].second - m.loop_points[i - 1].second) / hours);
  }
}

std::string page(const std::string& run_dir, const RunMetrics& m, const std::string& ladders) {
  std::ostringstream html;
  html << "<!doctype html>\n<html><head><meta charset='utf-8'><title>kishi run " << run_dir
       << "</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:960px}</style></"
          "head><body>\n"
       << "<h1>kishi run: " << run_dir << "</h1>\n"
       << chart("Losses", "training step", {m.policy, m.value})
       << chart("Score against the baselines (1 = all won)", "training step",
                {m.vs_random, m.vs_greedy})
       << chart("Elo against the baselines (from the scores, clamped at 1% and 99%)",
                "training step", {m.elo_random, m.elo_greedy})
       << chart(
              "Elo of the newest model: each evaluation's model against the previous one, "
              "added up (the first evaluated model is 0)",
              "training step", {m.elo_run})
       << chart("Self-play games per hour", "games played", {m.rate}) << ladders;
  if (!m.table.str().empty())
    html << "<h2>Evaluations</h2>\n<table border='1' cellpadding='3'><tr><th>step</th><th>vs "
            "random</th><th>vs greedy</th><th>vs previous</th><th>Elo</th></tr>\n"
         << m.table.str() << "</table>\n";
  if (m.resign_checks > 0)
    html << "<p>False resignations: in " << m.resign_checks
         << " self-play games played out although one side's value stayed under the "
            "resignation threshold, that side did not lose "
         << m.false_resignations << " ("
         << std::lround(100.0 * m.false_resignations / m.resign_checks) << "%).</p>\n";
  if (m.skipped) html << "<p>" << m.skipped << " damaged metrics line(s) skipped.</p>\n";
  html << "</body></html>\n";
  return html.str();
}

}  // namespace

int report(int argc, char** argv) {
  CLI::App app{"Write RUN/report.html: losses, evaluations, Elo, games per hour", "kishi report"};
  std::string run_dir;
  app.add_option("run", run_dir, "run directory")->required();
  std::vector<std::string> matches;
  app.add_option("--match", matches,
                 "a kishi match summary.json of three engines or more: its ladder as a chart");
  if (auto rc = parse_args(app, argc, argv)) return *rc;
  std::string ladders;
  try {
    for (const std::string& m : matches) ladders += ladder_chart(m);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kishi report: error: %s\n", e.what());
    return 1;
  }
  std::ifstream in(run_dir + "/metrics.jsonl");
  if (!in)
    throw std::runtime_error("no metrics in '" + run_dir + "' (expected " + run_dir +
                             "/metrics.jsonl)");
  RunMetrics m;
  read_metrics(in, m);
  write_file_atomically(run_dir + "/report.html", page(run_dir, m, ladders));
  std::printf("report: %s/report.html (%zu training points, %zu evaluations)\n", run_dir.c_str(),
              m.policy.points.size(), m.vs_random.points.size());
  return 0;
}

}  // namespace kishi::command
