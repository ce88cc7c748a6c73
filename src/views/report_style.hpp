#pragma once
// The report's stylesheet: src/views/report.css, a file editors and reviewers read as CSS,
// compiled in at build time (cmake/EmbedText.cmake): nothing is read from disk at run time.

#include <string_view>

namespace crowns::views {

/// The text of src/views/report.css.
std::string_view report_stylesheet();

}  // namespace crowns::views
