#pragma once
// A minimal expected<T, Error> for C++20: expected failures deep down come back as values.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

#include "crowns/hint.hpp"

namespace crowns {

/// An expected failure: the rule's words for the user, already naming the bad token, with no
/// command, flag or control in them, and what the user can do about it as data (`hint`), which
/// each door words for its own screen.
struct Failure {
  std::string message;
  Hint hint{};
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}            // NOLINT(google-explicit-constructor)
  Expected(Failure failure) : state_(std::move(failure)) {}  // NOLINT(google-explicit-constructor)

  [[nodiscard]] bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  [[nodiscard]] const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  [[nodiscard]] const std::string& error() const {
    assert(!ok());
    return std::get<1>(state_).message;
  }
  /// The failure, its hint included: what a caller passes on.
  [[nodiscard]] const Failure& failure() const {
    assert(!ok());
    return std::get<1>(state_);
  }

 private:
  std::variant<T, Failure> state_;
};

/// Expected<void>: success carries nothing.
template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Failure failure) : failure_(std::move(failure)), ok_(false) {}  // NOLINT

  [[nodiscard]] bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  [[nodiscard]] const std::string& error() const { return failure_.message; }
  [[nodiscard]] const Failure& failure() const { return failure_; }

 private:
  Failure failure_;
  bool ok_ = true;
};

}  // namespace crowns
