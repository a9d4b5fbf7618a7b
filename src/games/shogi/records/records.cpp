#include "games/shogi/records/records.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "games/shogi/core/movegen.h"
#include "games/shogi/core/names.h"
#include "games/shogi/core/position.h"
#include "games/shogi/core/usi_move.h"
#include "games/shogi/records/csa_reader.h"
#include "games/shogi/records/handicaps.h"
#include "games/shogi/records/kif_reader.h"

namespace kishi::shogi {

namespace {

std::string csa_square(Square s) { return {char('1' + file_of(s)), char('1' + rank_of(s))}; }

// "PI82HI22KA": the even game less the pieces named (a handicap), when the
// position is one; empty when it is not.
std::string csa_pi_line(const Position& pos) {
  const Position even = Position::startpos();
  std::string removed;
  for (Square sq = 0; sq < SQ_NB; ++sq) {
    const Piece was = even.piece_on(sq), is = pos.piece_on(sq);
    if (is == was) continue;
    if (is != NO_PIECE) return {};
    removed += csa_square(sq) + piece_code(Game::Shogi, was);
  }
  if (!pos.hand_empty(BLACK) || !pos.hand_empty(WHITE)) return {};
  return "PI" + removed;
}

std::string csa_position(const Position& pos) {
  if (const std::string pi = csa_pi_line(pos); !pi.empty())
    return pi + (pos.side_to_move() == BLACK ? "\n+\n" : "\n-\n");
  std::string s;
  for (int rank = 0; rank < 9; ++rank) {
    s += "P" + std::to_string(rank + 1);
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      s +=
          pc ? std::string(color_of(pc) == BLACK ? "+" : "-") + piece_code(Game::Shogi, pc) : " * ";
    }
    s += "\n";
  }
  for (Color c : {BLACK, WHITE}) {
    std::string hand;
    for (PieceType pt : HAND_ORDER)
      for (int n = 0; n < pos.hand_count(c, pt); ++n)
        hand += "00" + piece_code(Game::Shogi, make_piece(c, pt));
    if (!hand.empty()) s += std::string(c == BLACK ? "P+" : "P-") + hand + "\n";
  }
  s += pos.side_to_move() == BLACK ? "+\n" : "-\n";
  return s;
}

std::string csa_ending(const std::string& reason) {
  const std::string& r = reason;
  if (r == "checkmate") return "%TSUMI";
  if (r == "resign") return "%TORYO";
  if (r == "repetition") return "%SENNICHITE";
  if (r == "perpetual check") return "%OUTE_SENNICHITE";
  if (r == "declaration") return "%KACHI";
  if (r == "maximum plies") return "%JISHOGI";
  if (r.rfind("time", 0) == 0) return "%TIME_UP";
  if (r.rfind("illegal", 0) == 0 || r == "false declaration") return "%ILLEGAL_MOVE";
  return "%CHUDAN";
}

// Whole seconds, rounded: what a move took on the clock.
int64_t seconds(const game::Record& g, size_t i) {
  return i < g.action_ms.size() ? (g.action_ms[i] + 500) / 1000 : 0;
}

const char* const KANJI_NUMBER[] = {"",     "一",   "二",   "三",   "四",   "五",   "六",
                                    "七",   "八",   "九",   "十",   "十一", "十二", "十三",
                                    "十四", "十五", "十六", "十七", "十八"};
const char* const WIDE_DIGIT[] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
// In moves, and (one character) on the board.
const char* const KIF_PIECE[PIECE_TYPE_NB] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                              "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
const char* const BOARD_PIECE[PIECE_TYPE_NB] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                                "玉", "と", "杏", "圭", "全", "馬", "龍"};

std::string kif_hand(const Position& pos, Color c) {
  std::string hand;
  for (PieceType pt : HAND_ORDER)
    if (const int n = pos.hand_count(c, pt))
      hand += std::string(KIF_PIECE[pt]) + (n > 1 ? KANJI_NUMBER[n] : "") + "　";
  return hand.empty() ? "なし" : hand;
}

// The start position: the even game's or a handicap's name, or a board diagram (BOD).
std::string kif_position(const Position& pos) {
  if (pos.sfen() == Position::START_SFEN) return "手合割：平手\n";
  if (const Handicap* h = handicap_of(pos.sfen())) return "手合割：" + std::string(h->kif) + "\n";
  std::string s = "後手の持駒：" + kif_hand(pos, WHITE) + "\n";
  s += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (int rank = 0; rank < 9; ++rank) {
    s += "|";
    for (int file = 8; file >= 0; --file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      s += !pc ? " ・" : std::string(color_of(pc) == WHITE ? "v" : " ") + BOARD_PIECE[type_of(pc)];
    }
    s += std::string("|") + KANJI_NUMBER[rank + 1] + "\n";
  }
  s += "+---------------------------+\n先手の持駒：" + kif_hand(pos, BLACK) + "\n";
  if (pos.side_to_move() == WHITE) s += "後手番\n";
  return s;
}

std::string clock_text(int64_t total_seconds, bool with_hours) {
  char text[32];
  if (with_hours)
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", (long long)total_seconds / 3600,
                  (long long)total_seconds / 60 % 60, (long long)total_seconds % 60);
  else
    std::snprintf(text, sizeof text, "%2lld:%02lld", (long long)total_seconds / 60,
                  (long long)total_seconds % 60);
  return text;
}

// The last line before the result, and the result's words for a draw.
struct KifEnding {
  const char* special;
  const char* draw;
};
KifEnding kif_ending(const std::string& r) {
  if (r == "checkmate") return {"詰み", "中断"};
  if (r == "resign") return {"投了", "中断"};
  if (r == "repetition" || r == "perpetual check") return {"千日手", "千日手"};
  if (r == "declaration") return {"入玉勝ち", "中断"};
  if (r == "maximum plies") return {"持将棋", "持将棋"};
  if (r.rfind("time", 0) == 0) return {"切れ負け", "中断"};
  if (r.rfind("illegal", 0) == 0 || r == "false declaration") return {"反則負け", "中断"};
  return {"中断", "中断"};
}

}  // namespace

// KIF's move text without the from-square: "７六歩", "同　歩", "５五角打", "２二角成",
// "２三銀不成" (a promotion the move could have made and did not).
std::string kif_move_text(const Position& pos, Move m, Square last_to) {
  std::string text = m.to() == last_to ? "同　"
                                       : std::string(WIDE_DIGIT[file_of(m.to()) + 1]) +
                                             KANJI_NUMBER[rank_of(m.to()) + 1];
  if (m.is_drop()) return text + KIF_PIECE[m.dropped_piece()] + "打";
  text += KIF_PIECE[type_of(pos.piece_on(m.from()))];
  if (m.is_promotion()) return text + "成";
  return pos.is_legal(Move::normal(m.from(), m.to(), true)) ? text + "不成" : text;
}

// "(77)": the from-square, as KIF writes it.
std::string kif_from(Move m) {
  return "(" + std::to_string(file_of(m.from()) + 1) + std::to_string(rank_of(m.from()) + 1) + ")";
}

std::string kif_record(const game::Record& g, Game variant) {
  Position pos = *Position::from_sfen(g.start_state, variant);
  std::string s = "#KIF version=2.0 encoding=UTF-8\n";
  if (!g.start_time.empty()) s += "開始日時：" + g.start_time + "\n";
  if (!g.event.empty()) s += "棋戦：" + g.event + "\n";
  s += kif_position(pos);
  // A handicap game's players are 下手 (Black) and 上手 (White, the giver).
  const bool handicap = handicap_of(pos.sfen()) != nullptr;
  const char* const side[2] = {handicap ? "下手" : "先手", handicap ? "上手" : "後手"};
  s += side[0] + ("：" + g.players[0]) + "\n" + side[1] + "：" + g.players[1] + "\n";
  s += "手数----指手---------消費時間--\n";
  int64_t used[2] = {0, 0};
  Square last_to = SQ_NONE;
  char number[24];
  for (size_t i = 0; i < g.actions.size(); ++i) {
    const Move m = *parse_usi_move(pos, g.actions[i]);
    const Color us = pos.side_to_move();
    std::string text = kif_move_text(pos, m, last_to);
    if (!m.is_drop()) text += kif_from(m);
    const int64_t t = seconds(g, i);
    used[us] += t;
    std::snprintf(number, sizeof number, "%4zu ", i + 1);
    s += number + text + "   (" + clock_text(t, false) + "/" + clock_text(used[us], true) + ")\n";
    last_to = m.to();
    pos.do_move(m);
  }
  const KifEnding ending = kif_ending(g.reason);
  std::snprintf(number, sizeof number, "%4zu ", g.actions.size() + 1);
  s += number + std::string(ending.special) + "\n";
  s += "まで" + std::to_string(g.actions.size()) + "手で" +
       (g.winner == game::Outcome::DRAW ? std::string(ending.draw)
                                        : std::string(side[g.winner]) + "の勝ち") +
       "\n";
  return s;
}

std::string csa_move(const Position& pos, Move m, Game codes) {
  std::string s = pos.side_to_move() == BLACK ? "+" : "-";
  s += m.is_drop() ? "00" : csa_square(m.from());
  s += csa_square(m.to());
  Position after = pos;
  after.do_move(m);
  return s + piece_code(codes, after.piece_on(m.to()));
}

std::string move_notation(const Position& pos, Move m) {
  if (pos.game() != Game::Shogi) return csa_move(pos, m, pos.game());
  const Square last_to = pos.plies_played() > 0 ? pos.history().back().move.to() : SQ_NONE;
  std::string text = (pos.side_to_move() == BLACK ? "▲" : "△") + kif_move_text(pos, m, last_to);
  if (m.is_drop()) return text;
  // Two pieces of one kind that reach the square: the from-square says which.
  MoveList legal;
  legal_moves(pos, legal);
  const PieceType moving = type_of(pos.piece_on(m.from()));
  for (const Move o : legal)
    if (!o.is_drop() && o.to() == m.to() && o.from() != m.from() &&
        type_of(pos.piece_on(o.from())) == moving)
      return text + kif_from(m);
  return text;
}

std::string csa_record(const game::Record& g, Game variant) {
  std::string s = "V2.2\nN+" + g.players[0] + "\nN-" + g.players[1] + "\n";
  if (!g.event.empty()) s += "$EVENT:" + g.event + "\n";
  if (!g.start_time.empty()) s += "$START_TIME:" + g.start_time + "\n";
  Position pos = *Position::from_sfen(g.start_state, variant);
  s += csa_position(pos);
  for (size_t i = 0; i < g.actions.size(); ++i) {
    const Move m = *parse_usi_move(pos, g.actions[i]);
    s += csa_move(pos, m) + "\n";
    pos.do_move(m);
    s += "T" + std::to_string(seconds(g, i)) + "\n";
  }
  s += csa_ending(g.reason) + "\n";
  s += "'result " + std::string(game::result_text(g)) + " (" + g.reason + ")\n";
  return s;
}

std::string usi_record(const game::Record& g) {
  std::string s = "position ";
  s += g.start_state == Position::START_SFEN ? "startpos" : "sfen " + g.start_state;
  if (!g.actions.empty()) s += " moves";
  for (const std::string& a : g.actions) s += " " + a;
  s += "\n# " + g.players[0] + " (black) vs " + g.players[1] + " (white): " + game::result_text(g) +
       " (" + g.reason + "), " + std::to_string(g.actions.size()) + " plies\n";
  return s;
}

namespace {

// CSA's first line that is no comment: a version, names, a board line, a
// side to move or a move ("V2.2", "N+you", "PI", "P1-KY...", "+", "+7776FU").
bool looks_like_csa(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line.empty() || line[0] == '\'') continue;
    if (line.find('/') != std::string_view::npos) return false;  // an SFEN's board
    const char c = line[0], d = line.size() > 1 ? line[1] : 0;
    return line.starts_with("V2") || ((c == 'N' || c == 'P') && (d == '+' || d == '-')) ||
           line == "PI" || (c == 'P' && d >= '1' && d <= '9') || line == "+" || line == "-" ||
           ((c == '+' || c == '-') && line.size() >= 7 && std::isdigit((unsigned char)d));
  }
  return false;
}

// KIF's marks: its header keys and the move table's heading.
bool looks_like_kif(std::string_view text) {
  for (std::string_view mark : {"手数----", "手合割：", "先手：", "後手：", "開始日時：", "#KIF"})
    if (text.find(mark) != std::string_view::npos) return true;
  return false;
}

Expected<game::RecordLine> record_line(const TextGame& g, const std::string& format) {
  if (!g.fault.empty()) return Expected<game::RecordLine>::failure(format + ": " + g.fault);
  return game::RecordLine{g.start_sfen, g.moves};
}

}  // namespace

std::optional<Expected<game::RecordLine>> read_record(std::string_view text, Game variant) {
  using Result = Expected<game::RecordLine>;
  if (looks_like_kif(text)) {
    auto g = read_kif(text, variant);
    if (!g) return Result::failure("KIF: " + g.error());
    return record_line(*g, "KIF");
  }
  if (looks_like_csa(text)) {
    auto games = read_csa(text, variant);
    if (!games) return Result::failure("CSA: " + games.error());
    if (games->size() != 1) return Result::failure("CSA: an archive of several games");
    return record_line(games->front(), "CSA");
  }
  return std::nullopt;
}

}  // namespace kishi::shogi
