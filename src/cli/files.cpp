#include "cli/files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>

#include "cli/style.hpp"
#include "crowns/error.hpp"

namespace crowns::cli {
namespace {

[[noreturn]] void fail_file(const std::string& path, const std::string& why) {
  throw Error(sanitize(path) + ": " + why);
}

std::string too_big(std::size_t limit) {
  return "larger than " + std::to_string(limit >> 20) + " MiB, the most crowns reads";
}

}  // namespace

std::string read_input_file(const std::string& path, std::size_t limit, std::istream& in) {
  std::string bytes;
  if (path == "-") {
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      bytes.append(buf, static_cast<std::size_t>(in.gcount()));
      if (bytes.size() > limit) fail_file("standard input", too_big(limit));
    }
    return bytes;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) fail_file(path, "is a folder, not a file");
  const auto size = fs::file_size(path, ec);
  if (ec) fail_file(path, "cannot be read: " + ec.message());
  if (size > limit) fail_file(path, too_big(limit));
  std::ifstream file(path, std::ios::binary);
  if (!file) fail_file(path, std::string("cannot be opened: ") + std::strerror(errno));
  bytes.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  if (file.bad()) fail_file(path, "could not be read to the end");
  if (bytes.size() > limit) fail_file(path, too_big(limit));  // it grew while we read
  return bytes;
}

std::string temporary_sibling(const std::string& path) {
  static int counter = 0;
  for (;;) {
    std::string name = path + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
    std::error_code ec;
    if (!std::filesystem::exists(name, ec)) return name;
  }
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = temporary_sibling(path);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail_file(path, std::string("cannot be written: ") + std::strerror(errno));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      fail_file(path, "cannot be written: " + why);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    fail_file(path, "cannot be written: " + why);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    fail_file(path, "cannot be replaced: " + why);
  }
}

}  // namespace crowns::cli
