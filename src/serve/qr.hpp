#pragma once
// A QR code for the terminal, drawn with libqrencode's modules.

#include <string>
#include <string_view>

namespace crowns::serve {

/// `text` as a QR code in lines of text: light modules drawn and dark ones blank, as on a
/// dark terminal, with a quiet zone. Half blocks (two modules a character) by default;
/// `ascii`: "##" per light module, one line per row. "" if it cannot be encoded.
std::string qr_text(std::string_view text, bool ascii);

/// `text` as a QR code in SVG (dark modules on white, a quiet zone of 4), for a page to show:
/// one path of unit squares, scaled by the viewBox. "" if it cannot be encoded.
std::string qr_svg(std::string_view text);

}  // namespace crowns::serve
