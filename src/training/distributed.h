// The processes of a data-parallel training, described the way torchrun,
// Slurm (srun with RANK=$SLURM_PROCID) or mpirun describe them: WORLD_SIZE
// processes, this one RANK, rendezvous at MASTER_ADDR:MASTER_PORT. No torch:
// commands read the settings, the trainer makes the process group.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace kishi::training {

struct ProcessGroupSettings {
  int rank = 0, size = 1;
  int local_rank = 0;  // the process's index on its host (its GPU)
  std::string master_addr = "127.0.0.1";
  int master_port = 29500;
  // The longest wait for a peer, at the rendezvous and in every collective.
  double timeout_seconds = 60;
  // The longest wait of a rank for rank 0 between two training calls of a
  // loop (rank 0 plays, evaluates or waits for games meanwhile).
  double between_calls_seconds = 7 * 24 * 3600;
  std::string who() const;  // "training rank 1 of 2"
};

// From the environment (or `get`, for tests): nullopt where WORLD_SIZE is unset
// or 1. A variable that is missing or not a number throws std::invalid_argument
// naming it and saying what it must be.
std::optional<ProcessGroupSettings> process_group_from_environment(
    const std::function<const char*(const char*)>& get = {});

}  // namespace kishi::training
