#include "crowns/plural.hpp"

namespace crowns {

std::string counted(long long n, std::string_view one, std::string_view many) {
  std::string text = std::to_string(n);
  text += ' ';
  text += n == 1 ? one : many;
  return text;
}

std::string counted(long long n, std::string_view noun) {
  return counted(n, noun, std::string(noun) + "s");
}

}  // namespace crowns
