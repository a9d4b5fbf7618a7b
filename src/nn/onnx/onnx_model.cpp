#include "nn/onnx/onnx_model.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <bit>
#include <stdexcept>

namespace kishi::nn {

static_assert(std::endian::native == std::endian::little,
              "ONNX's raw_data is little-endian; this writer copies floats as they lie");

namespace {

void fill_tensor(onnx::TensorProto& t, const std::string& name, std::span<const int64_t> dims,
                 std::span<const float> values) {
  t.set_name(name);
  t.set_data_type(onnx::TensorProto::FLOAT);
  for (const int64_t d : dims) t.add_dims(d);
  t.set_raw_data(values.data(), values.size_bytes());
}

void set_float_shape(onnx::ValueInfoProto& v, const std::string& name,
                     const std::vector<int64_t>& dims) {
  v.set_name(name);
  auto* tensor = v.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::FLOAT);
  auto* shape = tensor->mutable_shape();
  shape->add_dim()->set_dim_param("batch");
  for (const int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

// Appends nodes to a graph, naming each value by the layer that made it.
class GraphWriter {
 public:
  explicit GraphWriter(onnx::GraphProto& graph) : graph_(graph) {}

  std::string conv(const std::string& x, const ConvWeights& w, const std::string& name) {
    const std::vector<int64_t> dims{w.out, w.in, w.kernel, w.kernel};
    const std::vector<int64_t> bias_dims{w.out};
    fill_tensor(*graph_.add_initializer(), name + ".weight", dims, w.weight);
    fill_tensor(*graph_.add_initializer(), name + ".bias", bias_dims, w.bias);
    auto& n = node("Conv", {x, name + ".weight", name + ".bias"}, name);
    const int64_t pad = w.kernel / 2;
    ints(n, "kernel_shape", {w.kernel, w.kernel});
    ints(n, "pads", {pad, pad, pad, pad});
    return name;
  }
  // A fully connected layer on a [batch, in] tensor.
  std::string gemm(const std::string& x, const LinearWeights& w, const std::string& name) {
    linear_initializers(w, name, {w.out, w.in});
    auto& n = node("Gemm", {x, name + ".weight", name + ".bias"}, name);
    auto* trans_b = n.add_attribute();
    trans_b->set_name("transB");
    trans_b->set_type(onnx::AttributeProto::INT);
    trans_b->set_i(1);
    return name;
  }
  // A fully connected layer on pooled [batch, in, 1, 1] maps, as a 1x1 convolution.
  std::string conv_1x1(const std::string& x, const LinearWeights& w, const std::string& name) {
    linear_initializers(w, name, {w.out, w.in, 1, 1});
    node("Conv", {x, name + ".weight", name + ".bias"}, name);
    return name;
  }
  std::string op(const char* type, std::vector<std::string> inputs, const std::string& name) {
    node(type, std::move(inputs), name);
    return name;
  }
  std::string flatten(const std::string& x, const std::string& name) {
    auto& n = node("Flatten", {x}, name);
    auto* axis = n.add_attribute();
    axis->set_name("axis");
    axis->set_type(onnx::AttributeProto::INT);
    axis->set_i(1);
    return name;
  }

 private:
  onnx::NodeProto& node(const char* type, std::vector<std::string> inputs,
                        const std::string& name) {
    auto* n = graph_.add_node();
    n->set_op_type(type);
    n->set_name(name);
    for (const auto& in : inputs) n->add_input(in);
    n->add_output(name);
    return *n;
  }
  static void ints(onnx::NodeProto& n, const char* name, std::initializer_list<int64_t> values) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (const int64_t v : values) a->add_ints(v);
  }
  void linear_initializers(const LinearWeights& w, const std::string& name,
                           const std::vector<int64_t>& dims) {
    const std::vector<int64_t> bias_dims{w.out};
    fill_tensor(*graph_.add_initializer(), name + ".weight", dims, w.weight);
    fill_tensor(*graph_.add_initializer(), name + ".bias", bias_dims, w.bias);
  }

  onnx::GraphProto& graph_;
};

void add_metadata(onnx::ModelProto& model, const char* key, const std::string& value) {
  auto* p = model.add_metadata_props();
  p->set_key(key);
  p->set_value(value);
}

}  // namespace

std::string onnx_model(const NetworkWeights& w, const OnnxModelInfo& info) {
  onnx::ModelProto model;
  model.set_ir_version(7);  // the IR of opset 13: the widest set of runtimes reads it
  model.set_producer_name("kishi");
  model.set_domain("kishi");
  model.set_doc_string(
      "kishi policy/value network. Input: the encoding's planes. Outputs: policy logits, index "
      "plane*height*width + square; value logits: win, draw, loss for the side to move.");
  auto* opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(ONNX_OPSET);
  add_metadata(model, "kishi.game", info.game);
  add_metadata(model, "kishi.encoding", info.encoding);
  add_metadata(model, "kishi.model", w.config.describe());
  add_metadata(model, "kishi.step", std::to_string(info.step));

  const game::EncodingShape& s = w.shape;
  auto& graph = *model.mutable_graph();
  graph.set_name(info.game + " " + w.config.describe());
  set_float_shape(*graph.add_input(), ONNX_INPUT, {s.planes, s.height, s.width});
  set_float_shape(*graph.add_output(), ONNX_POLICY,
                  {int64_t(s.policy_planes) * s.height * s.width});
  set_float_shape(*graph.add_output(), ONNX_VALUE, {3});

  GraphWriter g(graph);
  std::string x = g.op("Relu", {g.conv(ONNX_INPUT, w.stem, "stem")}, "stem.relu");
  for (size_t i = 0; i < w.tower.size(); ++i) {
    const BlockWeights& b = w.tower[i];
    const std::string name = "block" + std::to_string(i);
    std::string y = g.op("Relu", {g.conv(x, b.conv1, name + ".conv1")}, name + ".relu1");
    y = g.conv(y, b.conv2, name + ".conv2");
    if (b.se_reduce) {
      std::string gate = g.op("GlobalAveragePool", {y}, name + ".se_pool");
      gate = g.op("Relu", {g.conv_1x1(gate, *b.se_reduce, name + ".se_reduce")}, name + ".se_relu");
      gate =
          g.op("Sigmoid", {g.conv_1x1(gate, *b.se_expand, name + ".se_expand")}, name + ".se_gate");
      y = g.op("Mul", {y, gate}, name + ".se_scaled");
    }
    x = g.op("Relu", {g.op("Add", {x, y}, name + ".add")}, name + ".out");
  }
  std::string p = g.op("Relu", {g.conv(x, w.policy_conv, "policy_conv")}, "policy_relu");
  g.conv(p, w.policy_out, "policy_out");
  g.flatten("policy_out", ONNX_POLICY);
  std::string v = g.op("Relu", {g.conv(x, w.value_conv, "value_conv")}, "value_relu");
  v = g.op("Relu", {g.gemm(g.flatten(v, "value_flat"), w.value_hidden, "value_hidden")},
           "value_hidden_relu");
  g.gemm(v, w.value_out, ONNX_VALUE);

  try {
    onnx::checker::check_model(model);
    onnx::ModelProto inferred = model;  // strict: a declared shape the graph contradicts throws
    onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(),
                                       onnx::ShapeInferenceOptions(true, 1));
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("the ONNX checker refuses the model: ") + e.what());
  }
  std::string bytes;
  if (!model.SerializeToString(&bytes)) throw std::runtime_error("cannot serialize the ONNX model");
  return bytes;
}

void check_onnx_file(const std::string& path) {
  try {
    onnx::checker::check_model(path);
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": the ONNX checker refuses it: " + e.what());
  }
}

std::string onnx_tensor(const std::string& name, std::span<const int64_t> dims,
                        std::span<const float> values) {
  onnx::TensorProto t;
  fill_tensor(t, name, dims, values);
  return t.SerializeAsString();
}

}  // namespace kishi::nn
