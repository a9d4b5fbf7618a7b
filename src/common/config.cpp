#include "common/config.h"

#include <toml++/toml.h>

// config.h names toml::v3::node without including toml++ (kept out of every
// translation unit that reads a config).
static_assert(TOML_LIB_MAJOR == 3, "update the forward declaration in config.h");

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace kishi {

struct Config::Shared {
  toml::table root;
  std::string source;
  std::set<std::string> used;  // dotted keys read so far
};

Config::Config(std::shared_ptr<Shared> shared, std::string path)
    : shared_(std::move(shared)), path_(std::move(path)) {}
Config::~Config() = default;
Config::Config(Config&&) noexcept = default;

Config Config::parse(const std::string& text, const std::string& source_name) {
  auto shared = std::make_shared<Shared>();
  shared->source = source_name;
  try {
    shared->root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source_name << ":" << e.source().begin.line << ":" << e.source().begin.column
        << ": not valid TOML: " << e.description();
    throw ConfigError(msg.str());
  }
  return Config(std::move(shared), "");
}

Config Config::load_file(const std::string& path) {
  if (std::filesystem::is_directory(path))
    throw ConfigError("config '" + path + "' is a directory, not a TOML file");
  std::ifstream in(path);
  if (!in) throw ConfigError("cannot read config file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

const std::string& Config::source() const { return shared_->source; }

std::string Config::where(const std::string& key) const {
  return "'" + (path_.empty() ? key : path_ + "." + key) + "' in " + shared_->source;
}

namespace {
const toml::table* find_table(const toml::table& root, const std::string& path) {
  if (path.empty()) return &root;
  const toml::node* node = root.at_path(path).node();
  return node ? node->as_table() : nullptr;
}
}  // namespace

Config Config::table(const std::string& key) const {
  const std::string path = path_.empty() ? key : path_ + "." + key;
  const toml::table* parent = find_table(shared_->root, path_);
  if (parent && parent->contains(key) && !(*parent)[key].is_table())
    throw ConfigError("key " + where(key) + " must be a table");
  shared_->used.insert(path);
  return Config(shared_, path);
}

namespace {
const toml::node* lookup(const toml::table* t, const std::string& key) {
  return t ? t->get(key) : nullptr;
}
}  // namespace

const toml::node* Config::read(const std::string& key) const {
  shared_->used.insert(path_.empty() ? key : path_ + "." + key);
  return lookup(find_table(shared_->root, path_), key);
}

std::vector<Config> Config::table_array(const std::string& key) const {
  std::vector<Config> out;
  const toml::table* parent = find_table(shared_->root, path_);
  const std::string path = path_.empty() ? key : path_ + "." + key;
  shared_->used.insert(path);
  if (!parent || !parent->contains(key)) return out;
  const toml::array* array = (*parent)[key].as_array();
  if (!array || !array->is_array_of_tables())
    throw ConfigError("key " + where(key) + " must be an array of tables ([[" + key + "]])");
  for (size_t i = 0; i < array->size(); ++i) {
    const std::string element = path + "[" + std::to_string(i) + "]";
    shared_->used.insert(element);
    out.push_back(Config(shared_, element));
  }
  return out;
}

std::vector<std::string> Config::keys() const {
  std::vector<std::string> out;
  if (const toml::table* t = find_table(shared_->root, path_))
    for (const auto& [k, node] : *t) out.emplace_back(k.str());
  return out;
}

std::string Config::get_text(const std::string& key) const {
  const toml::node* n = read(key);
  if (!n) throw ConfigError("key " + where(key) + " is missing");
  if (n->is_string()) return n->as_string()->get();
  if (n->is_integer()) return std::to_string(n->as_integer()->get());
  if (n->is_boolean()) return n->as_boolean()->get() ? "true" : "false";
  if (n->is_floating_point()) return std::to_string(n->as_floating_point()->get());
  throw ConfigError("key " + where(key) + " must be a string, number or boolean");
}

bool Config::has(const std::string& key) const {
  const toml::table* t = find_table(shared_->root, path_);
  return t && t->contains(key);
}

int64_t Config::get_int(const std::string& key, int64_t fallback) const {
  const toml::node* n = read(key);
  if (!n) return fallback;
  if (!n->is_integer()) throw ConfigError("key " + where(key) + " must be an integer");
  return n->as_integer()->get();
}

int64_t Config::get_int(const std::string& key, int64_t fallback, int64_t min, int64_t max) const {
  const int64_t v = get_int(key, fallback);
  if (v < min || v > max)
    throw ConfigError("key " + where(key) + " must be between " + std::to_string(min) + " and " +
                      std::to_string(max) + ", not " + std::to_string(v));
  return v;
}

double Config::get_double(const std::string& key, double fallback) const {
  const toml::node* n = read(key);
  if (!n) return fallback;
  if (n->is_integer()) return double(n->as_integer()->get());
  if (!n->is_floating_point()) throw ConfigError("key " + where(key) + " must be a number");
  return n->as_floating_point()->get();
}

bool Config::get_bool(const std::string& key, bool fallback) const {
  const toml::node* n = read(key);
  if (!n) return fallback;
  if (!n->is_boolean()) throw ConfigError("key " + where(key) + " must be true or false");
  return n->as_boolean()->get();
}

std::string Config::get_string(const std::string& key, const std::string& fallback) const {
  const toml::node* n = read(key);
  if (!n) return fallback;
  if (!n->is_string()) throw ConfigError("key " + where(key) + " must be a string");
  return n->as_string()->get();
}

void Config::finish() const {
  std::vector<std::string> unknown;
  const auto visit = [&](auto& self, const toml::table& t, const std::string& prefix) -> void {
    for (const auto& [k, node] : t) {
      const std::string path =
          prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
      if (!shared_->used.count(path)) {
        unknown.push_back(path);
      } else if (const toml::table* sub = node.as_table()) {
        self(self, *sub, path);
      } else if (const toml::array* array = node.as_array(); array && array->is_array_of_tables()) {
        for (size_t i = 0; i < array->size(); ++i) {
          const std::string element = path + "[" + std::to_string(i) + "]";
          if (shared_->used.count(element))
            self(self, *(*array)[i].as_table(), element);
          else
            unknown.push_back(element);
        }
      }
    }
  };
  if (const toml::table* t = find_table(shared_->root, path_)) visit(visit, *t, path_);
  if (unknown.empty()) return;
  std::string msg = "unknown key";
  msg += unknown.size() > 1 ? "s " : " ";
  for (size_t i = 0; i < unknown.size(); ++i) msg += (i ? ", '" : "'") + unknown[i] + "'";
  throw ConfigError(msg + " in " + shared_->source);
}

std::string Config::to_toml() const {
  std::ostringstream out;
  out << shared_->root;
  return out.str();
}

}  // namespace kishi
