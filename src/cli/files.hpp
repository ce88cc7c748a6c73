#pragma once
// Reading an input file or line with a size limit, and writing an output file atomically.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace crowns::cli {

/// The whole file (or `in` for "-"). Throws crowns::Error naming the file if it cannot be
/// read or holds more than `limit` bytes (checked before reading it all).
std::string read_input_file(const std::string& path, std::size_t limit, std::istream& in);

/// Reads one line (without its '\n' or a trailing '\r') into `line`, keeping at most `keep`
/// bytes and skipping the rest of a longer line, so no input can make a line take unbounded
/// memory; a caller that passes its limit + 1 sees a line over the limit as one that long.
/// Returns false at the end of the input when no byte was read.
bool read_line(std::istream& in, std::string& line, std::size_t keep);

/// Writes `bytes` to a temporary file next to `path`, flushes it to disk, then renames it
/// over `path`: a reader sees the old file or the new one, never half of one. Throws
/// crowns::Error naming the file; the temporary file is removed on failure.
void write_file_atomically(const std::string& path, std::string_view bytes);

/// A temporary file name next to `path` that does not exist yet ("<path>.tmp-<pid>-<n>").
std::string temporary_sibling(const std::string& path);

}  // namespace crowns::cli
