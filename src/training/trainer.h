// The trainer: batches from the window, policy cross-entropy against the
// search's targets and value cross-entropy against win/draw/loss, SGD with
// momentum or AdamW, checkpoints that resume exactly, models exported for
// self-play. The header keeps torch out of its callers.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/config.h"
#include "nn/precision.h"
#include "training/distributed.h"
#include "training/training_game.h"

namespace kishi::training {

struct TrainConfig {
  int batch_size = 256;
  int64_t window_positions = 200000;
  // Positions of fast searches (playout-cap randomization) have no policy
  // target but do have the game's result: they train the value head too
  // (value_only defaults to true here).
  ValueTargets value{.value_only = true};
  // Each sample is mirrored left-right at random, in games that allow it
  // (shogi's rules do not tell the files apart): twice the positions for the
  // same games.
  bool mirror = true;
  // The policy's softmax over the position's legal moves alone, as the search
  // takes its priors, rather than over every entry of the policy.
  bool legal_policy = false;
  // In a data-parallel training: batch norms over the whole batch of all the
  // ranks (N ranks then train exactly as one process of N times the batch, at
  // two all-reduces a batch norm a step), or over each rank's share.
  bool sync_batch_norm = false;
  std::string optimizer = "sgd";  // "sgd" or "adamw"
  double learning_rate = 0.02;
  double momentum = 0.9;
  double weight_decay = 1e-4;
  int64_t lr_decay_steps = 0;      // every this many steps (0: never)...
  double lr_decay_factor = 0.5;    // ...the learning rate is multiplied by this
  int64_t steps_per_export = 200;  // a model for self-play every this many steps
  // Above 0: exported models (and the held-out test) are an exponential moving
  // average of the weights, each step moving it by (1 - ema_decay) towards
  // them; it smooths the last steps' noise out of what self-play plays.
  double ema_decay = 0;
  std::string device = "cpu";
  int threads = 0;
  // Of the forward and backward passes: fp16 autocast scales the loss
  // (training/loss_scaler.h), bf16 needs no scaling.
  nn::Precision precision = nn::Precision::FP32;

  static TrainConfig from(const Config& train_table, const Config& network_table);
};

struct StepMetrics {
  int64_t step;
  double policy_loss, value_loss, learning_rate, samples_per_second;
  int64_t window_positions;
  int window_chunks = 0;  // chunk files read into the window
};

// The network against positions it does not train on (another run's chunks):
// how often its most likely move is the target's most likely one (over all of
// the policy's entries, and over the legal moves alone, as a search sees its
// priors), and the two losses as the training measures them.
struct TestMetrics {
  int64_t positions = 0;         // all of the test run's positions
  int64_t policy_positions = 0;  // those with a policy target
  double policy_top1 = 0, policy_top1_legal = 0, policy_loss = 0, value_loss = 0;
};

class Trainer {
 public:
  // Resumes RUN/train/state.ckpt when it exists, else starts from the newest
  // model; either must be a network for the game's encoding. With a process
  // group, one of its ranks: each trains on its share (config.batch_size) of
  // every batch of batch_size * ranks samples drawn alike by all, gradients
  // and batch statistics summed over the ranks; rank 0 alone writes.
  Trainer(const std::string& run_dir, std::unique_ptr<TrainingGame> game, const TrainConfig& config,
          const std::optional<ProcessGroupSettings>& group = {});
  ~Trainer();
  // Trains `steps` steps on a fresh window; appends metrics to RUN/metrics.jsonl.
  // `on_progress` sees the metrics of the steps since its last call each time a
  // model is exported (every steps_per_export steps) and at least once a
  // minute between: a long job's progress.
  StepMetrics train(int64_t steps,
                    const std::function<void(const StepMetrics&)>& on_progress = nullptr);
  int64_t step() const;
  // In a process group: rank 0's `go` for every rank (whether all train once
  // more), waiting as long as rank 0 plays and evaluates between its calls.
  bool agree(bool go);
  // The current network on every position of test_run_dir's chunks, with the
  // value targets of this training (no mirroring, batch norms in eval mode).
  TestMetrics test(const std::string& test_run_dir);
  // Writes the current network to RUN/models for self-play (no-op if that step
  // is there, or on a rank other than 0).
  void export_model();
  // Samples/s of `steps` forward+backward+update steps on random tensors of the
  // trainer's batch: the bound that data preparation eats into.
  double bare_samples_per_second(int64_t steps);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kishi::training
