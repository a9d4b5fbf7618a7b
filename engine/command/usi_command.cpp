// kishi usi: the engine for shogi GUIs and match tools, on stdin/stdout.
#include <iostream>

#include "engine/command/commands.h"
#include "engine/usi/usi_engine.h"

namespace kishi::command {

int usi(int, char**) {
  usi::UsiEngine engine(std::cin, std::cout);
  return engine.run();
}

}  // namespace kishi::command
