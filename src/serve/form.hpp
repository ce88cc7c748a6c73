#pragma once
// A phone's form (and a page's query), read by one set of rules: a number is a whole number
// of at least its least (and at most 10^12); a bad value is refused in one sentence naming
// the value, the field and the right form ("'x' is not a change number: send seen=NUMBER");
// a field left out is none (or "no game: send game=NUMBER" where one is needed).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crowns::serve {

using Fields = std::map<std::string, std::string>;

/// `text` as a whole number from `least` to 10^12, or none.
std::optional<std::int64_t> read_whole_number(std::string_view text, std::int64_t least = 1);

/// The sentence refusing `text` as field `name`'s number: "'x' is not a change number: send
/// seen=NUMBER" (what each field counts: game, round, change, starting total, page, ...).
std::string not_a_number(const std::string& name, std::string_view text);

class Form {
 public:
  explicit Form(Fields fields) : fields_(std::move(fields)) {}

  [[nodiscard]] bool has(const std::string& name) const { return fields_.contains(name); }
  /// The field's text; "" when the form has none.
  [[nodiscard]] std::string text(const std::string& name) const;
  /// name=1: a box ticked (force=1, add=1, confirm=1).
  [[nodiscard]] bool ticked(const std::string& name) const { return text(name) == "1"; }
  /// A number the write needs: throws crowns::Error when missing or bad.
  [[nodiscard]] std::int64_t number(const std::string& name) const;
  /// A number the form may leave out: none then; throws crowns::Error when bad.
  [[nodiscard]] std::optional<std::int64_t> maybe_number(const std::string& name) const;
  /// seen=AUDIT ID: the game's last change the form showed (0: none yet), or none.
  [[nodiscard]] std::optional<std::int64_t> seen() const { return maybe_number("seen"); }
  /// wid=: the write's own id (store::valid_write_id), or "" when the form has none.
  [[nodiscard]] std::string write_id() const;
  /// A comma-separated field ("5,0*,12") as its items, in order; none when left out.
  [[nodiscard]] std::vector<std::string> items(const std::string& name) const;
  /// A comma-separated field of numbers ("10,45,45"), each read as maybe_number reads one.
  [[nodiscard]] std::vector<std::int64_t> numbers(const std::string& name) const;
  /// The names of fields PREFIX0, PREFIX1, ... up to the first empty one, at most `most`.
  [[nodiscard]] std::vector<std::string> names(const std::string& prefix, std::size_t most) const;

 private:
  Fields fields_;
};

/// A comma-separated text ("5,0*,12") as its items, in order; one empty item for "".
std::vector<std::string> comma_items(const std::string& text);

}  // namespace crowns::serve
