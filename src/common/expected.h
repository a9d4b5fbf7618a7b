// A value or an error message, for parsers of outside input.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace kishi {

template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}
  static Expected failure(std::string message) {
    Expected e;
    e.error_ = std::move(message);
    return e;
  }
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  // Reading the value of a failure is a bug of the caller: it throws with the error.
  T& value() { return checked(); }
  const T& value() const { return const_cast<Expected*>(this)->checked(); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return error_; }

 private:
  Expected() = default;
  T& checked() {
    if (!value_) throw std::logic_error("value of a failed result: " + error_);
    return *value_;
  }
  std::optional<T> value_;
  std::string error_;
};

}  // namespace kishi
