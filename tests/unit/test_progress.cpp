// The progress line of long runs: its text, nothing drawn in the first second or when not
// wanted, and the line erased when the work ends.

#include <catch2/catch.hpp>
#include <sstream>
#include <thread>

#include "cli/views/progress.hpp"

using crowns::cli::ProgressLine;

TEST_CASE("the progress line says what is done, how long it took and the limit", "[progress]") {
  const ProgressLine::Label sampling{
      .what = "Sampling the chance to win", .total = 30, .unit = "sample", .limit = 10};
  CHECK(ProgressLine::text(sampling, 4, 2.46) ==
        "Sampling the chance to win: 4 of 30 samples, 2.5 s (limit 10 s)");
  CHECK(ProgressLine::text(sampling, 9, 10.2) ==
        "Sampling the chance to win: 9 of 30 samples, 10.2 s (10 s limit reached: finishing "
        "those under way)");
  const ProgressLine::Label deals{.what = "Simulating", .total = 1, .unit = "deal"};
  CHECK(ProgressLine::text(deals, 0, 1) == "Simulating: 0 of 1 deal, 1.0 s");
}

TEST_CASE("the progress line shows from the first second, only when wanted, and is erased",
          "[progress]") {
  std::ostringstream quick;
  std::ostringstream slow;
  std::ostringstream unwanted;
  const ProgressLine::Label label{.what = "Simulating", .total = 5, .unit = "deal"};
  { const ProgressLine line(quick, true, label); }
  CHECK(quick.str().empty());  // under a second: nothing
  {
    ProgressLine line(slow, true, label);
    const ProgressLine off(unwanted, false, label);
    line.set_done(3);
    std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  }
  CHECK(unwanted.str().empty());
  const std::string drawn = slow.str();
  CHECK(drawn.rfind("\rSimulating: 3 of 5 deals, 1.", 0) == 0);
  // Erased at the end: spaces over the longest line drawn, and the cursor back at the start.
  const std::string longest = ProgressLine::text(label, 3, 1.25);
  CHECK(drawn.size() > longest.size());
  CHECK(drawn.substr(drawn.size() - longest.size() - 2) ==
        "\r" + std::string(longest.size(), ' ') + "\r");
}
