// crowns serve in the program that has the server linked in (crowns-serve): serve.

#include "cli/commands/serve.hpp"
#include "serve/server.hpp"
#include "store/db.hpp"

namespace crowns::cli {

void run_serve(const ServeCommandOptions& opts, Context& ctx) {
  serve::serve({.db_path = store::database_path(ctx.options.db),
                .port = opts.port,
                .lan = opts.lan,
                .ascii = ctx.options.ascii,
                .keeper_qr = opts.keeper_qr,
                .token = opts.fresh_token ? serve::Token::Fresh : serve::Token::Kept},
               ctx.out);
}

}  // namespace crowns::cli
