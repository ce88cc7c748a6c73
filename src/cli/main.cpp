#include <iostream>

#include "cli/context.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return crowns::cli::run(argc, argv, std::cin, std::cout, std::cerr);
}
