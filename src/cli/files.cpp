#include "cli/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
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

bool read_line(std::istream& in, std::string& line, std::size_t keep) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const auto c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < keep) line.push_back(static_cast<char>(c));
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

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
  // POSIX reads rather than a stream: a pipe (crowns import <(...)), a device or a /proc file
  // has no size to check up front, and a read error must name the file, not the stream.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail_file(path, std::string("cannot be read: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) == 0) {
    if (S_ISDIR(info.st_mode)) {
      ::close(fd);
      fail_file(path, "is a folder, not a file; give the file written by crowns export");
    }
    if (S_ISREG(info.st_mode) && static_cast<std::uintmax_t>(info.st_size) > limit) {
      ::close(fd);
      fail_file(path, too_big(limit));
    }
  }
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      fail_file(path, "cannot be read: " + why);
    }
    if (n == 0) break;
    bytes.append(buf, static_cast<std::size_t>(n));
    if (bytes.size() > limit) {  // it grew while we read, or it is not a regular file
      ::close(fd);
      fail_file(path, too_big(limit));
    }
  }
  ::close(fd);
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
