// jaxlib.distributed._gloo: the real Gloo library's TCP collectives, bound
// with pybind11.
//
// Rendezvous goes through the coordination service: a gloo::rendezvous::Store
// whose set/get call back into Python (the DistributedRuntimeClient's
// key-value store), holding the GIL only for those calls. Every collective
// releases the GIL while Gloo moves data, so other Python threads (the
// coordination heartbeats among them) keep running.
//
// The Python side (gloo_collectives.py) checks arguments, allocates outputs
// and makes every participant agree on dtype and shape before calling in here;
// this file only moves contiguous buffers.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <complex>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "gloo/allgather.h"
#include "gloo/allreduce.h"
#include "gloo/alltoall.h"
#include "gloo/barrier.h"
#include "gloo/broadcast.h"
#include "gloo/common/error.h"
#include "gloo/rendezvous/context.h"
#include "gloo/rendezvous/prefix_store.h"
#include "gloo/rendezvous/store.h"
#include "gloo/transport/tcp/device.h"
#include "gloo/types.h"

namespace py = pybind11;

namespace {

// A Gloo store over Python callables: set(key: str, value: bytes) and
// get(key: str, timeout_ms: int) -> bytes (blocking until the key exists).
class PythonStore : public gloo::rendezvous::Store {
 public:
  PythonStore(py::object set, py::object get, std::chrono::milliseconds timeout)
      : set_(std::move(set)), get_(std::move(get)), timeout_(timeout) {}

  void set(const std::string& key, const std::vector<char>& data) override {
    py::gil_scoped_acquire gil;
    Call([&] { set_(key, py::bytes(data.data(), data.size())); });
  }

  std::vector<char> get(const std::string& key) override {
    py::gil_scoped_acquire gil;
    std::string value;
    Call([&] { value = get_(key, timeout_.count()).cast<std::string>(); });
    return std::vector<char>(value.begin(), value.end());
  }

  void wait(const std::vector<std::string>& keys) override { wait(keys, timeout_); }

  void wait(const std::vector<std::string>& keys,
            const std::chrono::milliseconds& timeout) override {
    py::gil_scoped_acquire gil;
    for (const auto& key : keys) Call([&] { get_(key, timeout.count()); });
  }

 private:
  // Python errors must not unwind through Gloo as Python objects (their
  // destructors need the GIL): carry only the message.
  template <typename F>
  static void Call(F&& f) {
    try {
      f();
    } catch (py::error_already_set& err) {
      throw std::runtime_error(std::string("rendezvous through the coordination service failed: ") +
                               err.what());
    }
  }

  py::object set_, get_;
  std::chrono::milliseconds timeout_;
};

// Element-wise reductions. Half floats are computed in float; bool follows
// XLA's PRED (sum is or, prod is and).
enum class ReduceOp { kSum, kProd, kMin, kMax };

ReduceOp ParseOp(const std::string& op) {
  if (op == "sum") return ReduceOp::kSum;
  if (op == "prod") return ReduceOp::kProd;
  if (op == "min") return ReduceOp::kMin;
  if (op == "max") return ReduceOp::kMax;
  throw std::invalid_argument("unknown reduction '" + op + "' (expected sum, prod, min or max)");
}

template <typename T>
struct Arithmetic {
  using type = T;
  static T load(T v) { return v; }
  static T store(T v) { return v; }
};
template <>
struct Arithmetic<gloo::float16> {
  using type = float;
  static float load(gloo::float16 v) { return gloo::cpu_half2float(v); }
  static gloo::float16 store(float v) { return gloo::cpu_float2half_rn(v); }
};

template <typename T, ReduceOp kOp>
void Reduce(void* out, const void* a, const void* b, size_t n) {
  using A = Arithmetic<T>;
  using C = typename A::type;
  auto* o = static_cast<T*>(out);
  const auto* x = static_cast<const T*>(a);
  const auto* y = static_cast<const T*>(b);
  for (size_t i = 0; i < n; ++i) {
    C u = A::load(x[i]), v = A::load(y[i]), r;
    if constexpr (kOp == ReduceOp::kSum) {
      if constexpr (std::is_same_v<C, bool>) r = u || v; else r = u + v;
    } else if constexpr (kOp == ReduceOp::kProd) {
      if constexpr (std::is_same_v<C, bool>) r = u && v; else r = u * v;
    } else if constexpr (kOp == ReduceOp::kMin) {
      r = v < u ? v : u;
    } else {
      r = u < v ? v : u;
    }
    o[i] = A::store(r);
  }
}

template <typename T>
gloo::AllreduceOptions::Func ReduceFunction(ReduceOp op) {
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    if (op == ReduceOp::kMin || op == ReduceOp::kMax)
      throw std::invalid_argument("min and max are not defined for complex numbers");
  } else {
    if (op == ReduceOp::kMin) return &Reduce<T, ReduceOp::kMin>;
    if (op == ReduceOp::kMax) return &Reduce<T, ReduceOp::kMax>;
  }
  if (op == ReduceOp::kSum) return &Reduce<T, ReduceOp::kSum>;
  return &Reduce<T, ReduceOp::kProd>;
}

template <typename T>
void RunAllreduce(const std::shared_ptr<gloo::Context>& context, void* data, size_t elements,
                  ReduceOp op, std::chrono::milliseconds timeout) {
  gloo::AllreduceOptions opts(context);
  opts.setOutput(static_cast<T*>(data), elements);
  opts.setReduceFunction(ReduceFunction<T>(op));
  opts.setTimeout(timeout);
  py::gil_scoped_release release;
  gloo::allreduce(opts);
}

void* Data(py::array& array) {
  if (!(array.flags() & py::array::c_style) || !array.writeable())
    throw std::invalid_argument("expected a writable C-contiguous array");
  return array.mutable_data();
}

const void* Data(const py::array& array) {
  if (!(array.flags() & py::array::c_style))
    throw std::invalid_argument("expected a C-contiguous array");
  return array.data();
}

// One Gloo context: `size` processes connected in a full mesh over TCP.
class Context {
 public:
  Context(int rank, int size, const std::string& prefix, py::object set, py::object get,
          const std::string& hostname, const std::string& interface, int64_t timeout_ms)
      : timeout_(timeout_ms) {
    gloo::transport::tcp::attr attr;
    attr.hostname = hostname;
    attr.iface = interface;
    auto device = Guard("creating the TCP device", [&] {
      return gloo::transport::tcp::CreateDevice(attr);
    });
    auto context = std::make_shared<gloo::rendezvous::Context>(rank, size);
    context->setTimeout(timeout_);
    PythonStore python_store(std::move(set), std::move(get), timeout_);
    gloo::rendezvous::PrefixStore store(prefix, python_store);
    {
      py::gil_scoped_release release;
      Guard("connecting to the other processes", [&] {
        context->connectFullMesh(store, device);
        return 0;
      });
    }
    context_ = context;
  }

  int rank() const { return context_->rank; }
  int size() const { return context_->size; }

  void AllReduce(py::array& inout, const std::string& op_name) {
    ReduceOp op = ParseOp(op_name);
    void* data = Data(inout);
    size_t n = inout.size();
    const auto& dtype = inout.dtype();
    char kind = dtype.kind();
    size_t bytes = dtype.itemsize();
    Guard("all_reduce", [&] {
      if (kind == 'f' && bytes == 2) RunAllreduce<gloo::float16>(context_, data, n, op, timeout_);
      else if (kind == 'f' && bytes == 4) RunAllreduce<float>(context_, data, n, op, timeout_);
      else if (kind == 'f' && bytes == 8) RunAllreduce<double>(context_, data, n, op, timeout_);
      else if (kind == 'i' && bytes == 1) RunAllreduce<int8_t>(context_, data, n, op, timeout_);
      else if (kind == 'i' && bytes == 2) RunAllreduce<int16_t>(context_, data, n, op, timeout_);
      else if (kind == 'i' && bytes == 4) RunAllreduce<int32_t>(context_, data, n, op, timeout_);
      else if (kind == 'i' && bytes == 8) RunAllreduce<int64_t>(context_, data, n, op, timeout_);
      else if (kind == 'u' && bytes == 1) RunAllreduce<uint8_t>(context_, data, n, op, timeout_);
      else if (kind == 'u' && bytes == 2) RunAllreduce<uint16_t>(context_, data, n, op, timeout_);
      else if (kind == 'u' && bytes == 4) RunAllreduce<uint32_t>(context_, data, n, op, timeout_);
      else if (kind == 'u' && bytes == 8) RunAllreduce<uint64_t>(context_, data, n, op, timeout_);
      else if (kind == 'b' && bytes == 1) RunAllreduce<bool>(context_, data, n, op, timeout_);
      else if (kind == 'c' && bytes == 8) RunAllreduce<std::complex<float>>(context_, data, n, op, timeout_);
      else if (kind == 'c' && bytes == 16) RunAllreduce<std::complex<double>>(context_, data, n, op, timeout_);
      else throw std::invalid_argument(std::string("all_reduce does not support dtype kind '") +
                                       kind + "' of " + std::to_string(bytes) + " bytes");
      return 0;
    });
  }

  // Byte-level collectives: the Python side sized `out` for every process.
  void AllGather(const py::array& in, py::array& out) {
    const void* src = Data(in);
    void* dst = Data(out);
    Guard("all_gather", [&] {
      gloo::AllgatherOptions opts(context_);
      opts.setInput(const_cast<char*>(static_cast<const char*>(src)), in.nbytes());
      opts.setOutput(static_cast<char*>(dst), out.nbytes());
      opts.setTimeout(timeout_);
      py::gil_scoped_release release;
      gloo::allgather(opts);
      return 0;
    });
  }

  void AllToAll(const py::array& in, py::array& out) {
    const void* src = Data(in);
    void* dst = Data(out);
    Guard("all_to_all", [&] {
      gloo::AlltoallOptions opts(context_);
      opts.setInput(const_cast<char*>(static_cast<const char*>(src)), in.nbytes());
      opts.setOutput(static_cast<char*>(dst), out.nbytes());
      opts.setTimeout(timeout_);
      py::gil_scoped_release release;
      gloo::alltoall(opts);
      return 0;
    });
  }

  void Broadcast(py::array& inout, int root) {
    void* data = Data(inout);
    Guard("broadcast", [&] {
      gloo::BroadcastOptions opts(context_);
      opts.setOutput(static_cast<char*>(data), inout.nbytes());
      opts.setRoot(root);
      opts.setTimeout(timeout_);
      py::gil_scoped_release release;
      gloo::broadcast(opts);
      return 0;
    });
  }

  void Barrier() {
    Guard("barrier", [&] {
      gloo::BarrierOptions opts(context_);
      opts.setTimeout(timeout_);
      py::gil_scoped_release release;
      gloo::barrier(opts);
      return 0;
    });
  }

 private:
  // Gloo's exceptions become messages that start with a status code, which
  // the Python side turns into XlaRuntimeError.
  template <typename F>
  static auto Guard(const char* what, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const gloo::IoException& err) {
      std::string message = err.what();
      bool timed_out = message.find("Timed out") != std::string::npos ||
                       message.find("timed out") != std::string::npos;
      throw std::runtime_error(std::string(timed_out ? "DEADLINE_EXCEEDED" : "UNAVAILABLE") +
                               ": Gloo " + what + " failed: " + message);
    } catch (const gloo::Exception& err) {
      throw std::runtime_error(std::string("INTERNAL: Gloo ") + what + " failed: " + err.what());
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::runtime_error& err) {
      throw std::runtime_error(std::string("UNAVAILABLE: Gloo ") + what + " failed: " + err.what());
    }
  }

  std::chrono::milliseconds timeout_;
  std::shared_ptr<gloo::rendezvous::Context> context_;
};

}  // namespace

PYBIND11_MODULE(_gloo, m) {
  m.doc() = "Gloo TCP collectives (the real Gloo library) for jaxlib.distributed";
  py::class_<Context>(m, "Context")
      .def(py::init<int, int, const std::string&, py::object, py::object, const std::string&,
                    const std::string&, int64_t>(),
           py::arg("rank"), py::arg("size"), py::arg("prefix"), py::arg("store_set"),
           py::arg("store_get"), py::arg("hostname"), py::arg("interface"),
           py::arg("timeout_ms"))
      .def_property_readonly("rank", &Context::rank)
      .def_property_readonly("size", &Context::size)
      .def("all_reduce", &Context::AllReduce, py::arg("inout"), py::arg("op"))
      .def("all_gather", &Context::AllGather, py::arg("input"), py::arg("output"))
      .def("all_to_all", &Context::AllToAll, py::arg("input"), py::arg("output"))
      .def("broadcast", &Context::Broadcast, py::arg("inout"), py::arg("root"))
      .def("barrier", &Context::Barrier);
}
