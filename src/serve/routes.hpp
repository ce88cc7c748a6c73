#pragma once
// What crowns serve answers, as one table (like git's http-backend `services[]`): each route is
// a row of method, path, handler and what it needs. The server registers every row in one loop
// and applies each row's checks in one function before its handler runs (server.cpp,
// Site::answer), so a new route cannot forget one; nothing is registered outside the table.
// This header is the table as data, without the handlers, for tests and `crowns-serve --routes`.

#include <string>
#include <string_view>
#include <vector>

namespace crowns::serve {

enum class Method { Get, Post };

/// Whether a route changes the database. A write takes a form (application/x-www-form-
/// urlencoded) from this site only (cross_site_refusal), runs under the write lock, and the
/// table layer refuses it (409) when what the form showed has changed since (run_action).
enum class Access { Read, Write };

/// Where a route wants the scorekeeper's secret (the token), and so how it refuses a request
/// without it (403): none; the page's link (?token=, an error page); the X-Crowns-Token
/// header (JSON); that header or the form's token field (JSON, every write).
enum class Secret { None, Link, Header, HeaderOrField };

/// Which rate limit a request counts against: the reads' (a burst of 240, then 120 a second
/// per address) or the writes' (60, then 20).
enum class Limit { Reads, Writes };

/// What a route answers, and so how its errors come: an HTML page (an error page), JSON (an
/// {"error"} object), a page's file (script, style, icon: the connection closed after it), an
/// event stream.
enum class Reply { Page, Json, File, Stream };

/// One row of the table, its handler aside.
struct RouteRow {
  Method method = Method::Get;
  std::string path;  ///< Literal, or a regular expression when it holds `(` ("/game/(\d{1,12})").
  Access access = Access::Read;
  Secret secret = Secret::None;
  Limit limit = Limit::Reads;
  Reply reply = Reply::Page;
};

/// Every route served, in the order registered (the page's files last).
std::vector<RouteRow> route_table();

/// The column's word in `crowns-serve --routes` ("GET", "write", "header-or-field", ...).
std::string_view method_name(Method method);
std::string_view access_name(Access access);
std::string_view secret_name(Secret secret);
std::string_view limit_name(Limit limit);
std::string_view reply_name(Reply reply);

}  // namespace crowns::serve
