#pragma once
// What `crowns advise` and `crowns odds` share: reading a request's fields from a JSON Lines
// batch, and the batch loop that answers line by line and flushes after each answer.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "crowns/card.hpp"
#include "crowns/expected.hpp"

namespace crowns::cli {

/// An array of card strings (`["7h","jk"]`) or one string ("7h jk"); absent or null: none.
Expected<std::vector<Card>> cards_field(const nlohmann::json& request, const char* name);
/// One card string; absent or null: none.
Expected<std::optional<Card>> card_field(const nlohmann::json& request, const char* name);
/// A whole number in [low, high]; absent or null: none.
Expected<std::optional<int>> int_field(const nlohmann::json& request, const char* name, int low,
                                       int high);
/// The required "round", 1..11.
Expected<int> round_field(const nlohmann::json& request);
/// The required "hand": cards as in cards_field, at least one.
Expected<std::vector<Card>> hand_field(const nlohmann::json& request);
/// true or false; absent or null: none.
Expected<std::optional<bool>> bool_field(const nlohmann::json& request, const char* name);

/// Reads JSON Lines from ctx.in; for each non-blank line calls `answer` with the parsed
/// request object and writes the JSON it returns (with "id" first) on its own line, flushed.
/// A line that is not a JSON object, or an `answer` that fails, gets {"id":…,"error":"…"}
/// and the loop goes on; ctx.exit_code becomes Error if any line failed.
using BatchAnswer = std::function<Expected<nlohmann::ordered_json>(const nlohmann::json&)>;
void run_json_lines(Context& ctx, const BatchAnswer& answer);

/// A probability rounded to 6 decimals for JSON.
double json_rounded(double value, int decimals = 6);

}  // namespace crowns::cli
