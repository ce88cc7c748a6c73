#include "serve/qr.hpp"

#include <qrencode.h>

#include <memory>

namespace crowns::serve {

std::string qr_text(std::string_view text, bool ascii) {
  const std::string data(text);
  const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString(data.c_str(), 0, QR_ECLEVEL_L, QR_MODE_8, 1), &QRcode_free);
  if (!code) return {};
  constexpr int kQuiet = 2;
  const int size = code->width;
  // Dark module at (x, y), counting the quiet zone; outside the code is light.
  const auto dark = [&](int x, int y) {
    x -= kQuiet;
    y -= kQuiet;
    if (x < 0 || y < 0 || x >= size || y >= size) return false;
    return (code->data[(y * size) + x] & 1U) != 0;
  };
  const int side = size + (2 * kQuiet);
  std::string out;
  if (ascii) {
    for (int y = 0; y < side; ++y) {
      for (int x = 0; x < side; ++x) out += dark(x, y) ? "  " : "##";
      out += '\n';
    }
    return out;
  }
  for (int y = 0; y < side; y += 2) {
    for (int x = 0; x < side; ++x) {
      const bool top = !dark(x, y);
      const bool bottom = y + 1 < side && !dark(x, y + 1);
      out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    out += '\n';
  }
  return out;
}

std::string qr_svg(std::string_view text) {
  const std::string data(text);
  const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString(data.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
  if (!code) return {};
  constexpr int kSvgQuiet = 4;  // what scanners ask for around a code on a screen
  const int size = code->width;
  const int side = size + (2 * kSvgQuiet);
  std::string path;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      if ((code->data[(y * size) + x] & 1U) != 0)
        path +=
            "M" + std::to_string(x + kSvgQuiet) + " " + std::to_string(y + kSvgQuiet) + "h1v1h-1z";
    }
  }
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(side) + " " +
         std::to_string(side) + "\" shape-rendering=\"crispEdges\"><rect width=\"100%\" " +
         "height=\"100%\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>\n";
}

}  // namespace crowns::serve
