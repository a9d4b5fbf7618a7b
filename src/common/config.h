// Strict reading of TOML configuration files: every key must be known and of
// the right type, and errors name the key and the file.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace toml {
inline namespace v3 {
class node;
}
}  // namespace toml

namespace kishi {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One table of a TOML document ("" is the root). Reading a key marks it used;
// finish() then reports any key that nobody read.
class Config {
 public:
  static Config load_file(const std::string& path);  // throws ConfigError
  static Config parse(const std::string& text, const std::string& source_name);
  ~Config();
  Config(Config&&) noexcept;

  Config table(const std::string& key) const;  // empty table when absent
  // The tables of an array of tables ([[key]] in TOML); none when absent.
  std::vector<Config> table_array(const std::string& key) const;
  bool has(const std::string& key) const;
  // The keys of this table, sorted (toml++ keeps no file order); reading them is
  // left to the caller.
  std::vector<std::string> keys() const;
  // A string, integer, float or boolean value as text (for USI option values).
  std::string get_text(const std::string& key) const;

  int64_t get_int(const std::string& key, int64_t fallback) const;
  // An integer that must lie in [min, max]: the error names the key, the range and the value.
  int64_t get_int(const std::string& key, int64_t fallback, int64_t min, int64_t max) const;
  double get_double(const std::string& key, double fallback) const;  // integers accepted
  bool get_bool(const std::string& key, bool fallback) const;
  std::string get_string(const std::string& key, const std::string& fallback) const;

  // Throws ConfigError naming every unread key of this table and the tables below it.
  void finish() const;
  // The whole document, as TOML text (for writing the resolved config of a run).
  std::string to_toml() const;
  const std::string& source() const;

 private:
  struct Shared;
  Config(std::shared_ptr<Shared> shared, std::string path);
  std::string where(const std::string& key) const;
  // The node under key in this table (null when absent), marked as read.
  const toml::node* read(const std::string& key) const;
  std::shared_ptr<Shared> shared_;
  std::string path_;  // dotted path of this table
};

}  // namespace kishi
