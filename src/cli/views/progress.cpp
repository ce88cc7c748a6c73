#include "cli/views/progress.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "crowns/plural.hpp"
#include "views/report.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

// Quick work shows nothing; slow work is redrawn often enough to look alive.
constexpr auto kFirstDraw = std::chrono::seconds(1);
constexpr auto kRedraw = std::chrono::milliseconds(250);

}  // namespace

bool progress_wanted() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) != 0 && (term == nullptr || std::strcmp(term, "dumb") != 0);
}

ProgressLine::ProgressLine(std::ostream& err, bool enabled, Label label)
    : err_(err), label_(std::move(label)), start_(std::chrono::steady_clock::now()) {
  if (enabled) ticker_ = std::thread([this] { tick(); });
}

ProgressLine::~ProgressLine() {
  if (!ticker_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  ticker_.join();
  if (drawn_ > 0) err_ << '\r' << std::string(drawn_, ' ') << '\r' << std::flush;
}

double ProgressLine::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string ProgressLine::text(const Label& label, int done, double seconds) {
  std::string line = label.what + ": " + std::to_string(done) + " of " +
                     counted(label.total, label.unit) + ", " + one_decimal(seconds) + " s";
  if (label.limit) {
    line += seconds < *label.limit ? " (limit " + std::to_string(*label.limit) + " s)"
                                   : " (" + std::to_string(*label.limit) +
                                         " s limit reached: finishing those under way)";
  }
  return line;
}

void ProgressLine::tick() {
  std::unique_lock lock(mutex_);
  if (wake_.wait_until(lock, start_ + kFirstDraw, [this] { return stop_; })) return;
  do {
    draw();
  } while (!wake_.wait_for(lock, kRedraw, [this] { return stop_; }));
}

void ProgressLine::draw() {
  const std::string line = text(label_, done_, elapsed());
  const std::size_t width = display_width(line);
  // Spaces over what a longer line left behind, then back to the start of the line.
  err_ << '\r' << line << std::string(drawn_ > width ? drawn_ - width : 0, ' ') << std::flush;
  drawn_ = std::max(drawn_, width);
}

}  // namespace crowns::cli
