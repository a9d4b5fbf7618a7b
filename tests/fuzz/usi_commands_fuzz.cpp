// Fuzz target for the USI command handler: the input is a session, a command
// a line (numbers at the extremes included, from the dictionary), played
// against the real engine with the built-in evaluator. Whatever the commands,
// the engine must neither crash nor hang, and the end of input must end it
// (the sanitizers watch the rest: overflow, races on its search thread's
// state, memory errors).
#include <cstdint>
#include <sstream>
#include <string>

#include "usi/usi_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The hash and thread counts are the machine's business, not the parser's:
  // a session asks for the smallest.
  std::string session = "setoption name USI_Hash value 1\nisready\n";
  std::string input(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(input);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("USI_Hash") != std::string::npos || line.find("Threads") != std::string::npos ||
        line.find("BatchSize") != std::string::npos || line.find("ModelFile") != std::string::npos)
      continue;
    session += line + "\n";
  }
  std::istringstream in(session);
  std::ostringstream out;
  kishi::usi::UsiProtocol engine(in, out, "shogi");
  engine.run();
  return 0;
}
