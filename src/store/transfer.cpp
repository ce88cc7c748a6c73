// The entry points of the export formats: the format written, the format read (JSON or CSV,
// transfer_json.cpp and transfer_csv.cpp) and checked (transfer_check.cpp).

#include "store/transfer_internal.hpp"

namespace crowns::store {

using detail::BadImport;

std::string format_export(const ExportData& data, ExportFormat format) {
  return format == ExportFormat::Json ? detail::format_json_export(data)
                                      : detail::format_csv_export(data);
}

Expected<ExportData> parse_export(std::string_view text) {
  if (text.size() > kMaxImportBytes) {
    return Failure{"the file is " + std::to_string(text.size() >> 20) +
                   " MiB; an import may be at most " + std::to_string(kMaxImportBytes >> 20) +
                   " MiB"};
  }
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return Failure{"the file is empty"};
  try {
    if (text[first] == '{') {
      ExportData data = detail::parse_json_export(text);
      detail::check_export(data, nullptr);
      return data;
    }
    detail::Origins origins;
    ExportData data = detail::parse_csv_export(text, origins);
    detail::check_export(data, &origins);
    return data;
  } catch (const BadImport& e) {
    return Failure{e.what()};
  }
}

Expected<void> validate_export(const ExportData& data) {
  try {
    detail::check_export(data, nullptr);
  } catch (const BadImport& e) {
    return Failure{e.what()};
  }
  return {};
}

}  // namespace crowns::store
