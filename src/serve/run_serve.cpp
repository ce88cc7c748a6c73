// crowns serve in the program that has the server linked in (crowns-serve): serve.

#include "cli/commands/serve.hpp"
#include "serve/server.hpp"
#include "store/db.hpp"

namespace crowns::cli {

void run_serve(const ServeCommandOptions& opts, Context& ctx) {
  serve::serve({store::database_path(ctx.options.db), opts.port, opts.lan, ctx.options.ascii},
               ctx.out);
}

}  // namespace crowns::cli
