// The games on a server: each a Table, found by its id; the least recently
// used unwatched one dropped when a new one would pass the bound. With a
// store, every game is kept on disk, and one asked for that is not held (the
// server restarted, or it was dropped) is read back.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "common/expected.h"
#include "serve/access.h"
#include "serve/table.h"

namespace kishi::serve {

class Tables {
 public:
  Tables(int max_games, EngineOptions engine, std::shared_ptr<const GameStore> store)
      : max_games_(max_games), engine_(std::move(engine)), store_(std::move(store)) {}

  Expected<std::shared_ptr<Table>> create(const TableOptions& options) {
    return add([&] { return Table::create(random_hex(16), options, engine_, store_); });
  }
  // The game `id`: null when there is none, an error when its file is damaged.
  Expected<std::shared_ptr<Table>> find(const std::string& id) {
    if (auto held = held_table(id); held || !store_) return held;
    std::lock_guard restoring(restore_mutex_);  // one restore at a time: never two tables of an id
    if (auto held = held_table(id)) return held;
    const auto saved = store_->load(id);
    if (!saved) return Expected<std::shared_ptr<Table>>::failure(saved.error());
    if (!*saved) return std::shared_ptr<Table>();
    return add([&] { return Table::restore(id, **saved, engine_, store_); });
  }
  void wake_all() {
    std::lock_guard lock(mutex_);
    for (auto& [id, t] : tables_) t->wake();
  }
  void clear() {
    std::map<std::string, std::shared_ptr<Table>> gone;
    std::lock_guard lock(mutex_);
    gone.swap(tables_);
  }

 private:
  // Adds the table `make` makes, when the bound allows.
  template <class Make>
  Expected<std::shared_ptr<Table>> add(const Make& make) {
    std::shared_ptr<Table> dropped;  // destroyed (its engine stopped) after the lock
    {
      std::lock_guard lock(mutex_);
      if (int(tables_.size()) + pending_ >= max_games_ && !(dropped = take_oldest_unwatched()))
        return Expected<std::shared_ptr<Table>>::failure(
            "too many games open (" + std::to_string(max_games_) +
            "): close a page, or start kishi serve with a larger --max-games");
      ++pending_;  // the place is held while the engine is built
    }
    dropped.reset();
    auto table = make();
    std::lock_guard lock(mutex_);
    --pending_;
    if (table) tables_[(*table)->id()] = *table;
    return table;
  }
  std::shared_ptr<Table> held_table(const std::string& id) {
    std::lock_guard lock(mutex_);
    const auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second;
  }
  std::shared_ptr<Table> take_oldest_unwatched() {
    auto oldest = tables_.end();
    for (auto it = tables_.begin(); it != tables_.end(); ++it)
      if (!it->second->watched() &&
          (oldest == tables_.end() || it->second->last_used() < oldest->second->last_used()))
        oldest = it;
    if (oldest == tables_.end()) return nullptr;
    std::shared_ptr<Table> taken = std::move(oldest->second);
    tables_.erase(oldest);
    return taken;
  }

  const int max_games_;
  const EngineOptions engine_;
  const std::shared_ptr<const GameStore> store_;  // null: games are not kept
  int pending_ = 0;  // games being built
  std::mutex mutex_, restore_mutex_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
};

}  // namespace kishi::serve
