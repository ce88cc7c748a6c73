#pragma once
// What the export readers, the writer and the checks share; not for other modules.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/error.hpp"
#include "store/transfer.hpp"

namespace crowns::store::detail {

/// A problem in the file being read. Thrown only inside the readers, which are deeply
/// nested, and turned into a Failure at parse_export(): it never leaves this module.
class BadImport : public std::runtime_error {
 public:
  explicit BadImport(const std::string& message) : std::runtime_error(without_nul(message)) {}
};

/// Where each item of a CSV file came from (line numbers), for the checks' messages.
/// Empty for JSON, whose messages name the path (games[3].rounds[2][1].points) instead.
struct Origins {
  std::vector<int> player_lines;
  std::vector<int> season_lines;
  std::vector<int> game_lines;
  std::vector<std::vector<int>> seat_lines;                ///< [game][seat]
  std::vector<std::vector<std::vector<int>>> score_lines;  ///< [game][round - 1][seat]
};

ExportData parse_json_export(std::string_view text);                   ///< Throws BadImport.
ExportData parse_csv_export(std::string_view text, Origins& origins);  ///< Throws BadImport.
std::string format_json_export(const ExportData& data);
std::string format_csv_export(const ExportData& data);

/// The checks of validate_export(); `csv` names lines instead of JSON paths when given.
/// Throws BadImport.
void check_export(const ExportData& data, const Origins* csv);

}  // namespace crowns::store::detail
