#include "cli/help/man_page.hpp"

#include <CLI/CLI.hpp>

#include "cli/help/manual.hpp"

namespace crowns::cli {
namespace {

// Text safe in roff: backslashes and hyphens escaped, no line starting a request.
std::string roff(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c == '\n') {
      out += "\n.br\n";
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
  return out;
}

void options_of(std::string& page, const CLI::App& app) {
  for (const auto* opt :
       app.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    page += ".TP\n\\fI" + roff(opt->get_name()) + "\\fR" +
            (opt->get_expected_max() > 1 ? "..." : "") + "\n" + roff(opt->get_description()) + "\n";
  }
  for (const auto* opt : visible_options(app)) {
    std::string names;
    for (const auto& n : option_names(*opt))
      names += (names.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
    if (takes_value(*opt)) names += " \\fI" + roff(value_name(*opt)) + "\\fR";
    page += ".TP\n" + names + "\n" + roff(opt->get_description()) + "\n";
  }
}

void command_section(std::string& page, const CLI::App& app, const std::string& path) {
  page += ".SS \"" + roff(path) + "\"\n" + roff(app.get_description()) + "\n";
  options_of(page, app);
  for (const auto* sub : visible_subcommands(app))
    command_section(page, *sub, path + " " + sub->get_name());
}

}  // namespace

std::string man_page(const CLI::App& root) {
  std::string page = ".TH CROWNS 1 \"\" \"crowns " CROWNS_VERSION "\" \"User Commands\"\n";
  page += ".SH NAME\ncrowns \\- scorekeeper and hand analyzer for the card game Five Crowns\n";
  page += ".SH SYNOPSIS\n.B crowns\n[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n";
  page += ".SH DESCRIPTION\n" + roff(root.get_description()) +
          ". It keeps score of games (2 to 14 players), settles exactly whether a hand could "
          "go out, and turns the games it holds into seasons, leaderboards, ratings, records, "
          "charts and a printable HTML report. The rules it follows are listed by "
          "\\fBcrowns rules\\fR.\n";
  page += ".SH GLOBAL OPTIONS\n";
  options_of(page, root);
  page += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow the help (of a command, after it).\n";
  page += ".SH COMMANDS\n";
  for (const auto* sub : visible_subcommands(root))
    command_section(page, *sub, "crowns " + sub->get_name());
  page += ".SH ENVIRONMENT\n";
  for (const auto& item : environment_variables())
    page += ".TP\n.B " + std::string(item.name) + "\n" + roff(item.text) + "\n";
  page += ".SH EXIT STATUS\n";
  for (const auto& item : exit_codes())
    page += ".TP\n.B " + std::string(item.name) + "\n" + roff(item.text) + "\n";
  page +=
      ".SH FILES\n.TP\n.I ~/.local/share/crowns/crowns.db\nThe database (one SQLite file), "
      "unless \\fB\\-\\-db\\fR, \\fBCROWNS_DB\\fR or \\fBXDG_DATA_HOME\\fR says otherwise.\n";
  page +=
      ".SH EXAMPLES\n.nf\ncrowns new \\-\\-add Ann Bob Cat\ncrowns round 0* 15 8\n"
      "crowns show\ncrowns leaderboard \\-\\-year 2026\ncrowns report \\-\\-html season.html\n"
      "crowns analyze 6c 7c 8d 8s \\(aq3*\\(aq 8h 8c \\-\\-drawn\n.fi\n";
  page += ".SH SEE ALSO\n\\fBsqlite3\\fR(1)\n";
  return page;
}

}  // namespace crowns::cli
