#pragma once
// Stopping a command: fail() with a message (or a failure and its hint), need() to unwrap an
// Expected or fail with its failure. Only crowns' error type: no store, no CLI11, so a parser or a
// protocol file can use it without pulling in the database (the fuzz targets link it on its own).

#include <string>
#include <utility>

#include "crowns/error.hpp"
#include "crowns/expected.hpp"

namespace crowns::cli {

/// Stops the command: throws crowns::Error with `message`. Quote user text in it with
/// quote_token(); run() escapes the whole message once when it prints it.
[[noreturn]] inline void fail(const std::string& message, ExitCode code = ExitCode::Error) {
  throw Error(message, code);
}

/// Stops the command with `failure`: its words, and its hint, which run() words for the
/// terminal (cli/hint_words.cpp) when it prints it.
[[noreturn]] inline void fail(const Failure& failure, ExitCode code = ExitCode::Error) {
  throw Error(failure, code);
}

/// The value, or fail() with the failure (its hint kept).
template <class T>
T need(Expected<T> result) {
  if (!result) fail(result.failure());
  return std::move(result).value();
}
inline void need(const Expected<void>& result) {
  if (!result) fail(result.failure());
}

}  // namespace crowns::cli
