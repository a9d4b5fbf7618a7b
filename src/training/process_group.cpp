#include "training/process_group.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

namespace kishi::training {

namespace {

std::string first_line(const std::exception& e) {
  const auto* c10_error = dynamic_cast<const c10::Error*>(&e);
  std::string text = c10_error ? c10_error->what_without_backtrace() : e.what();
  if (const size_t end = text.find('\n'); end != std::string::npos) text.resize(end);
  return text;
}

// The network device Gloo binds: GLOO_SOCKET_IFNAME's interface where set
// (hosts with several), loopback for a one-host group, else the address this
// host's name resolves to.
std::shared_ptr<gloo::transport::Device> gloo_device(const ProcessGroupSettings& s) {
  if (const char* interface = std::getenv("GLOO_SOCKET_IFNAME"); interface && *interface)
    return c10d::ProcessGroupGloo::createDeviceForInterface(interface);
  if (s.master_addr == "127.0.0.1" || s.master_addr == "localhost")
    return c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
  return c10d::ProcessGroupGloo::createDefaultDevice();
}

}  // namespace

struct ProcessGroup::Impl {
  c10::intrusive_ptr<c10d::Store> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
  std::chrono::milliseconds timeout;

  template <class F>
  void run(const ProcessGroupSettings& s, const char* what, F&& f) {
    try {
      f();
    } catch (const std::exception& e) {
      throw std::runtime_error(
          s.who() + ": the " + what + " failed (" + first_line(e) +
          "): a peer died, stalled past the timeout of " + std::to_string(int(s.timeout_seconds)) +
          " s or left; stop every rank and start them again: they resume from the run's "
          "train/state.ckpt");
    }
  }
};

ProcessGroup::ProcessGroup(const ProcessGroupSettings& s)
    : settings_(s), impl_(std::make_unique<Impl>()) {
  impl_->timeout = std::chrono::milliseconds(int64_t(s.timeout_seconds * 1000));
  try {
    c10d::TCPStoreOptions store;
    store.port = uint16_t(s.master_port);
    store.isServer = s.rank == 0;
    store.numWorkers = size_t(s.size);
    store.timeout = impl_->timeout;
    impl_->store = c10::make_intrusive<c10d::TCPStore>(s.master_addr, store);
    auto options = c10d::ProcessGroupGloo::Options::create(impl_->timeout);
    options->devices.push_back(gloo_device(s));
    impl_->group =
        c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, s.rank, s.size, options);
  } catch (const std::exception& e) {
    throw std::runtime_error(s.who() + ": no rendezvous with the others at " + s.master_addr + ":" +
                             std::to_string(s.master_port) + " within " +
                             std::to_string(int(s.timeout_seconds)) + " s (" + first_line(e) +
                             "); check MASTER_ADDR, MASTER_PORT and WORLD_SIZE, and that every "
                             "rank was started");
  }
}

ProcessGroup::~ProcessGroup() = default;

void ProcessGroup::sum(torch::Tensor& t) {
  if (!t.is_cpu()) {  // Gloo reduces host memory: a GPU tensor goes through a copy
    auto host = t.cpu();
    sum(host);
    t.copy_(host);
    return;
  }
  impl_->run(settings_, "all-reduce", [&] {
    std::vector<at::Tensor> tensors{t};
    c10d::AllreduceOptions options;
    options.timeout = impl_->timeout;
    impl_->group->allreduce(tensors, options)->wait(impl_->timeout);
  });
}

void ProcessGroup::broadcast(torch::Tensor& t, double timeout_seconds) {
  if (!t.is_cpu()) {
    auto host = t.cpu();
    broadcast(host, timeout_seconds);
    t.copy_(host);
    return;
  }
  const auto timeout = timeout_seconds > 0
                           ? std::chrono::milliseconds(int64_t(timeout_seconds * 1000))
                           : impl_->timeout;
  impl_->run(settings_, "broadcast", [&] {
    std::vector<at::Tensor> tensors{t};
    c10d::BroadcastOptions options;
    options.timeout = timeout;
    impl_->group->broadcast(tensors, options)->wait(timeout);
  });
}

std::string ProcessGroup::broadcast(const std::string& text) {
  auto length = torch::tensor({int64_t(text.size())}, torch::kInt64);
  broadcast(length);
  if (length.item<int64_t>() == 0) return {};
  auto bytes = torch::zeros({length.item<int64_t>()}, torch::kUInt8);
  if (rank() == 0) std::memcpy(bytes.data_ptr(), text.data(), text.size());
  broadcast(bytes);
  return std::string(static_cast<const char*>(bytes.data_ptr()), size_t(bytes.numel()));
}

}  // namespace kishi::training
