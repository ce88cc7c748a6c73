// The JSON Lines loop of every batch command (cli/batch.cpp) and the request reader
// (cli/input/json_request.cpp): answers, errors naming the field, unknown fields, blank lines,
// and flushing when no more input is waiting.

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/batch.hpp"
#include "cli/input/analyze_request.hpp"
#include "cli/input/json_request.hpp"
#include "cli/input/solitaire_request.hpp"
#include "cli/input/table_moves.hpp"
#include "crowns/rules.hpp"
#include "crowns/solitaire.hpp"

using namespace crowns;
using namespace crowns::cli;
using Json = nlohmann::json;

namespace {

Json analyze_answer(std::string_view line, bool* failed, long line_no = 1) {
  const LineAnswer a = answer_analyze_line(line, 1, line_no);
  REQUIRE(a.text.find('\n') == std::string::npos);  // one line each
  *failed = a.failed;
  return Json::parse(a.text);
}

// The first error a reader reports for `text` after `read` asks for its fields.
template <class Read>
std::string failure_of(const char* text, Read read) {
  const Json request = Json::parse(text);
  JsonRequest r(request);
  read(r);
  const auto bad = r.failure();
  return bad ? bad->message : std::string();
}

}  // namespace

TEST_CASE("a batch line is answered with its id and the analysis", "[batch]") {
  bool failed = false;
  const Json j = analyze_answer(R"({"id":7,"cards":"7h 8h 9h"})", &failed);
  CHECK_FALSE(failed);
  CHECK(j["id"] == 7);
  CHECK(j["round"] == 1);
  CHECK(j["score"] == 0);
  CHECK_FALSE(j.contains("error"));
  const Json left = analyze_answer(R"({"id":"x","cards":["Kd","Qh","7s"],"wild":"J"})", &failed);
  CHECK_FALSE(failed);
  CHECK(left["id"] == "x");
  CHECK(left["score"] == 13 + 12 + 7);
}

TEST_CASE("a bad batch line gets an error answer naming the field", "[batch]") {
  bool failed = false;
  const Json bad_card = analyze_answer(R"({"id":1,"cards":"7h 8h 1h"})", &failed);
  CHECK(failed);
  CHECK(bad_card["id"] == 1);
  CHECK(bad_card["error"].get<std::string>().starts_with("\"cards\": '1h' is not a card"));
  const Json not_json = analyze_answer("this is not json", &failed, 3);
  CHECK(failed);
  CHECK(not_json == Json::parse(R"({"id":null,"line":3,"error":"line 3 is not valid JSON"})"));
  const Json not_object = analyze_answer("[1,2]", &failed, 4);
  CHECK(not_object["error"] == "line 4 is not a JSON object");
  const Json no_cards = analyze_answer(R"({"id":2})", &failed);
  CHECK(failed);
  CHECK(no_cards["error"] == R"(missing "cards": cards like ["7h", "jk"] or "7h jk")");
  const Json typo = analyze_answer(R"({"id":2,"cards":"7h 8h 9h","wlid":5})", &failed);
  CHECK(failed);
  CHECK(typo["error"] == R"(unknown field 'wlid'; did you mean "wild"?)");
}

TEST_CASE("a batch line names its meld rules, or takes the command line's", "[batch][house]") {
  bool failed = false;
  const char* kTwoHearts = R"("cards":"Kh Kh Ks jk","wild":5)";
  const Json standard = analyze_answer(std::string("{") + kTwoHearts + "}", &failed);
  CHECK_FALSE(failed);
  CHECK(standard["rules"] == Json::parse(R"({"wild_melds":true,"book_suits":"any"})"));
  CHECK(standard["score"] == 0);
  const Json distinct =
      analyze_answer(std::string("{") + kTwoHearts + R"(,"book_suits":"distinct"})", &failed);
  CHECK_FALSE(failed);
  CHECK(distinct["rules"]["book_suits"] == "distinct");
  CHECK(distinct["score"] == 13);
  for (const char* no : {"false", R"("no")", R"("NO")"}) {
    const Json alone = analyze_answer(
        std::string(R"({"cards":"5h 5s 5c","wild":5,"wild_melds":)") + no + "}", &failed);
    CHECK_FALSE(failed);
    CHECK(alone["rules"]["wild_melds"] == false);
    CHECK(alone["score"] == 60);
  }
  // The command line's switches (--book-suits distinct) are the default of every line.
  const Json request = Json::parse(std::string("{") + kTwoHearts + "}");
  JsonRequest r(request);
  const auto answer = answer_analyze_request(r, 1, {.book_suits = BookSuits::Distinct});
  REQUIRE(answer.ok());
  CHECK(Json::parse("{" + *answer + "}")["score"] == 13);

  const Json bad = analyze_answer(R"({"cards":"5h 5s 5c","book_suits":"some"})", &failed);
  CHECK(failed);
  CHECK(bad["error"] == R"("book_suits": 'some' is not one of any|distinct)");
  const Json bad_type = analyze_answer(R"({"cards":"5h 5s 5c","wild_melds":1})", &failed);
  CHECK(bad_type["error"] == R"("wild_melds" must be one of yes|no)");
}

TEST_CASE("a blank batch line is skipped", "[batch]") {
  CHECK(answer_analyze_line("", 1).text.empty());
  CHECK_FALSE(answer_analyze_line("   \r", 1).failed);
}

TEST_CASE("the reader keeps the first error and names its field", "[batch][reader]") {
  auto round_and_hand = [](JsonRequest& r) {
    r.required_int("round", 1, kRounds);
    r.required_cards("hand");
  };
  CHECK(failure_of(R"({"round":3,"hand":"7h 8h"})", round_and_hand).empty());
  CHECK(failure_of(R"({"hand":"7h"})", round_and_hand) == R"(missing "round" (1-11))");
  CHECK(failure_of(R"({"round":12,"hand":"Qx"})", round_and_hand) ==
        R"("round" is 12, out of range (1-11))");
  CHECK(failure_of(R"({"round":"3","hand":"Qx"})", round_and_hand) ==
        R"("round" must be a whole number 1-11)");
  CHECK(failure_of(R"({"round":3,"hand":["7h",7]})", round_and_hand) ==
        R"("hand" must hold cards like "7h")");
  CHECK(failure_of(R"({"round":3,"hand":{"a":1}})", round_and_hand) ==
        R"("hand" must be cards like "7h jk" or ["7h", "jk"])");
  CHECK(failure_of(R"({"round":3,"hand":"7h Qx"})", round_and_hand)
            .starts_with("\"hand\": 'Qx' is not a card"));
  CHECK(failure_of(R"({"round":3,"hand":""})", round_and_hand).starts_with("missing \"hand\""));
}

TEST_CASE("the reader's getters: defaults, nulls, cards, ranks, booleans", "[batch][reader]") {
  const Json request = Json::parse(
      R"({"id":1,"n":null,"top":"Qh","seen":["7h","jk"],"wild":"J","last":true,"k":4})");
  JsonRequest r(request);
  CHECK(r.integer("n", 1, 5, 3) == 3);  // null is absent
  CHECK(r.integer("k", 1, 5, 3) == 4);
  CHECK_FALSE(r.optional_int("absent", 1, 5));
  CHECK(r.card("top") == parse_card("Qh").value());
  CHECK(r.cards("seen").size() == 2);
  CHECK(r.cards("none").empty());
  CHECK(r.rank("wild") == 11);
  CHECK(r.boolean("last", false));
  CHECK(r.boolean("other", true));
  CHECK_FALSE(r.failure());
  CHECK(failure_of(R"({"last":"yes"})", [](JsonRequest& q) { q.boolean("last", false); }) ==
        R"("last" must be true or false)");
  CHECK(failure_of(R"({"wild":14})", [](JsonRequest& q) { q.rank("wild"); }) ==
        R"("wild" is 14, not a rank (3-13))");
  CHECK(failure_of(R"({"top":7})", [](JsonRequest& q) { q.card("top"); }) ==
        R"("top" must be a card like "7h")");
  CHECK(failure_of(R"({})", [](JsonRequest& q) { q.required_card("card"); }) ==
        R"(missing "card": a card like "7h")");
}

TEST_CASE("the round's moves: the actions field and --move", "[batch][reader]") {
  auto two = [](JsonRequest& r) { read_actions(r, 2); };
  CHECK(failure_of(R"({})", two).empty());
  CHECK(failure_of(R"({"actions":[]})", two).empty());
  const Json request =
      Json::parse(R"({"actions":[{"seat":1,"offered":"9h","took":true,"discarded":"Kd"},)"
                  R"({"seat":0,"offered":"Kd","took":false,"discarded":"jk"}]})");
  JsonRequest r(request);
  const auto moves = read_actions(r, 2);
  CHECK_FALSE(r.failure());
  REQUIRE(moves.size() == 2);
  CHECK(moves[0] ==
        TableMove{
            .seat = 1, .offered = *parse_card("9h"), .took = true, .discarded = *parse_card("Kd")});
  CHECK(moves[1] ==
        TableMove{
            .seat = 0, .offered = *parse_card("Kd"), .took = false, .discarded = Card::joker()});
  CHECK(failure_of(R"({"actions":{"seat":1}})", two) ==
        R"("actions" must be an array of moves like [{"seat":1,"offered":"9h","took":true,)"
        R"("discarded":"Kd"}])");
  CHECK(failure_of(R"({"actions":[7]})", two) ==
        R"("actions" move 1 must be an object like {"seat":1,"offered":"9h","took":true,)"
        R"("discarded":"Kd"})");
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9h","took":true,"discarded":"Kd"},)"
                   R"({"seat":2,"offered":"Kd","took":false,"discarded":"3c"}]})",
                   two) == R"("actions" move 2: "seat" is 2, out of range (0-1); seats count )"
                           R"(clockwise from you: 0 is you, 1 the next player)");
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9x","took":true,"discarded":"Kd"}]})", two)
            .starts_with(R"("actions" move 1: "offered": '9x' is not a card)"));
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9h","took":1,"discarded":"Kd"}]})", two) ==
        R"("actions" move 1: "took" must be true or false)");
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9h","discarded":"Kd"}]})", two) ==
        R"("actions" move 1: missing "took" (true or false))");
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9h","tok":true,"discarded":"Kd"}]})", two) ==
        R"("actions" move 1: unknown field 'tok'; did you mean "took"?)");
  CHECK(failure_of(R"({"actions":[{"seat":1,"offered":"9h","took":true}]})", two) ==
        R"("actions" move 1: missing "discarded": a card like "7h")");

  CHECK(parse_table_move("1 took 9h threw Kd").value() == moves[0]);
  CHECK(parse_table_move("  0 PASSED Kd  threw jk").value() == moves[1]);
  const std::string form = R"(write a move as SEAT took|passed CARD threw CARD (e.g. "1 took 9h )"
                           R"(threw Kd"))";
  CHECK(parse_table_move("1 took 9h").error() == "--move '1 took 9h' has 3 words: " + form);
  CHECK(parse_table_move("x took 9h threw Kd").error() ==
        "--move 'x took 9h threw Kd': the seat 'x' is not a number (0 is you, 1 the next "
        "player, clockwise); " +
            form);
  CHECK(parse_table_move("1 drew 9h threw Kd").error() ==
        "--move '1 drew 9h threw Kd': 'drew' is neither took nor passed; " + form);
  CHECK(parse_table_move("1 took 9h threw Kx")
            .error()
            .starts_with("--move '1 took 9h threw Kx': 'Kx' is not a card"));
  CHECK(parse_table_move("1 took 9h then Kd").error() ==
        "--move '1 took 9h then Kd': 'then' should be threw; " + form);
}

TEST_CASE("an unknown field is an error with the closest known field", "[batch][reader]") {
  auto advise_fields = [](JsonRequest& r) {
    r.required_int("round", 1, kRounds);
    r.cards("next_holds");
    r.cards("seen");
  };
  CHECK(failure_of(R"({"id":1,"round":2,"nexthold":["7h"]})", advise_fields) ==
        R"(unknown field 'nexthold'; did you mean "next_holds"?)");
  CHECK(failure_of(R"({"id":1,"round":2,"zzzzzzz":1})", advise_fields) ==
        R"(unknown field 'zzzzzzz' (the fields are "id", "round", "next_holds", "seen"))");
  // A bad value in a known field comes first: it is the error the reader met first.
  CHECK(failure_of(R"({"round":0,"nexthold":1})", advise_fields) ==
        R"("round" is 0, out of range (1-11))");
}

namespace {

// An output stream that counts its flushes.
struct CountingBuf : std::stringbuf {
  int syncs = 0;
  int sync() override {
    ++syncs;
    return std::stringbuf::sync();
  }
};

// Input that arrives a byte at a time with nothing waiting beyond it, as from a client that
// writes one request and waits for its answer.
struct TrickleBuf : std::streambuf {
  explicit TrickleBuf(std::string text) : text_(std::move(text)) {}
  int_type underflow() override {
    if (pos_ >= text_.size()) return traits_type::eof();
    char* c = text_.data() + pos_++;
    setg(c, c, c + 1);
    return traits_type::to_int_type(*c);
  }
  std::streamsize showmanyc() override { return 0; }
  std::string text_;
  std::size_t pos_ = 0;
};

Expected<std::string> count_cards(JsonRequest& r) {
  const auto cards = r.required_cards("cards");
  if (auto bad = r.failure()) return *bad;
  return answer_fields(nlohmann::ordered_json{{"n", cards.size()}});
}

const char* const kRequests =
    "{\"id\":1,\"cards\":\"7h 8h 9h\"}\n\n{\"id\":2}\n{\"id\":3,\"cards\":\"Kd\"}\n";
const char* const kAnswers =
    "{\"id\":1,\"n\":3}\n"
    "{\"id\":2,\"error\":\"missing \\\"cards\\\": cards like [\\\"7h\\\", \\\"jk\\\"] or "
    "\\\"7h jk\\\"\"}\n"
    "{\"id\":3,\"n\":1}\n";

}  // namespace

TEST_CASE("the batch loop answers every line, in blocks while input is waiting", "[batch]") {
  CountingBuf buf;
  std::ostream out(&buf);
  std::istringstream in(kRequests);
  std::ostringstream err;
  Context ctx{in, out, err, {}, {}, ExitCode::Ok, {}, {}, {}};
  run_batch(ctx, count_cards);
  CHECK(buf.str() == kAnswers);
  CHECK(ctx.exit_code == ExitCode::Error);
  // A string stream always has its next line waiting: one flush, after the last answer.
  CHECK(buf.syncs == 1);
}

TEST_CASE("the batch loop sends each answer when no more input is waiting", "[batch]") {
  CountingBuf buf;
  std::ostream out(&buf);
  TrickleBuf trickle(kRequests);
  std::istream in(&trickle);
  std::ostringstream err;
  Context ctx{in, out, err, {}, {}, ExitCode::Ok, {}, {}, {}};
  run_batch(ctx, count_cards);
  CHECK(buf.str() == kAnswers);
  CHECK(buf.syncs == 3);  // one per answer: a waiting client gets each at once
}

// Issue 17 item 5: a lost position was answered with an error; it gets a legal play.
TEST_CASE("solitaire batch: a lost position gets a play marked lost", "[batch][solitaire]") {
  const solitaire::Deal deal = solitaire::deal_from_seed(3);
  Json request{{"id", 1}, {"card", to_string(deal.stock[0])}, {"stock", 5}};
  Json piles = Json::array();
  for (const auto& pile : deal.piles) {
    Json cards = Json::array();
    for (const Card c : pile) cards.push_back(to_string(c));
    piles.push_back(cards);
  }
  request["piles"] = piles;
  Json dead = Json::array();  // 22 cards turned and discarded: 5 left unseen, 11 piles open
  for (std::size_t i = 1; i <= 22; ++i) dead.push_back(to_string(deal.stock[i]));
  request["dead"] = dead;
  const LineAnswer a = answer_line(
      request.dump(), [](JsonRequest& r) { return answer_solitaire_request(r, MeldRules{}); });
  INFO(a.text);
  REQUIRE_FALSE(a.failed);
  const Json answer = Json::parse(a.text);
  CHECK(answer["lost"] == true);
  // Legal: an open pile, discarding one of its cards or the card turned.
  const int pile = answer["pile"].get<int>();
  REQUIRE((pile >= 1 && pile <= solitaire::kPiles));
  std::vector<Card> with = deal.piles[static_cast<std::size_t>(pile - 1)];
  with.push_back(deal.stock[0]);
  const Card discard = parse_card(answer["discard"].get<std::string>()).value();
  CHECK(std::find(with.begin(), with.end(), discard) != with.end());
}
