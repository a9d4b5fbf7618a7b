#include "usi/usi_options.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace kishi::usi {

namespace {
bool same_name(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}
}  // namespace

void UsiOptions::add_spin(const std::string& name, int64_t value, int64_t min, int64_t max) {
  options_.push_back(
      {name, Type::Spin, std::to_string(value), std::to_string(value), min, max, {}});
}
void UsiOptions::add_check(const std::string& name, bool value) {
  const std::string v = value ? "true" : "false";
  options_.push_back({name, Type::Check, v, v, 0, 0, {}});
}
void UsiOptions::add_string(const std::string& name, const std::string& value, Type type) {
  options_.push_back({name, type, value, value, 0, 0, {}});
}
void UsiOptions::add_combo(const std::string& name, const std::string& value,
                           std::vector<std::string> choices) {
  options_.push_back({name, Type::Combo, value, value, 0, 0, std::move(choices)});
}

std::vector<std::string> UsiOptions::usi_lines() const {
  std::vector<std::string> lines;
  for (const Option& o : options_) {
    std::string line = "option name " + o.name + " type ";
    switch (o.type) {
      case Type::Spin:
        line += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
                std::to_string(o.max);
        break;
      case Type::Check: line += "check default " + o.default_value; break;
      case Type::String:
        line += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
        break;
      case Type::Filename:
        line += "filename default " + (o.default_value.empty() ? "<empty>" : o.default_value);
        break;
      case Type::Combo:
        line += "combo default " + o.default_value;
        for (const auto& c : o.choices) line += " var " + c;
        break;
    }
    lines.push_back(line);
  }
  return lines;
}

UsiOptions::Option* UsiOptions::find(const std::string& name) {
  for (Option& o : options_)
    if (same_name(o.name, name)) return &o;
  return nullptr;
}

const UsiOptions::Option& UsiOptions::get(const std::string& name) const {
  for (const Option& o : options_)
    if (o.name == name) return o;
  throw std::logic_error("no USI option " + name);
}

std::string UsiOptions::set(const std::string& name, const std::string& value) {
  Option* o = find(name);
  if (!o) return "unknown option '" + name + "'";
  switch (o->type) {
    case Type::Spin: {
      int64_t v = 0;
      const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || p != value.data() + value.size())
        return "option " + o->name + " takes a whole number, not '" + value + "'";
      if (v < o->min || v > o->max)
        return "option " + o->name + " must be between " + std::to_string(o->min) + " and " +
               std::to_string(o->max) + ", not " + value;
      o->value = std::to_string(v);
      return {};
    }
    case Type::Check:
      if (value != "true" && value != "false")
        return "option " + o->name + " takes true or false, not '" + value + "'";
      o->value = value;
      return {};
    case Type::Combo:
      if (std::find(o->choices.begin(), o->choices.end(), value) == o->choices.end()) {
        std::string list;
        for (const auto& c : o->choices) list += (list.empty() ? "" : ", ") + c;
        return "option " + o->name + " takes one of " + list + ", not '" + value + "'";
      }
      o->value = value;
      return {};
    case Type::String:
    case Type::Filename: o->value = value == "<empty>" ? "" : value; return {};
  }
  return {};
}

int64_t UsiOptions::spin(const std::string& name) const { return std::stoll(get(name).value); }
bool UsiOptions::check(const std::string& name) const { return get(name).value == "true"; }
const std::string& UsiOptions::string(const std::string& name) const { return get(name).value; }

}  // namespace kishi::usi
