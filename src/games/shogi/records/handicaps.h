// The usual handicaps (駒落ち): 上手 (White) plays without the pieces named and
// moves first, 下手 (Black) has the full set. The names are kishi serve's menu
// and API; the KIF names are the 手合割 of Kakinoki's records.
#pragma once

#include <array>
#include <string_view>

#include "game/game_info.h"

namespace kishi::shogi {

struct Handicap {
  std::string_view name;     // "lance": POST /api/games {"handicap": ...}
  std::string_view english;  // "lance", for people
  std::string_view kif;      // "香落ち": KIF's 手合割
  std::string_view sfen;
};

inline constexpr Handicap HANDICAPS[] = {
    {"lance", "lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"right-lance", "right lance", "右香落ち",
     "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"bishop", "bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"rook", "rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"rook-lance", "rook and lance", "飛香落ち",
     "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"two", "two pieces", "二枚落ち",
     "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"four", "four pieces", "四枚落ち",
     "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"six", "six pieces", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"eight", "eight pieces", "八枚落ち",
     "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"ten", "ten pieces", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

// The handicap that starts at `sfen`; null when none does.
constexpr const Handicap* handicap_of(std::string_view sfen) {
  for (const Handicap& h : HANDICAPS)
    if (h.sfen == sfen) return &h;
  return nullptr;
}

// The handicaps as the registry's named starts (GameInfo::handicaps).
inline constexpr auto HANDICAP_STARTS = [] {
  std::array<game::NamedStart, std::size(HANDICAPS)> starts{};
  for (size_t i = 0; i < starts.size(); ++i)
    starts[i] = {HANDICAPS[i].name, HANDICAPS[i].english, HANDICAPS[i].sfen};
  return starts;
}();

}  // namespace kishi::shogi
