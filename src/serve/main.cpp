// crowns-serve: the live scorecard on every phone (crowns serve starts it).

#include <iostream>

#include "serve/program.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return crowns::serve::run_program(argc, argv, std::cout, std::cerr);
}
