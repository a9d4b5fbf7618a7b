// Names that tell this process apart from every other writer of a run
// directory, on any host that shares it: the host's name, the process id, and
// a random tag (a container restarted with the same host name gets pid 1 again).
#pragma once

#include <string>

namespace kishi {

// The host's name, its characters outside [A-Za-z0-9._] written '_'.
const std::string& host_name();
// "HOST-PID-TAG", TAG eight hex digits drawn once per process.
const std::string& process_name();

}  // namespace kishi
