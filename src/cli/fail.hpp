#pragma once
// Stopping a command: fail() with a message, need() to unwrap an Expected or fail with its
// message. Only crowns' error type: no store, no CLI11, so a parser or a protocol file can use
// it without pulling in the database (the fuzz targets link it on its own).

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

/// The value, or fail() with the failure's message.
template <class T>
T need(Expected<T> result) {
  if (!result) fail(result.error());
  return std::move(result).value();
}
inline void need(const Expected<void>& result) {
  if (!result) fail(result.error());
}

}  // namespace crowns::cli
