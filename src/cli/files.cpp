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

#include "crowns/error.hpp"
#include "store/db.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

[[noreturn]] void fail_file(const std::string& path, const std::string& why) {
  throw Error(path + ": " + why);
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
  // O_NONBLOCK: opening a named pipe nobody writes to would wait for ever; opened this way a
  // pipe with no writer reads as empty (and is refused as such), while <(...) still works.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) fail_file(path, std::string("cannot be read: ") + std::strerror(errno));
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
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

std::string output_target(const std::string& path, store::Overwrite overwrite) {
  std::string target = path;
  // Follows links one step at a time (a relative link is relative to its own folder), as the
  // kernel would, but stops on a loop instead of failing inside open().
  constexpr int kMaxLinks = 40;
  for (int hops = 0;; ++hops) {
    struct stat info {};
    if (::lstat(target.c_str(), &info) != 0) {
      if (errno == ENOENT) return target;  // a new name: its folder is checked when written
      fail_file(path, std::string("cannot be written: ") + std::strerror(errno));
    }
    if (S_ISREG(info.st_mode)) {
      if (overwrite == store::Overwrite::No)
        fail_file(path, "already exists; choose another name, or add --force to replace it");
      return target;
    }
    if (S_ISDIR(info.st_mode)) fail_file(path, "is a folder; give a file name");
    if (!S_ISLNK(info.st_mode)) {
      store::refuse_special_file(target, "give the name of a regular file (nothing was written)");
      fail_file(path, "is not a regular file; give a file name (nothing was written)");
    }
    if (hops == kMaxLinks) fail_file(path, "is a loop of symbolic links; give a file name");
    std::error_code ec;
    const std::filesystem::path link = std::filesystem::read_symlink(target, ec);
    if (ec) fail_file(path, "cannot be read as a link: " + ec.message());
    target = link.is_absolute() ? link.string()
                                : (std::filesystem::path(target).parent_path() / link).string();
  }
}

void write_output_file(const std::string& path, std::string_view bytes,
                       store::Overwrite overwrite) {
  const std::string target = output_target(path, overwrite);
  struct stat info {};
  const bool exists = ::lstat(target.c_str(), &info) == 0;
  // An export, a chart or a report over a database (`export --out crowns.db`) would lose every
  // game it holds, --force or not: backup is the command that writes databases.
  if (exists && store::read_sqlite_header(target) == store::SqliteHeader::Sqlite) {
    fail_file(path, "is an SQLite database; choose another name (nothing was written)");
  }
  const std::string tmp = temporary_sibling(target);
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
  // A new name is linked, not renamed to: link() fails if something (a symlink, a FIFO)
  // took the name since it was checked, where rename() would replace it.
  const int done_rc =
      exists ? std::rename(tmp.c_str(), target.c_str()) : ::link(tmp.c_str(), target.c_str());
  const std::string why = done_rc != 0 ? std::strerror(errno) : "";
  if (done_rc != 0 || !exists) ::unlink(tmp.c_str());
  if (done_rc != 0) fail_file(path, "cannot be replaced: " + why);
}

}  // namespace crowns::cli
