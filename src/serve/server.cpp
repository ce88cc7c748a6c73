// The HTTP side of crowns serve: the one file that includes cpp-httplib (a heavy header).

#include "serve/server.hpp"

#include <arpa/inet.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <httplib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <pthread.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <ostream>

#include "crowns/date.hpp"
#include "crowns/names.hpp"
#include "serve/actions.hpp"
#include "serve/assets.hpp"
#include "serve/form.hpp"
#include "serve/hand_page.hpp"
#include "serve/hint_words.hpp"
#include "serve/hub.hpp"
#include "serve/kept_leaderboard.hpp"
#include "serve/kept_report.hpp"
#include "serve/pages.hpp"
#include "serve/qr.hpp"
#include "serve/routes.hpp"
#include "serve/security.hpp"
#include "store/db.hpp"
#include "store/house_rules.hpp"
#include "store/players.hpp"
#include "table/tables.hpp"
#include "views/scorecard.hpp"
#include "views/style.hpp"

namespace crowns::serve {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kMaxBody = 8192;    // a round of 14 hands is under 1 KiB
constexpr std::size_t kThreads = 128;     // every open event stream keeps one
constexpr std::size_t kMaxStreams = 100;  // leaves threads for pages and writes
constexpr std::size_t kMaxKept = 8;       // periods whose report (leaderboard) is kept
constexpr auto kHeartbeat = std::chrono::milliseconds(15000);
constexpr const char* kTokenHeader = "X-Crowns-Token";
constexpr const char* kPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; manifest-src 'self'; form-action 'self'; "
    "base-uri 'none'; "
    "frame-ancestors 'none'";

std::string json_text(const Json& body) {
  return body.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

void reply_json(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(json_text(body), "application/json; charset=utf-8");
}

// An error a phone shows, already in the page's words (phone_said).
void reply_error(httplib::Response& res, int status, const std::string& message) {
  reply_json(res, status, Json{{"error", message}});
}

// A whole-number query parameter ("?game=12"); none when absent. Throws crowns::Error when
// it is not one.
std::optional<std::int64_t> number_param(const httplib::Request& req, const char* name) {
  if (!req.has_param(name)) return std::nullopt;
  const std::string text = req.get_param_value(name);
  const auto value = read_whole_number(text);
  if (!value) throw Error(not_a_number(name, text));
  return value;
}

std::int64_t path_number(const httplib::Request& req) {
  const std::string text = req.matches[1];
  const auto value = read_whole_number(text);
  if (!value) throw Error(not_a_number("game", text));
  return *value;
}

void reply_error_page(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content(error_page(status, message), "text/html; charset=utf-8");
}

// The rule set a page is limited to: ?rules=standard or ?rules=order=down,wild_melds=no, the
// terminal's --rules words (parse_rule_set); none without it. Read from the request's own
// query: the library's reader keeps only the last '='-part of a value ("order=down" would
// read "down"). A rule set that is not one gets the 400 error page naming the part it does not
// take and the right form; then nothing is returned, and the handler stops.
std::optional<std::optional<HouseRules>> rules_or_refused(const httplib::Request& req,
                                                          httplib::Response& res) {
  constexpr std::string_view kName = "rules";
  const auto mark = req.target.find('?');
  if (mark == std::string::npos) return std::optional<HouseRules>();
  const std::string_view query = std::string_view(req.target).substr(mark + 1);
  for (std::size_t at = 0; at <= query.size();) {
    const std::size_t end = std::min(query.find('&', at), query.size());
    const std::string_view part = query.substr(at, end - at);
    if (part.starts_with(kName) && (part.size() == kName.size() || part[kName.size()] == '=')) {
      const std::string_view value = part.substr(std::min(kName.size() + 1, part.size()));
      auto rules = parse_rule_set(httplib::detail::decode_url(std::string(value), true), "rules=");
      if (!rules) {
        reply_error_page(res, 400, views::sanitize(phone_said(rules.failure())));
        return std::nullopt;
      }
      return std::optional<HouseRules>(*rules);
    }
    at = end + 1;
  }
  return std::optional<HouseRules>();
}

// The part of a kept page's key that names its rule set: "" for every rule set.
std::string rules_key(const std::optional<HouseRules>& only) {
  return only ? "|rules=" + rule_set_words(*only) : std::string();
}

// Whether an answer (or an error) goes out as JSON: the API's paths, *.json, or a client
// whose Accept asks for JSON before HTML.
bool wants_json(const httplib::Request& req) {
  if (req.path.starts_with("/api/") || req.path.ends_with(".json") || req.path == "/events")
    return true;
  const std::string accept = req.get_header_value("Accept");
  const auto json = accept.find("application/json");
  return json != std::string::npos && json < accept.find("text/html");
}

// Where the updating note goes in a page: after its <body> tag (at the start if none).
std::size_t after_body(const std::string& html) {
  const std::size_t body = html.find("<body");
  const std::size_t end = body == std::string::npos ? body : html.find('>', body);
  return end == std::string::npos ? 0 : end + 1;
}

// A page's HTML, or the error page: a refusal of the store (no such game) is a 404.
// The time it took goes out as a Server-Timing header (bench/serve_bench.sh reads it): `page`
// the server's time for this request, `made` the time the making of this copy took (in the
// background after a change, or for this request). X-Crowns-Fresh says whether it is as the
// database is now (yes), or the copy from before a change, served while the new one is made
// (no: the page then says so at its top, and reloads itself when the new one is ready).
template <class Render>
void reply_page(httplib::Response& res, Render&& render) {
  const auto start = std::chrono::steady_clock::now();
  double made = 0;
  try {
    Hub::Page page = std::forward<Render>(render)();
    made = page.made_ms;
    res.set_header("X-Crowns-Fresh", page.fresh ? "yes" : "no");
    // Sent from the kept copy itself, which the provider holds until the answer is sent, with
    // the note (if any) spliced in on the way: the report is 38 MB, not to be copied.
    const std::string note = page.fresh ? std::string() : updating_note(page.why);
    const std::size_t at = note.empty() ? 0 : after_body(*page.text);
    const std::size_t size = page.text->size() + note.size();
    res.set_content_provider(
        size, "text/html; charset=utf-8",
        [text = std::move(page.text), note, at](std::size_t offset, std::size_t length,
                                                httplib::DataSink& sink) {
          // Bytes [offset, offset + length) of text[0, at) + note + text[at, end).
          const std::size_t end = offset + length;
          const auto piece = [&](std::size_t from, std::size_t to, const char* data) {
            const std::size_t first = std::max(offset, from);
            const std::size_t last = std::min(end, to);
            return first >= last || sink.write(data + (first - from), last - first);
          };
          const std::size_t rest = at + note.size();
          return piece(0, at, text->data()) && piece(at, rest, note.data()) &&
                 piece(rest, text->size() + note.size(), text->data() + at);
        });
  } catch (const Error& e) {
    reply_error_page(res, 404, views::sanitize(phone_said(e)));
  }
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  res.set_header("Server-Timing",
                 fmt::format("page;dur={:.3f}, made;dur={:.3f}", took.count(), made));
}

// The key of a page made for a period: the period itself, so that a page made before
// midnight (or before a season was added) is not served for another.
std::string period_key(const char* path, const Period& period, bool all) {
  return fmt::format("{}?{}|{}|{}|{}", path, all ? "all" : "", period.from.value_or(""),
                     period.to.value_or(""), period.label);
}

// The first non-loopback IPv4 address that is up: what phones on the network dial.
std::string lan_address() {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return {};
  std::string found;
  for (const ifaddrs* a = list; a != nullptr && found.empty(); a = a->ifa_next) {
    if (a->ifa_addr == nullptr || a->ifa_addr->sa_family != AF_INET) continue;
    if ((a->ifa_flags & IFF_UP) == 0U || (a->ifa_flags & IFF_LOOPBACK) != 0U) continue;
    char text[INET_ADDRSTRLEN] = {};
    const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);  // NOLINT
    if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text) != nullptr) found = text;
  }
  freeifaddrs(list);
  return found;
}

std::string bind_failure(const std::string& host, int port, int why) {
  const std::string where = host + ":" + std::to_string(port);
  if (why == EADDRINUSE)
    return "cannot listen on " + where +
           ": the port is in use (another crowns serve?); choose another with --port N";
  if (why == EACCES)
    return "cannot listen on " + where + ": ports below 1024 need root; choose one with --port N";
  if (why == EADDRNOTAVAIL)
    return "cannot listen on " + where + ": this computer has no such address";
  return "cannot listen on " + where + (why != 0 ? std::string(": ") + std::strerror(why) : "");
}

// How often an event stream sends its heartbeat: 15 s, or for tests
// $CROWNS_SERVE_TEST_BEAT_MS (from 100 ms), so that a stalled connection can be seen to be
// noticed in seconds.
std::chrono::milliseconds heartbeat_every() {
  return milliseconds_from_env("CROWNS_SERVE_TEST_BEAT_MS", 100).value_or(kHeartbeat);
}

std::string clock_time() {
  return fmt::format("{:%H:%M:%S}", fmt::localtime(std::time(nullptr)));
}

class Site;

// A request as a route's handler sees it: a write's form fields are read (and its token
// checked) before, by Site::answer; a read's are none.
struct Route;
struct Call {
  const httplib::Request& req;
  httplib::Response& res;
  Fields fields;
  const Route& route;
};

// A row of the table (routes.hpp) with its handler.
struct Route {
  RouteRow row;
  void (Site::*handler)(Call&);
  Action action = Action::Round;  ///< What a write does (Access::Write rows only).
};

class Site {
 public:
  /// Every route, with its handler: the one table (defined after the class).
  static const std::vector<Route>& table();

  Site(const ServeOptions& options, std::ostream& out)
      : out_(out),
        writer_(store::open_database(options.db_path, store::Access::Read)),
        pool_(writer_),
        hub_(writer_, pool_),
        token_(options.token == Token::Fresh ? fresh_kept_token(token_file(options.db_path))
                                             : kept_token(token_file(options.db_path))),
        names_(served_names(options.lan)) {
    configure();
    register_routes();
  }

  httplib::Server& http() { return http_; }
  Hub& hub() { return hub_; }
  [[nodiscard]] const std::string& token() const { return token_; }
  /// The scorekeeper's page of the table of game `id` (none: of the current game).
  [[nodiscard]] std::string keeper_link(std::optional<std::int64_t> id) const {
    return "/keep?token=" + token_ + (id ? "&game=" + std::to_string(*id) : std::string());
  }
  /// The tables when two or more play (table::tables_in_progress), by number: what each table
  /// plays, as "game N (Ann, Bob, Cy)".
  std::vector<std::pair<std::int64_t, std::string>> tables() {
    return pool_.with([](const store::Database& db) {
      std::vector<std::pair<std::int64_t, std::string>> list;
      for (const auto& game : table::tables_in_progress(db)) {
        std::string players;
        for (const auto& seat : game.seats)
          players += (players.empty() ? "" : ", ") + views::sanitize(seat.name);
        list.emplace_back(game.id, "game " + std::to_string(game.id) + " (" + players + ")");
      }
      std::sort(list.begin(), list.end());
      return list;
    });
  }

 private:
  Hub::Page page(const std::string& key,
                 const std::function<std::string(const store::Database&)>& render,
                 const Reads& reads = {}) {
    return hub_.cached(key, render, Hub::Prerender::Yes, reads);
  }

  // The page kept under `key` in parts from one change to the next (a KeptReport or a
  // KeptLeaderboard), made with `args` when there is none yet.
  template <class Kept, class... Args>
  std::shared_ptr<Kept> kept(std::unordered_map<std::string, std::shared_ptr<Kept>>& pages,
                             const std::string& key, Args&&... args) {
    const std::scoped_lock lock(kept_mutex_);
    auto it = pages.find(key);
    if (it == pages.end()) {
      if (pages.size() >= kMaxKept) pages.clear();
      it = pages.emplace(key, std::make_shared<Kept>(std::forward<Args>(args)...)).first;
    }
    return it->second;
  }

  // The server's settings and the checks of every request, whatever its route: the names it
  // answers to (DNS rebinding), the methods it serves, the errors the library answers itself.
  void configure() {
    hub_.on_change([this](const Change& change) {
      const std::scoped_lock lock(kept_mutex_);
      for (const auto& [key, report] : reports_) report->note(change);
      for (const auto& [key, board] : boards_) board->note(change);
    });
    http_.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
    http_.set_payload_max_length(kMaxBody);
    // SO_REUSEADDR alone: a restart binds at once (past TIME_WAIT), and a second server on
    // the same port is refused. The library's default, SO_REUSEPORT, would let two bind
    // and share the requests between them.
    http_.set_socket_options([](int sock) {
      const int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http_.set_keep_alive_timeout(5);
    http_.set_read_timeout(5);
    http_.set_write_timeout(5);
    http_.set_default_headers({{"Content-Security-Policy", kPolicy},
                               {"X-Content-Type-Options", "nosniff"},
                               {"Referrer-Policy", "no-referrer"},
                               {"X-Frame-Options", "DENY"},
                               {"Cache-Control", "no-store"}});
    http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      // Before anything else: a page elsewhere whose name now resolves here (DNS rebinding)
      // reads nothing and writes nothing.
      const std::string host = req.get_header_value("Host");
      if (!host_allowed(host, names_)) {
        reply_error(res, 421,
                    "refused: this server answers to " +
                        std::string(names_.size() > 3 ? "this computer's names and addresses"
                                                      : "127.0.0.1, localhost and [::1]") +
                        ", not " + (host.empty() ? "a request without Host" : quote_token(host)));
        return httplib::Server::HandlerResponse::Handled;
      }
      if (req.method != "GET" && req.method != "HEAD" && req.method != "POST") {
        reply_error(res, 405, "only GET and POST are served");
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    http_.set_error_handler(httplib::Server::HandlerWithResponse(library_error));
    http_.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, const std::exception_ptr& ep) {
          std::string message = "internal error";
          try {
            std::rethrow_exception(ep);
          } catch (const std::exception& e) {
            message = views::sanitize(e.what());
          } catch (...) {
          }
          reply_error(res, 500, message);
        });
  }

  // Errors the library answers itself (413, 404, 400): a page for a browser's page, JSON
  // for the API (/api/..., *.json, or asked for by Accept) like the rest.
  static httplib::Server::HandlerResponse library_error(const httplib::Request& req,
                                                        httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    std::string message = "error " + std::to_string(res.status);
    if (res.status == 404) {
      message = "no such page";
      if (req.path.starts_with("/game/"))
        message = "no such page: " + quote_token(req.path.substr(6)) +
                  " is not a game number (a game's page is /game/NUMBER)";
    }
    if (res.status == 413)
      message = "request too large: at most " + std::to_string(kMaxBody) + " bytes";
    if (res.status == 400) message = "bad request";
    if (wants_json(req)) {
      reply_error(res, res.status, message);
    } else {
      reply_error_page(res, res.status, message);
    }
    return httplib::Server::HandlerResponse::Handled;
  }

  // Every row of the table, and nothing else, registered: each request to a row goes through
  // answer() first.
  void register_routes() {
    for (const Route& route : table()) {
      const auto handler = [this, &route](const httplib::Request& req, httplib::Response& res) {
        answer(route, req, res);
      };
      if (route.row.method == Method::Get) {
        http_.Get(route.row.path, handler);
      } else {
        http_.Post(route.row.path, handler);
      }
    }
  }

  // The checks a row's columns ask for, in one place, then its handler: the rate limit, a
  // write's origin, form and lock, the scorekeeper's secret. (The names the server answers
  // to and the methods it serves are checked before, for every request: configure(); the size
  // of a body by the library, 413; a write's "changed since" by the table layer, 409.)
  void answer(const Route& route, const httplib::Request& req, httplib::Response& res) {
    const RouteRow& row = route.row;
    RateLimiter& limit = row.limit == Limit::Writes ? write_limit_ : read_limit_;
    if (!limit.allow(req.remote_addr)) {
      res.set_header("Retry-After", "1");
      reply_error(res, 429, "too many requests from " + req.remote_addr + "; wait a moment");
      return;
    }
    Call call{.req = req, .res = res, .fields = {}, .route = route};
    std::unique_lock<std::mutex> writing(write_mutex_, std::defer_lock);
    if (row.access == Access::Write) {
      const std::string refusal = cross_site_refusal({req.get_header_value("Origin"),
                                                      req.get_header_value("Sec-Fetch-Site"),
                                                      req.get_header_value("Host")});
      if (!refusal.empty()) {
        reply_error(res, 403, refusal);
        return;
      }
      const std::string type = req.get_header_value("Content-Type");
      if (!type.starts_with("application/x-www-form-urlencoded")) {
        reply_error(res, 415, "send the fields as application/x-www-form-urlencoded");
        return;
      }
      httplib::Params params;
      httplib::detail::parse_query_text(req.body, params);
      for (const auto& [name, value] : params) call.fields.try_emplace(name, value);
    }
    if (row.secret != Secret::None && !same_token(given_secret(row.secret, call), token_)) {
      refuse_secret(row.secret, res);
      return;
    }
    if (row.access == Access::Write) writing.lock();
    // The page's modules come at once on several connections: closed after each, none is
    // left idle for the page's event stream to be given once it stalled (a phone's Wi-Fi gone
    // quiet freezes every open connection; a new one passes).
    if (row.reply == Reply::File) res.set_header("Connection", "close");
    (this->*route.handler)(call);
  }

  static std::string given_secret(Secret secret, const Call& call) {
    switch (secret) {
      case Secret::Link: return call.req.get_param_value("token");
      case Secret::Header: return call.req.get_header_value(kTokenHeader);
      case Secret::HeaderOrField: {
        if (call.req.has_header(kTokenHeader)) return call.req.get_header_value(kTokenHeader);
        const auto field = call.fields.find("token");
        return field == call.fields.end() ? std::string() : field->second;
      }
      case Secret::None: break;
    }
    return {};
  }

  static void refuse_secret(Secret secret, httplib::Response& res) {
    switch (secret) {
      case Secret::Link:
        reply_error_page(res, 403,
                         "this scorekeeper link is wrong, or from an earlier start of "
                         "crowns serve: use the link it printed last");
        return;
      // The scorekeeper's page asks /api/keeper when its event stream reconnects: a server
      // restarted since (with a fresh token) answers this, and the page says so at once.
      case Secret::Header:
        reply_error(res, 403,
                    "the server was restarted: open its new scorekeeper link (the one crowns "
                    "serve printed last)");
        return;
      case Secret::HeaderOrField:
        reply_error(res, 403,
                    "refused: only the scorekeeper's link can change the scores (its token is "
                    "missing or wrong)");
        return;
      case Secret::None: return;
    }
  }

  // The handlers, one for each row (a few serve two): each reads its request and answers;
  // the checks of its row are done (answer()).

  // The current game, or the tables when two or more games are in progress; ?game=N: the
  // table of game N (its game, then its rematch), which a game elsewhere never moves.
  void home(Call& call) {
    reply_page(call.res, [&] {
      const auto id = number_param(call.req, "game");
      return page("/?" + (id ? std::to_string(*id) : std::string()),
                  [id](const store::Database& db) {
                    return game_page(db, id, {.token = {}, .table = true});
                  });
    });
  }

  void game_json(Call& call) {
    try {
      const auto id = path_number(call.req);
      const auto game = pool_.with([&](const store::Database& db) { return shown_game(db, id); });
      reply_json(call.res, 200, views::scorecard_json(*game));
    } catch (const Error& e) {
      reply_error(call.res, 404, views::sanitize(phone_said(e)));
    }
  }

  void game(Call& call) {
    if (wants_json(call.req)) {
      game_json(call);
      return;
    }
    reply_page(call.res, [&] {
      const auto id = path_number(call.req);
      return page("/game/" + std::to_string(id),
                  [id](const store::Database& db) { return game_page(db, id, {}); });
    });
  }

  void keep(Call& call) {
    reply_page(call.res, [&] {
      const auto id = number_param(call.req, "game");
      return page("/keep?" + (id ? std::to_string(*id) : std::string()),
                  [this, id](const store::Database& db) {
                    return game_page(db, id, {.token = token_, .table = true});
                  });
    });
  }

  // The scorekeeper's link of a table as a QR code, for a second phone to scan from the
  // first one's screen (it holds the token: Secret::Link).
  void keeper_qr(Call& call) {
    std::optional<std::int64_t> id;
    try {
      id = number_param(call.req, "game");
    } catch (const Error& e) {
      reply_error_page(call.res, 400, views::sanitize(phone_said(e)));
      return;
    }
    const std::string host = call.req.get_header_value("Host");
    call.res.set_content(qr_svg("http://" + host + keeper_link(id)), "image/svg+xml");
  }

  // One evening (issue 39): the last day a game was finished, or ?date=YYYY-MM-DD.
  void tonight(Call& call) {
    const std::optional<std::string> date =
        call.req.has_param("date") ? std::optional(call.req.get_param_value("date")) : std::nullopt;
    if (date && !is_valid_date(*date)) {
      reply_error_page(call.res, 400,
                       "'" + views::sanitize(*date) +
                           "' is not a date; write YYYY-MM-DD, e.g. /tonight?date=2026-01-15");
      return;
    }
    reply_page(call.res, [&] {
      return page("/tonight?" + date.value_or(""),
                  [date](const store::Database& db) { return tonight_page(db, date); });
    });
  }

  // A player's page (issue 39): `crowns stats NAME` for the period of the leaderboard
  // (?all=1: every game); its JSON at /player.json?name=NAME or by Accept.
  void player(Call& call) {
    const httplib::Request& req = call.req;
    httplib::Response& res = call.res;
    const bool all = req.has_param("all");
    const std::string name = req.get_param_value("name");
    if (name.empty()) {
      const std::string message = "give a player's name: /player?name=Ann";
      if (wants_json(req)) {
        reply_error(res, 400, message);
      } else {
        reply_error_page(res, 400, message);
      }
      return;
    }
    if (wants_json(req)) {
      try {
        const auto body = pool_.with([&](const store::Database& db) {
          return player_page_json(db, name, page_period(db, all));
        });
        reply_json(res, 200, body);
      } catch (const Error& e) {
        reply_error(res, 404, views::sanitize(phone_said(e)));
      }
      return;
    }
    reply_page(res, [&] {
      // A name that is no player is refused before a page is kept for it.
      const Period period = pool_.with([&](const store::Database& db) {
        if (auto known = store::require_player(db, name); !known) throw Error(known.failure());
        return page_period(db, all);
      });
      return page(
          period_key("/player", period, all) + "|" + name,
          [name, period, all](const store::Database& db) {
            return player_page(db, name, period, all);
          },
          Reads::finished_games());
    });
  }

  void games(Call& call) {
    std::int64_t number = 1;
    try {
      number = number_param(call.req, "page").value_or(1);
    } catch (const Error& e) {
      reply_error_page(call.res, 400,
                       views::sanitize(phone_said(e)) + " (pages count from 1: /games?page=2)");
      return;
    }
    reply_page(call.res, [&] {
      return page("/games?" + std::to_string(number),
                  [number](const store::Database& db) { return games_page(db, number); });
    });
  }

  // The leaderboard and the report read the finished games (and the report every game of
  // its period): a round in the game at the table keeps them (serve/changes.hpp).
  // ?rules=: of one rule set's games alone (a bad one: 400, the error page).
  void leaderboard(Call& call) {
    const bool all = call.req.has_param("all");
    const auto rules = rules_or_refused(call.req, call.res);
    if (!rules) return;
    const std::optional<HouseRules>& only = *rules;
    reply_page(call.res, [&] {
      const Period period =
          pool_.with([&](const store::Database& db) { return page_period(db, all); });
      const std::string key = period_key("/leaderboard", period, all) + rules_key(only);
      const auto board = kept(boards_, key, period, all, only);
      return page(
          key, [board](const store::Database& db) { return board->text(db); },
          Reads::finished_games());
    });
  }

  void report(Call& call) {
    const bool all = call.req.has_param("all");
    const auto rules = rules_or_refused(call.req, call.res);
    if (!rules) return;
    const std::optional<HouseRules>& only = *rules;
    reply_page(call.res, [&] {
      const Period period =
          pool_.with([&](const store::Database& db) { return page_period(db, all); });
      const std::string key = period_key("/report", period, all) + rules_key(only);
      const auto report = kept(reports_, key, period, only);
      return page(
          key, [report](const store::Database& db) { return report->text(db); },
          Reads::finished_games_and(period));
    });
  }

  void game_report(Call& call) {
    reply_page(call.res, [&] {
      const auto id = path_number(call.req);
      return page("/report/game/" + std::to_string(id),
                  [id](const store::Database& db) { return game_report_page(db, id); });
    });
  }

  // The hand page writes nothing and reads no store: answered here, not from the hub.
  void analyze(
      Call& call) {  // NOLINT(readability-convert-member-functions-to-static): a row's handler
    const httplib::Request& req = call.req;
    const auto param = [&](const char* name) {
      return req.has_param(name) ? std::optional(req.get_param_value(name)) : std::nullopt;
    };
    const auto start = std::chrono::steady_clock::now();
    const HandAnswer answer =
        hand_answer(param("round"), param("cards"),
                    req.get_param_value("drawn") == "1" ? HandMode::Drawn : HandMode::Dealt);
    call.res.status = answer.status;
    call.res.set_content(analyze_page(answer.body), "text/html; charset=utf-8");
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    call.res.set_header("Server-Timing", fmt::format("page;dur={:.2f}", took.count()));
  }

  // The home-screen manifest: the scorekeeper's (its page as the start) only with its token.
  void manifest(Call& call) {
    std::optional<std::int64_t> game;
    try {
      game = number_param(call.req, "game");
    } catch (const Error&) {
      game = std::nullopt;  // a bad number: the manifest of the current game
    }
    const bool keeper = same_token(call.req.get_param_value("token"), token_);
    call.res.set_content(manifest_json(keeper ? token_ : std::string(), game),
                         "application/manifest+json; charset=utf-8");
  }

  // A page's file (script, stylesheet, icon), embedded at build time.
  void file(
      Call& call) {  // NOLINT(readability-convert-member-functions-to-static): a row's handler
    for (const WebAsset& asset : web_assets()) {
      if (asset.path == call.req.path) {
        call.res.set_content(asset.body.data(), asset.body.size(), std::string(asset.type));
        return;
      }
    }
    call.res.status = 404;
  }

  void api_game(Call& call) {
    try {
      const auto id = number_param(call.req, "game");
      const auto game = pool_.with([&](const store::Database& db) { return shown_game(db, id); });
      reply_json(call.res, 200, game ? views::scorecard_json(*game) : Json(nullptr));
    } catch (const Error& e) {
      reply_error(call.res, 404, views::sanitize(phone_said(e)));
    }
  }

  // The roster the start form offers to tap: the players not retired, by name, with the
  // club's default rules (what the form's house rules start from).
  void api_players(Call& call) {
    const auto answer = pool_.with([](const store::Database& db) {
      Json list = Json::array();
      for (const auto& p : store::list_players(db, store::Include::Active)) list.push_back(p.name);
      return Json{{"players", list}, {"rules", house_rules_json<Json>(store::club_rules(db))}};
    });
    reply_json(call.res, 200, answer);
  }

  // The scorekeeper's page asks this when its event stream reconnects (Secret::Header: a
  // server restarted since, with a fresh token, answers 403).
  void api_keeper(Call& call) {  // NOLINT(readability-convert-member-functions-to-static)
    reply_json(call.res, 200, Json{{"ok", true}});
  }

  // One viewer's event stream: the card at once, then again after every change; a `beat`
  // event every 15 s (its data: the interval in ms) keeps the connection, finds a viewer gone,
  // and lets the page see a connection that stalled without closing (two beats missed: the
  // page says so and connects again). A comment would keep the connection too, but a page's
  // EventSource never sees comments.
  void events(Call& call) {
    const httplib::Request& req = call.req;
    httplib::Response& res = call.res;
    std::optional<std::int64_t> follow;
    bool table = false;
    try {
      follow = number_param(req, "game");
      if (!follow) {
        follow = number_param(req, "table");
        table = follow.has_value();
      }
    } catch (const Error& e) {
      reply_error(res, 400, views::sanitize(phone_said(e)));
      return;
    }
    if (!hub_.subscribe(kMaxStreams)) {
      reply_error(res, 503, "too many viewers are connected; try again later");
      return;
    }
    res.set_header("X-Accel-Buffering", "no");
    auto seen = std::make_shared<std::uint64_t>(0);
    const std::string key = "event:" + std::string(table ? "t" : "") +
                            (follow ? std::to_string(*follow) : std::string());
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, seen, follow, table, key](std::size_t, httplib::DataSink& sink) {
          const std::string beat = fmt::format("event: beat\ndata: {}\n\n", beat_.count());
          if (*seen == 0) {
            const std::string retry = "retry: 1000\n\n" + beat;
            if (!sink.write(retry.data(), retry.size())) return false;
          }
          const std::uint64_t version = hub_.wait_past(*seen, beat_);
          if (hub_.stopped()) return false;
          std::string chunk = beat;
          if (version != *seen) {
            try {
              chunk = *hub_.cached(key,
                                   [&](const store::Database& db) {
                                     return live_event(db, follow, table, version);
                                   },
                                   Hub::Prerender::No, {})
                           .text;
              // Made for a version that is already past: another viewer's making of an older
              // version may have shown a newer state than this one, and a viewer must never
              // see the scores go back. The next turn makes the current version.
              if (hub_.version() != version) return true;
              *seen = version;
            } catch (const Error&) {
              // The database was busy or being restored: try again in a moment.
              std::this_thread::sleep_for(std::chrono::milliseconds(100));
              return true;
            }
          }
          return sink.write(chunk.data(), chunk.size());
        },
        [this](bool) { hub_.unsubscribe(); });
  }

  // A write from the scorekeeper's page (its form read, its origin and token checked, the
  // write lock held: answer()): the table layer's action, then every viewer told.
  void write(Call& call) {
    const Answer answer = run_action(writer_, call.route.action, call.fields);
    // A write sent again after its answer was lost (answered "again") changed nothing now.
    if (answer.status == 200 && !answer.body.contains("again")) {
      hub_.poke();
      const std::scoped_lock lock(out_mutex_);
      out_ << clock_time() << ' ' << answer.body["message"].get<std::string>() << " (from "
           << views::sanitize(call.req.remote_addr) << ")\n"
           << std::flush;
    }
    reply_json(call.res, answer.status, answer.body);
  }

  std::ostream& out_;
  std::mutex out_mutex_;
  std::mutex write_mutex_;
  store::Database writer_;
  ConnectionPool pool_;
  Hub hub_;
  std::string token_;
  std::vector<std::string> names_;  ///< What a request's Host may name (served_names).
  const std::chrono::milliseconds beat_ = heartbeat_every();
  std::mutex kept_mutex_;  ///< Guards the two maps that follow.
  std::unordered_map<std::string, std::shared_ptr<KeptReport>> reports_;
  std::unordered_map<std::string, std::shared_ptr<KeptLeaderboard>> boards_;
  httplib::Server http_;
  RateLimiter read_limit_{240, 120};
  RateLimiter write_limit_{60, 20};
};

// The table: every route crowns serve answers, and what each needs (routes.hpp). A new route
// is one row here and its handler in Site; answer() applies the row's columns.
const std::vector<Route>& Site::table() {
  using enum Method;
  using enum Access;
  using enum Secret;
  using enum Limit;
  using enum Reply;
  static const std::vector<Route> rows = [] {
    std::vector<Route> list = {
        // method, path, access, secret, limit, reply            handler
        {{Get, "/", Read, None, Reads, Page}, &Site::home},
        {{Get, R"(/game/(\d{1,12})\.json)", Read, None, Reads, Json}, &Site::game_json},
        {{Get, R"(/game/(\d{1,12}))", Read, None, Reads, Page}, &Site::game},
        {{Get, "/keep", Read, Link, Reads, Page}, &Site::keep},
        {{Get, "/keep/qr.svg", Read, Link, Reads, Page}, &Site::keeper_qr},
        {{Get, "/tonight", Read, None, Reads, Page}, &Site::tonight},
        {{Get, "/player", Read, None, Reads, Page}, &Site::player},
        {{Get, "/player.json", Read, None, Reads, Json}, &Site::player},
        {{Get, "/games", Read, None, Reads, Page}, &Site::games},
        {{Get, "/leaderboard", Read, None, Reads, Page}, &Site::leaderboard},
        {{Get, "/report", Read, None, Reads, Page}, &Site::report},
        {{Get, R"(/report/game/(\d{1,12}))", Read, None, Reads, Page}, &Site::game_report},
        {{Get, "/analyze", Read, None, Reads, Page}, &Site::analyze},
        {{Get, "/manifest.webmanifest", Read, None, Reads, Json}, &Site::manifest},
        {{Get, "/api/game", Read, None, Reads, Json}, &Site::api_game},
        {{Get, "/api/players", Read, None, Reads, Json}, &Site::api_players},
        {{Get, "/api/keeper", Read, Header, Reads, Json}, &Site::api_keeper},
        {{Get, "/events", Read, None, Reads, Stream}, &Site::events},
        {{Post, "/api/round", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Round},
        {{Post, "/api/edit", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Edit},
        {{Post, "/api/undo", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Undo},
        {{Post, "/api/start", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Start},
        {{Post, "/api/rematch", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Rematch},
        {{Post, "/api/tiebreak", Write, HeaderOrField, Writes, Json},
         &Site::write,
         Action::Tiebreak},
        {{Post, "/api/join", Write, HeaderOrField, Writes, Json}, &Site::write, Action::Join},
    };
    // The page's files (script modules, stylesheet, icons): a row each, one handler.
    for (const WebAsset& asset : web_assets())
      list.push_back({{Get, std::string(asset.path), Read, None, Reads, File}, &Site::file});
    return list;
  }();
  return rows;
}

}  // namespace

std::vector<RouteRow> route_table() {
  std::vector<RouteRow> rows;
  for (const Route& route : Site::table()) rows.push_back(route.row);
  return rows;
}

std::string token_file(const std::string& db_path) {
  return db_path + ".serve-token";
}

void serve(const ServeOptions& options, std::ostream& out) {
  // The one open_database of the process (see store::open_another): a missing file is
  // refused ("no crowns database at ..."), not created, as a typo in --db would.
  Site site(options, out);
  const std::string host = options.lan ? "0.0.0.0" : "127.0.0.1";
  int port = options.port;
  errno = 0;
  if (port == 0) {
    port = site.http().bind_to_any_port(host);
    if (port < 0) throw Error(bind_failure(host, 0, errno));
  } else if (!site.http().bind_to_port(host, port)) {
    throw Error(bind_failure(host, port, errno));
  }
  std::string shown = "127.0.0.1";
  if (options.lan) {
    shown = lan_address();
    if (shown.empty()) shown = "127.0.0.1";
  }
  const std::string base = "http://" + shown + ":" + std::to_string(port);
  out << "Viewers:     " << base << "/\n"
      << "Scorekeeper: " << base << "/keep?token=" << site.token() << '\n'
      << "             (can change the scores: keep it to yourself; kept across restarts in "
      << views::sanitize(token_file(options.db_path)) << ", --fresh-token for a new one)\n";
  // A club night: each table's scorekeeper gets the link of their own table.
  if (const auto tables = site.tables(); tables.size() > 1) {
    out << "Tables:      " << tables.size() << " games in progress; each table's scorekeeper:\n";
    for (const auto& [id, what] : tables)
      out << "  " << what << ": " << base << site.keeper_link(id) << '\n';
  }
  out << (options.keeper_qr ? "The scorekeeper's link (for your own phone; not to share):\n" +
                                  qr_text(base + "/keep?token=" + site.token(), options.ascii) +
                                  "The viewers' link:\n"
                            : std::string())
      << qr_text(base + "/", options.ascii)
      << (options.lan ? "Phones on this network: scan the code, or open the viewers' URL.\n"
                      : "Only this computer can connect; --lan lets phones on the network in.\n")
      << "Serving " << views::sanitize(options.db_path) << "; Ctrl-C stops.\n"
      << std::flush;

  // Ctrl-C and SIGTERM end the serving from one thread, which waits for them; every other
  // thread (started after this) has them blocked.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigset_t before;
  pthread_sigmask(SIG_BLOCK, &stop_signals, &before);
  const auto old_pipe = std::signal(SIGPIPE, SIG_IGN);  // a phone gone mid-answer
  std::atomic<bool> ending{false};
  site.hub().start();
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    if (ending.exchange(true)) return;  // asked to end by serve() itself
    site.hub().stop();
    site.http().stop();
  });
  site.http().listen_after_bind();
  if (!ending.exchange(true)) pthread_kill(stopper.native_handle(), SIGINT);
  stopper.join();
  site.hub().stop();
  std::signal(SIGPIPE, old_pipe);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  out << "Stopped.\n" << std::flush;
}

}  // namespace crowns::serve
