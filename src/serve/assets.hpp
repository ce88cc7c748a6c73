#pragma once
// The web files of `crowns serve` (src/serve/web/: the script, the stylesheet, the icon),
// compiled into the binary by cmake/EmbedAssets.cmake: nothing is read from disk or fetched
// from elsewhere at run time.

#include <string_view>
#include <vector>

namespace crowns::serve {

/// One embedded file, served at `path` ("/app.js": its name under src/serve/web/).
struct WebAsset {
  std::string_view path;
  std::string_view type;  ///< Its Content-Type.
  std::string_view body;
};

/// Every embedded file (generated at build time).
const std::vector<WebAsset>& web_assets();

/// The file served at `path`, or nullptr.
const WebAsset* web_asset(std::string_view path);

}  // namespace crowns::serve
