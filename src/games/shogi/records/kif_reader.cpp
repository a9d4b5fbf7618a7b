#include "games/shogi/records/kif_reader.h"

#include <iconv.h>

#include <array>
#include <cerrno>
#include <optional>
#include <vector>

#include "games/shogi/core/usi_move.h"
#include "games/shogi/records/handicaps.h"

namespace kishi::shogi {
namespace {

constexpr std::string_view WIDE_DIGITS[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr std::string_view KANJI_DIGITS[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view FULL_COLON = "：", WIDE_SPACE = "　";

// Piece names as moves and hands write them, longest first (成香 before 香).
struct PieceName {
  std::string_view name;
  PieceType type;
};
constexpr PieceName MOVE_PIECES[] = {
    {"成香", PRO_LANCE}, {"成桂", PRO_KNIGHT}, {"成銀", PRO_SILVER}, {"歩", PAWN},
    {"香", LANCE},       {"桂", KNIGHT},       {"銀", SILVER},       {"金", GOLD},
    {"角", BISHOP},      {"飛", ROOK},         {"玉", KING},         {"王", KING},
    {"と", PRO_PAWN},    {"杏", PRO_LANCE},    {"圭", PRO_KNIGHT},   {"全", PRO_SILVER},
    {"馬", HORSE},       {"龍", DRAGON},       {"竜", DRAGON}};

bool take(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

void trim(std::string_view& s) {
  while (true) {
    if (take(s, " ") || take(s, "\t") || take(s, WIDE_SPACE)) continue;
    break;
  }
  while (true) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
      s.remove_suffix(1);
    else if (s.ends_with(WIDE_SPACE))
      s.remove_suffix(WIDE_SPACE.size());
    else
      break;
  }
}

template <size_t N>
int take_index(std::string_view& s, const std::string_view (&names)[N]) {
  for (size_t i = 0; i < N; ++i)
    if (take(s, names[i])) return int(i);
  return -1;
}

std::optional<PieceType> take_piece(std::string_view& s) {
  for (const PieceName& p : MOVE_PIECES)
    if (take(s, p.name)) return p.type;
  return std::nullopt;
}

// A count in kanji: 一..九, 十, 十一..十八.
int take_count(std::string_view& s) {
  int n = take(s, "十") ? 10 : 0;
  const int d = take_index(s, KANJI_DIGITS);
  return d >= 0 ? n + d + 1 : n ? n : 1;
}

// The hands of a board diagram: "歩三　角" or "なし".
bool read_hand(std::string_view s, Color c, uint8_t (&hands)[COLOR_NB][HAND_TYPE_NB]) {
  trim(s);
  if (s.empty() || s == "なし") return true;
  while (!s.empty()) {
    const auto pt = take_piece(s);
    if (!pt || *pt > GOLD) return false;
    hands[c][*pt] = uint8_t(hands[c][*pt] + take_count(s));
    trim(s);
  }
  return true;
}

class KifReader {
 public:
  explicit KifReader(Game variant) : variant_(variant) {}

  // An error ends the read (the start cannot be known).
  std::string add(std::string_view line, int number) {
    number_ = number;
    trim(line);
    if (done_ || line.empty() || line[0] == '#' || line[0] == '*' || line[0] == '&') return {};
    if (line.starts_with("変化")) return done_ = true, std::string();
    if (line.starts_with("まで")) return summary(line), std::string();
    if (line[0] >= '0' && line[0] <= '9') return move_line(line);
    if (line[0] == '|') return board_line(line);
    if (line.starts_with("+--") || line.starts_with("９ ８") || line.starts_with("手数--"))
      return {};
    if (line == "後手番" || line == "上手番") return white_to_move_ = true, std::string();
    if (line == "先手番" || line == "下手番") return {};
    const size_t colon = line.find(FULL_COLON);
    if (colon == std::string_view::npos) return {};  // a line of a format we do not need
    return header(line.substr(0, colon), line.substr(colon + FULL_COLON.size()));
  }

  Expected<TextGame> finish() {
    if (!started_) {
      if (const std::string e = start(); !e.empty()) return Expected<TextGame>::failure(e);
    }
    return game_;
  }

 private:
  std::string where() const { return "line " + std::to_string(number_) + ": "; }

  std::string header(std::string_view key, std::string_view value) {
    trim(value);
    if (key == "先手" || key == "下手") game_.players[0] = value;
    if (key == "後手" || key == "上手") game_.players[1] = value;
    if (key == "先手の持駒" || key == "下手の持駒" || key == "後手の持駒" || key == "上手の持駒") {
      const Color c = key == "先手の持駒" || key == "下手の持駒" ? BLACK : WHITE;
      if (!read_hand(value, c, hands_))
        return where() + "a hand that is not pieces and counts: '" + std::string(value) + "'";
    }
    if (key == "手合割") {
      if (value == "平手") return handicap_.clear(), std::string();
      for (const Handicap& h : HANDICAPS)
        if (value == h.kif) return handicap_ = h.sfen, std::string();
      if (value != "その他")
        return where() + "unknown handicap '" + std::string(value) + "' (known: 平手, 香落ち, " +
               "角落ち, 飛車落ち, 二枚落ち, ...; or a board diagram)";
    }
    return {};
  }

  // "| ・v銀 ・..." : nine cells of a side mark (' ' or 'v') and a piece or ・.
  std::string board_line(std::string_view line) {
    line.remove_prefix(1);
    if (rows_ >= 9) return where() + "a tenth board row";
    for (int file = 8; file >= 0; --file) {
      const bool white = take(line, "v");
      if (!white && !take(line, " ")) return where() + "a board cell that is not ' ' or 'v'";
      if (take(line, "・")) continue;
      const auto pt = take_piece(line);
      if (!pt) return where() + "a board cell that is not a piece";
      cells_[make_square(file, rows_)] = make_piece(white ? WHITE : BLACK, *pt);
    }
    ++rows_;
    diagram_ = true;
    return {};
  }

  // The position the moves start from: a diagram, a handicap or the even game.
  std::string start() {
    started_ = true;
    std::string sfen;
    if (diagram_) {
      if (rows_ != 9) return where() + "a board diagram of " + std::to_string(rows_) + " rows";
      sfen = sfen_of(cells_, hands_, white_to_move_ ? WHITE : BLACK);
    } else {
      sfen = handicap_.empty() ? std::string(Position::START_SFEN) : handicap_;
    }
    auto pos = Position::from_sfen(sfen, variant_);
    if (!pos) return where() + "the start position: " + pos.error();
    game_.start_sfen = pos->sfen();
    pos_ = *pos;
    return {};
  }

  // "   5 ５五角打   ( 0:01/00:00:03)", "  12 同　銀(31)", "  40 投了".
  std::string move_line(std::string_view line) {
    if (!started_)
      if (const std::string e = start(); !e.empty()) return e;
    size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    std::string_view text = line.substr(digits);
    while (text.ends_with("+")) text.remove_suffix(1);  // a move with variations
    trim(text);
    // The time, "( 0:01/00:00:01)", goes; the from-square "(77)" has no '/'.
    if (const size_t time = text.rfind('(');
        time != std::string_view::npos && text.find('/', time) != std::string_view::npos)
      text = text.substr(0, time);
    trim(text);
    if (!game_.fault.empty() || !game_.ending.empty()) return {};
    if (ending(text)) return {};
    const std::string usi = parse_move(text);
    if (usi.empty()) return {};  // the fault is set
    game_.moves.push_back(usi);
    pos_.do_move(*parse_usi_move(pos_, usi));
    return {};
  }

  // A move in KIF to USI, if it is legal here; else empty, with the fault.
  std::string parse_move(std::string_view text) {
    const std::string original(text);
    const auto fault = [&](const std::string& why) {
      game_.fault = where() + "move '" + original + "' " + why;
      return std::string();
    };
    Square to;
    if (take(text, "同")) {
      take(text, WIDE_SPACE);
      if (last_to_ == SQ_NONE) return fault("takes back on the square of no move");
      to = last_to_;
    } else {
      const int file = take_index(text, WIDE_DIGITS), rank = take_index(text, KANJI_DIGITS);
      if (file < 0 || rank < 0) return fault("has no square");
      to = make_square(file, rank);
    }
    const auto pt = take_piece(text);
    if (!pt) return fault("names no piece");
    Move m;
    if (take(text, "打")) {
      if (*pt > GOLD) return fault("drops a piece that is not in a hand");
      m = Move::drop(*pt, to);
    } else {
      const bool promote = !take(text, "不成") && take(text, "成");
      if (text.size() != 4 || text[0] != '(' || text[3] != ')' || text[1] < '1' || text[1] > '9' ||
          text[2] < '1' || text[2] > '9')
        return fault("has no from-square");
      const Square from = make_square(text[1] - '1', text[2] - '1');
      const Piece on = pos_.piece_on(from);
      if (!on || type_of(on) != *pt || color_of(on) != pos_.side_to_move())
        return fault("moves a piece that is not on " + std::string(text.substr(1, 2)));
      m = Move::normal(from, to, promote);
    }
    if (!pos_.is_legal(m)) return fault("is not legal in " + pos_.sfen());
    last_to_ = to;
    return to_usi(m);
  }

  // A special move: the game's ending, and its winner when the move says.
  bool ending(std::string_view text) {
    struct Special {
      std::string_view name;
      int winner;  // 0: the side to move wins, 1: the other, -1 a draw, -2 unknown
    };
    static constexpr Special SPECIALS[] = {
        {"投了", 1},     {"詰み", 1},     {"切れ負け", 1}, {"反則負け", 1}, {"不戦敗", 1},
        {"反則勝ち", 0}, {"入玉勝ち", 0}, {"不戦勝", 0},   {"千日手", -1},  {"持将棋", -1},
        {"中断", -2},    {"封じ手", -2},  {"不詰", -2}};
    for (const Special& s : SPECIALS)
      if (text == s.name) {
        game_.ending = s.name;
        const int us = pos_.side_to_move();
        game_.winner = s.winner == 0 ? us : s.winner == 1 ? 1 - us : s.winner;
        return true;
      }
    return false;
  }

  // "まで5手で先手の勝ち": the winner, when no special move said it.
  void summary(std::string_view line) {
    if (game_.winner != -2) return;
    if (line.ends_with("先手の勝ち") || line.ends_with("下手の勝ち")) game_.winner = 0;
    if (line.ends_with("後手の勝ち") || line.ends_with("上手の勝ち")) game_.winner = 1;
    if (line.ends_with("千日手") || line.ends_with("持将棋")) game_.winner = -1;
  }

  Game variant_;
  TextGame game_;
  Position pos_ = Position::startpos();
  bool started_ = false, done_ = false, diagram_ = false, white_to_move_ = false;
  int number_ = 0, rows_ = 0;
  std::string handicap_;
  std::array<Piece, SQ_NB> cells_{};
  uint8_t hands_[COLOR_NB][HAND_TYPE_NB] = {};
  Square last_to_ = SQ_NONE;
};

}  // namespace

Expected<TextGame> read_kif(std::string_view text, Game variant) {
  take(text, "\xEF\xBB\xBF");  // a byte-order mark
  KifReader reader(variant);
  int number = 0;
  bool moves = false;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    std::string_view probe = line;
    trim(probe);
    moves |= !probe.empty() && probe[0] >= '0' && probe[0] <= '9';
    if (const std::string e = reader.add(line, number); !e.empty())
      return Expected<TextGame>::failure(e);
  }
  if (!moves) return Expected<TextGame>::failure("no move line: not a KIF game record");
  return reader.finish();
}

Expected<std::string> kif_text(std::string_view bytes, bool kifu) {
  const std::string_view first = bytes.substr(0, bytes.find('\n'));
  if (kifu || bytes.starts_with("\xEF\xBB\xBF") ||
      first.find("encoding=UTF-8") != std::string_view::npos)
    return std::string(bytes);
  iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == iconv_t(-1)) return Expected<std::string>::failure("no cp932 converter (iconv)");
  std::string out(bytes.size() * 3 / 2 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  size_t in_left = bytes.size();
  char* at = out.data();
  size_t out_left = out.size();
  while (in_left > 0) {
    if (iconv(cd, &in, &in_left, &at, &out_left) != size_t(-1)) continue;
    if (errno == E2BIG) {
      const size_t used = size_t(at - out.data());
      out.resize(out.size() * 2);
      at = out.data() + used;
      out_left = out.size() - used;
      continue;
    }
    iconv_close(cd);
    return Expected<std::string>::failure("byte " + std::to_string(bytes.size() - in_left) +
                                          " is not cp932 (a .kif file is cp932 unless it says "
                                          "encoding=UTF-8; UTF-8 files are .kifu)");
  }
  iconv_close(cd);
  out.resize(size_t(at - out.data()));
  return out;
}

}  // namespace kishi::shogi
