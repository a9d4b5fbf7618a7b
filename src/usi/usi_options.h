// The engine's USI options: declared once with type, default and range,
// printed for `usi`, set by `setoption` with the value checked.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kishi::usi {

class UsiOptions {
 public:
  enum class Type { Spin, Check, String, Filename, Combo };
  struct Option {
    std::string name;
    Type type;
    std::string value;
    std::string default_value;
    int64_t min = 0, max = 0;
    std::vector<std::string> choices;
  };

  void add_spin(const std::string& name, int64_t value, int64_t min, int64_t max);
  void add_check(const std::string& name, bool value);
  void add_string(const std::string& name, const std::string& value, Type type = Type::String);
  void add_combo(const std::string& name, const std::string& value,
                 std::vector<std::string> choices);

  // "option name ... type ..." lines, in declaration order.
  std::vector<std::string> usi_lines() const;
  // Sets an option; the error (empty when fine) names the option and the problem.
  std::string set(const std::string& name, const std::string& value);

  int64_t spin(const std::string& name) const;
  bool check(const std::string& name) const;
  const std::string& string(const std::string& name) const;

 private:
  Option* find(const std::string& name);
  const Option& get(const std::string& name) const;
  std::vector<Option> options_;
};

}  // namespace kishi::usi
