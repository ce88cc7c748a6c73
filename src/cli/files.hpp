#pragma once
// Reading an input file or line with a size limit, and writing an output file atomically.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "store/backup.hpp"

namespace crowns::cli {

/// The whole file (or `in` for "-"). Throws crowns::Error naming the file if it cannot be
/// read or holds more than `limit` bytes (checked before reading it all).
std::string read_input_file(const std::string& path, std::size_t limit, std::istream& in);

/// Reads one line (without its '\n' or a trailing '\r') into `line`, keeping at most `keep`
/// bytes and skipping the rest of a longer line, so no input can make a line take unbounded
/// memory; a caller that passes its limit + 1 sees a line over the limit as one that long.
/// Returns false at the end of the input when no byte was read.
bool read_line(std::istream& in, std::string& line, std::size_t keep);

/// Where writing the output file `path` lands, for every command that writes one (export
/// --out, chart --svg, backup, report): `path` itself when it is a new name or a regular file;
/// through a symbolic link (at any depth), the file it names when that is a regular file or a
/// new name. Throws crowns::Error naming `path` for anything else (a named pipe, a device, a
/// socket, a folder, a link loop) and for an existing file when `overwrite` is No: a symlink,
/// FIFO or device is never replaced or written into.
std::string output_target(const std::string& path, store::Overwrite overwrite);

/// Writes `bytes` to output_target(path): into a temporary file next to it, flushed to disk,
/// then renamed over an existing file or linked to a new name (never replacing one that
/// appeared meanwhile), so a reader sees the old file or the new one, never half of one.
/// Throws crowns::Error naming `path`; the temporary file is removed on failure.
void write_output_file(const std::string& path, std::string_view bytes, store::Overwrite overwrite);

/// A temporary file name next to `path` that does not exist yet ("<path>.tmp-<pid>-<n>").
std::string temporary_sibling(const std::string& path);

}  // namespace crowns::cli
