#pragma once
// A progress line for work that can run past a second (sampling a chance to win, simulating
// deals): "Sampling the chance to win: 4 of 30 samples, 2.5 s (limit 10 s)", redrawn in place on
// stderr a few times a second from the first second on, and erased when the work ends. Only on
// a terminal: never into a pipe or a file, so scripts and --json never see it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

namespace crowns::cli {

/// Whether a progress line may be drawn: standard error is a terminal that understands a
/// carriage return (not TERM=dumb).
bool progress_wanted();

class ProgressLine {
 public:
  /// What is counted and how: `what` ("Sampling the chance to win"), `total` units of `unit`
  /// ("sample"), and the time limit in seconds if there is one. Draws nothing unless `enabled`.
  struct Label {
    std::string what;
    int total = 0;
    std::string unit;
    std::optional<int> limit{};
  };
  ProgressLine(std::ostream& err, bool enabled, Label label);
  ~ProgressLine();  ///< Erases the line, if it was drawn.
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ProgressLine(ProgressLine&&) = delete;
  ProgressLine& operator=(ProgressLine&&) = delete;

  /// Units finished so far; safe from any thread.
  void set_done(int done) { done_ = done; }
  /// Seconds since the line was made.
  [[nodiscard]] double elapsed() const;

  /// The text of the line after `seconds` with `done` units finished.
  [[nodiscard]] static std::string text(const Label& label, int done, double seconds);

 private:
  void tick();
  void draw();

  std::ostream& err_;
  Label label_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<int> done_{0};
  std::size_t drawn_ = 0;  // columns of the line on the screen (0: nothing drawn)
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread ticker_;
};

}  // namespace crowns::cli
