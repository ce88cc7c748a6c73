// crowns completion bash|zsh|fish: a completion script for the shell. The scripts are small:
// on Tab they ask `crowns completion --complete -- WORDS...`, which walks the live command
// tree (so a new command or option completes as soon as it is in kCommands) and reads the
// player names, game ids and seasons from the database.

#include <CLI/CLI.hpp>
#include <array>
#include <filesystem>

#include "cli/commands.hpp"
#include "cli/help/manual.hpp"
#include "cli/help/shell_scripts.hpp"
#include "cli/session.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/history.hpp"
#include "store/seasons.hpp"

namespace crowns::cli {
namespace {

struct CompletionOptions {
  std::vector<std::string> args;
  bool complete = false;
};

enum class Kind { None, Files, Player, PlayerValue, Game, Season, Command, Shell };

constexpr std::array<std::string_view, 3> kShells = {"bash", "zsh", "fish"};

Kind option_kind(const CLI::Option& opt) {
  const std::string name = opt.get_lnames().empty() ? "" : opt.get_lnames().front();
  if (name == "game") return Kind::Game;
  if (name == "player" || name == "dealer") return Kind::Player;
  if (name == "season") return Kind::Season;
  // A file option says so in its type name (--db, --deal, --html, --svg, --out).
  if (opt.get_type_name().starts_with("FILE")) return Kind::Files;
  return Kind::None;
}

Kind positional_kind(const CLI::App& node, const CLI::Option& opt) {
  const std::string& name = opt.get_name();
  if (node.get_name() == "help") return Kind::Command;
  if (node.get_name() == "completion") return Kind::Shell;
  if (name == "file") return Kind::Files;
  if (name == "id") return Kind::Game;
  if (name == "values") return Kind::PlayerValue;
  if (name == "name") return node.get_name() == "stats" ? Kind::Player : Kind::None;
  for (const char* player : {"players", "names", "a", "b", "old", "from", "into"})
    if (name == player) return node.get_name() == "add" ? Kind::None : Kind::Player;
  return Kind::None;
}

const CLI::Option* find_option(const std::vector<const CLI::App*>& chain, std::string_view word) {
  const std::string name(word.substr(0, word.find('=')));
  for (const auto* app : chain) {
    for (const auto* opt : visible_options(*app)) {
      for (const auto& n : option_names(*opt))
        if (n == name) return opt;
    }
  }
  return nullptr;
}

// The database's names for completion, or nothing: completing never creates a database.
std::vector<std::string> stored(const Context& ctx, Kind kind) {
  std::vector<std::string> out;
  const std::string path = store::database_path(ctx.options.db);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return out;
  try {
    const auto db = open_store(ctx, store::Access::Read);
    if (kind == Kind::Game) {
      const auto games = store::list_games(db);
      for (auto it = games.rbegin(); it != games.rend(); ++it)
        out.push_back(std::to_string(it->id));
    } else if (kind == Kind::Season) {
      for (const auto& s : store::list_seasons(db)) out.push_back(s.name);
    } else {
      for (const auto& [id, p] : store::load_player_names(db))
        if (!p.retired) out.push_back(p.name + (kind == Kind::PlayerValue ? "=" : ""));
      std::sort(out.begin(), out.end());
    }
  } catch (const std::exception&) {
    out.clear();  // a busy or damaged database: no names, and no message in the prompt
  }
  return out;
}

void print_matches(std::ostream& out, const std::vector<std::string>& candidates,
                   std::string_view prefix) {
  for (const auto& c : candidates)
    if (c.starts_with(prefix)) out << c << '\n';
}

// Prints the candidates for the last of `words` (the words after "crowns"), one a line;
// ":files" alone asks the shell to complete file names.
void complete_words(const CLI::App& root, const std::vector<std::string>& words, Context& ctx) {
  std::vector<const CLI::App*> chain{&root};
  const CLI::Option* pending = nullptr;
  std::vector<std::string> positionals;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& w = words[i];
    if (pending != nullptr) {
      if (pending->get_name() == "--db") ctx.options.db = w;  // names from that database
      pending = nullptr;
      continue;
    }
    if (w.starts_with("-")) {
      const auto* opt = find_option(chain, w);
      if (opt != nullptr && takes_value(*opt) && w.find('=') == std::string::npos) pending = opt;
      continue;
    }
    const CLI::App* next = nullptr;
    if (positionals.empty()) {
      for (const auto* sub : visible_subcommands(*chain.back()))
        if (sub->get_name() == w) next = sub;
    }
    if (next != nullptr)
      chain.push_back(next);
    else
      positionals.push_back(w);
  }
  const std::string cur = words.empty() ? "" : words.back();
  const CLI::App& node = *chain.back();
  std::vector<std::string> candidates;
  Kind kind = Kind::None;
  if (pending != nullptr) {
    candidates = option_choices(*pending);
    if (candidates.empty()) kind = option_kind(*pending);
  } else if (cur.starts_with("-")) {
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      for (const auto* opt : visible_options(**it))
        for (const auto& n : option_names(*opt))
          if (n.starts_with("--")) candidates.push_back(n);
    }
    candidates.emplace_back("--help");
  } else if (positionals.empty() && !visible_subcommands(node).empty()) {
    for (const auto* sub : visible_subcommands(node)) candidates.push_back(sub->get_name());
  } else {
    const auto positional =
        node.get_options([](const CLI::Option* o) { return o->get_positional(); });
    if (!positional.empty()) kind = positional_kind(node, *positional.front());
  }
  if (kind == Kind::Command) {
    const CLI::App* target = &root;
    for (const auto& p : positionals) {
      for (const auto* sub : visible_subcommands(*target))
        if (sub->get_name() == p) target = sub;
    }
    for (const auto* sub : visible_subcommands(*target)) candidates.push_back(sub->get_name());
  } else if (kind == Kind::Shell) {
    if (positionals.empty()) candidates.assign(kShells.begin(), kShells.end());
  } else if (kind == Kind::Files) {
    ctx.out << ":files\n";
    return;
  } else if (kind != Kind::None) {
    candidates = stored(ctx, kind);
  }
  print_matches(ctx.out, candidates, cur);
}

void run_completion(const CompletionOptions& opts, const CLI::App& root, Context& ctx) {
  if (opts.complete) {
    complete_words(root, opts.args, ctx);
    return;
  }
  if (opts.args.size() != 1)
    fail("name one shell: crowns completion bash|zsh|fish", ExitCode::Usage);
  const std::string& shell = opts.args.front();
  if (shell == "bash") {
    ctx.out << bash_completion_script();
  } else if (shell == "zsh") {
    ctx.out << zsh_completion_script();
  } else if (shell == "fish") {
    ctx.out << fish_completion_script();
  } else {
    fail(quote_token(shell) + " is not a shell crowns completes; use bash, zsh or fish",
         ExitCode::Usage);
  }
}

}  // namespace

void setup_completion(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<CompletionOptions>();
  auto* sub = app.add_subcommand("completion",
                                 "Print a completion script: crowns completion bash|zsh|fish");
  sub->add_option("shell", opts->args, "bash, zsh or fish");
  // For the scripts: `crowns completion --complete -- WORD...` lists the candidates.
  sub->add_flag("--complete", opts->complete, "List the candidates for the last word")->group("");
  sub->callback([opts, &app, &ctx] { run_completion(*opts, app, ctx); });
}

}  // namespace crowns::cli
