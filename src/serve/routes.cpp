// The route table's columns in words, for `crowns-serve --routes` (the table itself is in
// server.cpp, beside its handlers).

#include "serve/routes.hpp"

namespace crowns::serve {

std::string_view method_name(Method method) {
  return method == Method::Get ? "GET" : "POST";
}
std::string_view access_name(Access access) {
  return access == Access::Read ? "read" : "write";
}
std::string_view secret_name(Secret secret) {
  switch (secret) {
    case Secret::Link: return "link";
    case Secret::Header: return "header";
    case Secret::HeaderOrField: return "header-or-field";
    case Secret::None: break;
  }
  return "none";
}
std::string_view limit_name(Limit limit) {
  return limit == Limit::Reads ? "reads" : "writes";
}
std::string_view reply_name(Reply reply) {
  switch (reply) {
    case Reply::Json: return "json";
    case Reply::File: return "file";
    case Reply::Stream: return "stream";
    case Reply::Page: break;
  }
  return "page";
}

}  // namespace crowns::serve
