#include "nn/onednn/onednn_network.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <oneapi/dnnl/dnnl.hpp>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace kishi::nn {

namespace {

using dnnl::memory;
using dt = memory::data_type;
using tag = memory::format_tag;
using Args = std::unordered_map<int, memory>;

constexpr int POST_OP_0 = DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1;

dnnl::primitive_attr with_post_ops(const dnnl::post_ops& ops) {
  dnnl::primitive_attr attr;
  attr.set_post_ops(ops);
  return attr;
}

dnnl::post_ops eltwise(dnnl::algorithm algorithm) {
  dnnl::post_ops ops;
  ops.append_eltwise(1.f, algorithm, 0.f, 0.f);
  return ops;
}

}  // namespace

struct OneDnnNetwork::Impl {
  NetworkWeights w;
  Precision precision;
  int threads;
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dt act;  // the tower's activations: f32 or bf16

  // int8: the scale that maps each convolution's source (all of them after a
  // ReLU, or the input planes) onto 0..255, in the plan's order.
  std::vector<float> source_scales;

  // The primitives of one batch size, in order, with their arguments.
  struct Plan {
    std::vector<std::pair<dnnl::primitive, Args>> steps;
    memory input;   // [batch][planes][h][w] f32, the caller's buffer
    memory policy;  // [batch][policy planes][h][w] f32
    memory value;   // [batch][3] f32
    // Each convolution's step and source, for the calibration of int8.
    std::vector<std::pair<size_t, memory>> conv_sources;
    bool in_f32 = false;  // int8 keeps the stem and the heads in f32
  };
  std::map<int, Plan> plans;

  memory::dims act_dims(int batch) const {
    return {batch, w.config.channels, w.shape.height, w.shape.width};
  }

  // Weights in the layout `desc` asks for, from their [out][in][k][k] floats.
  memory reordered(const std::vector<float>& values, const memory::dims& dims, tag user_tag,
                   const memory::desc& desc) {
    memory user({dims, dt::f32, user_tag}, engine, const_cast<float*>(values.data()));
    memory out(desc, engine);
    dnnl::reorder(user, out).execute(stream, user, out);
    return out;
  }

  memory bias(const std::vector<float>& values) {
    memory m({{memory::dim(values.size())}, dt::f32, tag::x}, engine);
    std::copy(values.begin(), values.end(), static_cast<float*>(m.get_data_handle()));
    return m;
  }

  // A convolution from `src` into a new or given destination.
  memory conv(Plan& plan, const ConvWeights& c, const memory& src, const memory::desc& dst_desc,
              const dnnl::post_ops& ops, const memory* dst = nullptr, float dst_scale = 1.f) {
    plan.conv_sources.push_back({plan.steps.size(), src});
    if (precision == Precision::INT8 && !plan.in_f32)
      return conv_int8(plan, c, src, source_scales.at(plan.conv_sources.size() - 1), dst_desc, ops,
                       dst, dst_scale);
    const int p = c.kernel / 2;
    const memory::dims wdims = {c.out, c.in, c.kernel, c.kernel};
    const auto desc = dnnl::convolution_forward::desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src.get_desc(),
        memory::desc(wdims, src.get_desc().data_type(), tag::any),
        memory::desc({c.out}, dt::f32, tag::x), dst_desc, {1, 1}, {p, p}, {p, p});
    const dnnl::convolution_forward::primitive_desc pd(desc, with_post_ops(ops), engine);
    memory out = dst ? *dst : memory(pd.dst_desc(), engine);
    plan.steps.push_back(
        {dnnl::convolution_forward(pd),
         {{DNNL_ARG_SRC, src},
          {DNNL_ARG_WEIGHTS, reordered(c.weight, wdims, tag::oihw, pd.weights_desc())},
          {DNNL_ARG_BIAS, bias(c.bias)},
          {DNNL_ARG_DST, out}}});
    return out;
  }

  // The same in u8 x s8: an f32 source quantized at `scale` by a reorder (a
  // u8 one is taken as it is), the weights per output channel onto -127..127;
  // the sums come back to f32 (or to u8 at `dst_scale`) by the output scales,
  // where the bias (in the sums' units) and the post-ops apply.
  memory conv_int8(Plan& plan, const ConvWeights& c, const memory& src, float scale,
                   const memory::desc& dst_desc, const dnnl::post_ops& ops, const memory* dst,
                   float dst_scale) {
    const bool quantized_source = src.get_desc().data_type() == dt::u8;
    const int p = c.kernel / 2;
    const memory::dims wdims = {c.out, c.in, c.kernel, c.kernel};
    const size_t per_channel = c.weight.size() / c.out;
    std::vector<float> weight_scales(c.out), output_scales(c.out), sums_bias(c.out);
    for (int o = 0; o < c.out; ++o) {
      float top = 0;
      for (size_t i = 0; i < per_channel; ++i)
        top = std::max(top, std::abs(c.weight[o * per_channel + i]));
      weight_scales[o] = top > 0 ? 127.f / top : 1.f;
      output_scales[o] = dst_scale / (scale * weight_scales[o]);
      sums_bias[o] = c.bias[o] * scale * weight_scales[o];
    }
    const auto desc = dnnl::convolution_forward::desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        quantized_source ? src.get_desc() : memory::desc(src.get_desc().dims(), dt::u8, tag::any),
        memory::desc(wdims, dt::s8, tag::any), memory::desc({c.out}, dt::f32, tag::x), dst_desc,
        {1, 1}, {p, p}, {p, p});
    dnnl::primitive_attr attr = with_post_ops(ops);
    attr.set_output_scales(1 << 1, output_scales);
    const dnnl::convolution_forward::primitive_desc pd(desc, attr, engine);
    const memory quantized = quantized_source ? src : memory(pd.src_desc(), engine);
    if (!quantized_source) {
      dnnl::primitive_attr quantize;
      quantize.set_output_scales(0, {scale});
      plan.steps.push_back({dnnl::reorder(dnnl::reorder::primitive_desc(src, quantized, quantize)),
                            {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, quantized}}});
    }
    memory user({wdims, dt::f32, tag::oihw}, engine, const_cast<float*>(c.weight.data()));
    memory weights(pd.weights_desc(), engine);
    dnnl::primitive_attr per_channel_scales;
    per_channel_scales.set_output_scales(1 << 0, weight_scales);
    dnnl::reorder(dnnl::reorder::primitive_desc(user, weights, per_channel_scales))
        .execute(stream, user, weights);
    memory out = dst ? *dst : memory(pd.dst_desc(), engine);
    plan.steps.push_back({dnnl::convolution_forward(pd),
                          {{DNNL_ARG_SRC, quantized},
                           {DNNL_ARG_WEIGHTS, weights},
                           {DNNL_ARG_BIAS, bias(sums_bias)},
                           {DNNL_ARG_DST, out}}});
    return out;
  }

  // An inner product of `src` (any dims whose product per row is l.in), with
  // weights of the source's type and an f32 result.
  memory linear(Plan& plan, const LinearWeights& l, const memory& src, memory::dims wdims,
                tag user_tag, const dnnl::post_ops& ops) {
    const int batch = int(src.get_desc().dims()[0]);
    const dt weight_type = src.get_desc().data_type();
    const auto desc = dnnl::inner_product_forward::desc(
        dnnl::prop_kind::forward_inference, src.get_desc(),
        memory::desc(wdims, weight_type, tag::any), memory::desc({l.out}, dt::f32, tag::x),
        memory::desc({batch, l.out}, dt::f32, tag::nc));
    const dnnl::inner_product_forward::primitive_desc pd(desc, with_post_ops(ops), engine);
    memory out(pd.dst_desc(), engine);
    plan.steps.push_back(
        {dnnl::inner_product_forward(pd),
         {{DNNL_ARG_SRC, src},
          {DNNL_ARG_WEIGHTS, reordered(l.weight, wdims, user_tag, pd.weights_desc())},
          {DNNL_ARG_BIAS, bias(l.bias)},
          {DNNL_ARG_DST, out}}});
    return out;
  }

  // The layout oneDNN picks for the tower's activations on this CPU.
  memory::desc tower_layout(int batch) const {
    const int c = w.config.channels;
    const bool int8 = precision == Precision::INT8;
    const auto desc = dnnl::convolution_forward::desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        memory::desc(act_dims(batch), int8 ? dt::u8 : act, tag::any),
        memory::desc({c, c, 3, 3}, int8 ? dt::s8 : act, tag::any),
        memory::desc({c}, dt::f32, tag::x), memory::desc(act_dims(batch), act, tag::any), {1, 1},
        {1, 1}, {1, 1});
    return dnnl::convolution_forward::primitive_desc(desc, engine).dst_desc();
  }

  // relu(x + se(conv2(relu(conv1(x))))): the block's result in a new buffer,
  // or in x itself when it has no squeeze-excitation.
  memory block(Plan& plan, const BlockWeights& b, const memory& x) {
    const memory::desc layout = x.get_desc();
    // int8: conv1's result goes to conv2 alone, so it is made in u8 at
    // conv2's source scale (conv2 is the next convolution).
    const bool int8 = precision == Precision::INT8;
    const memory t = int8 ? conv(plan, b.conv1, x, memory::desc(layout.dims(), dt::u8, tag::any),
                                 eltwise(dnnl::algorithm::eltwise_relu), nullptr,
                                 source_scales.at(plan.conv_sources.size() + 1))
                          : conv(plan, b.conv1, x, layout, eltwise(dnnl::algorithm::eltwise_relu));
    if (!b.se_reduce) {
      dnnl::post_ops ops;
      ops.append_sum(1.f);
      ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
      conv(plan, b.conv2, t, layout, ops, &x);  // x += conv2(t), then relu
      return x;
    }
    const memory y = conv(plan, b.conv2, t, layout, {});
    const int batch = int(layout.dims()[0]), c = w.config.channels;
    // The mean of each channel: an average pooling over the whole board (its
    // kernels take oneDNN's blocked layouts, a reduction's only by reference code).
    const memory::dims board = {layout.dims()[2], layout.dims()[3]};
    const dnnl::pooling_forward::primitive_desc mean_pd(
        dnnl::pooling_forward::desc(
            dnnl::prop_kind::forward_inference, dnnl::algorithm::pooling_avg_include_padding,
            layout, memory::desc({batch, c, 1, 1}, act, tag::any), {1, 1}, board, {0, 0}, {0, 0}),
        engine);
    const memory pooled(mean_pd.dst_desc(), engine);
    plan.steps.push_back(
        {dnnl::pooling_forward(mean_pd), {{DNNL_ARG_SRC, y}, {DNNL_ARG_DST, pooled}}});
    const memory::desc gate_desc({batch, c, 1, 1}, dt::f32, tag::nchw);
    // A blocked layout of one square whose block divides the channels holds
    // them as a plain [batch][channels] matrix: inner products take that
    // with their fast kernels, a 4-dimensional one with a slower gemm.
    const memory::desc flat({batch, c}, act, tag::nc);
    const bool plain = pooled.get_desc().get_size() == flat.get_size();
    const memory squeezed = plain ? memory(flat, engine, pooled.get_data_handle()) : pooled;
    const LinearWeights& r = *b.se_reduce;
    const memory reduced =
        linear(plan, r, squeezed, plain ? memory::dims{r.out, c} : memory::dims{r.out, c, 1, 1},
               plain ? tag::oi : tag::oihw, eltwise(dnnl::algorithm::eltwise_relu));
    const LinearWeights& e = *b.se_expand;
    const memory gate = linear(plan, e, reduced, {e.out, e.in}, tag::oi,
                               eltwise(dnnl::algorithm::eltwise_logistic));
    const memory gate4(gate_desc, engine, gate.get_data_handle());
    dnnl::post_ops ops;
    ops.append_binary(dnnl::algorithm::binary_add, layout);
    ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
    const dnnl::binary::primitive_desc mul_pd(
        dnnl::binary::desc(dnnl::algorithm::binary_mul, layout, gate_desc, layout),
        with_post_ops(ops), engine);
    // t is free once conv2 has read it: the block's output goes there (int8's
    // t is u8, so it gets a buffer of its own).
    const memory out = int8 ? memory(layout, engine) : t;
    plan.steps.push_back(
        {dnnl::binary(mul_pd),
         {{DNNL_ARG_SRC_0, y}, {DNNL_ARG_SRC_1, gate4}, {POST_OP_0, x}, {DNNL_ARG_DST, out}}});
    return out;
  }

  Plan make_plan(int batch) {
    Plan plan;
    const auto& s = w.shape;
    plan.input = memory({{batch, s.planes, s.height, s.width}, dt::f32, tag::nchw}, engine,
                        DNNL_MEMORY_NONE);
    const memory::desc layout = tower_layout(batch);
    // The input in the stem's layout and type.
    const memory::desc stem_src({batch, s.planes, s.height, s.width}, act, tag::nhwc);
    const memory stem_in(stem_src, engine);
    plan.steps.push_back({dnnl::reorder(plan.input, stem_in),
                          {{DNNL_ARG_FROM, plan.input}, {DNNL_ARG_TO, stem_in}}});
    // int8 starts after the stem: its error would run through the whole
    // tower (shipped models: top-1 agreement with fp32 97.5% with the stem in
    // int8, 99% in f32; gnome's 96.7% with it in bf16, 97.7% in f32).
    plan.in_f32 = true;
    memory x = conv(plan, w.stem, stem_in, layout, eltwise(dnnl::algorithm::eltwise_relu));
    plan.in_f32 = false;
    for (const BlockWeights& b : w.tower) x = block(plan, b, x);
    plan.in_f32 = true;  // the heads: small, and where the outputs are made

    const auto relu = eltwise(dnnl::algorithm::eltwise_relu);
    const memory p =
        conv(plan, w.policy_conv, x,
             memory::desc({batch, w.policy_conv.out, s.height, s.width}, act, tag::any), relu);
    // The policy logits in torch's order ([plane][rank][file]): oneDNN's
    // convolutions into plain layouts take its reference code, a reorder does not.
    const memory::dims policy_dims = {batch, w.policy_out.out, s.height, s.width};
    const memory logits =
        conv(plan, w.policy_out, p, memory::desc(policy_dims, dt::f32, tag::any), {});
    plan.policy = memory({policy_dims, dt::f32, tag::nchw}, engine);
    plan.steps.push_back({dnnl::reorder(logits, plan.policy),
                          {{DNNL_ARG_FROM, logits}, {DNNL_ARG_TO, plan.policy}}});
    const memory v =
        conv(plan, w.value_conv, x,
             memory::desc({batch, w.value_conv.out, s.height, s.width}, act, tag::any), relu);
    // The value head's planes flattened in torch's order, for its first layer.
    const memory::dims value_dims = {batch, w.value_conv.out, s.height, s.width};
    const memory v_plain({value_dims, act, tag::nchw}, engine);
    plan.steps.push_back({dnnl::reorder(v, v_plain), {{DNNL_ARG_FROM, v}, {DNNL_ARG_TO, v_plain}}});
    const auto& vh = w.value_hidden;
    const memory v_flat({{batch, vh.in}, act, tag::nc}, engine, v_plain.get_data_handle());
    const memory hidden = linear(plan, vh, v_flat, {vh.out, vh.in}, tag::oi, relu);
    plan.value = linear(plan, w.value_out, hidden, {w.value_out.out, w.value_out.in}, tag::oi, {});
    return plan;
  }

  // int8's source scales: each convolution's source, run in fp32 over
  // `inputs`, mapped from 0..its largest value onto 0..255.
  void calibrate(std::span<const float> inputs) {
    const int count = int(inputs.size() / w.shape.input_size());
    if (count == 0) throw std::runtime_error("int8 needs positions to calibrate on");
    precision = Precision::FP32;
    Plan plan = make_plan(count);
    precision = Precision::INT8;
    plan.input.set_data_handle(const_cast<float*>(inputs.data()));
    std::vector<float> top(plan.conv_sources.size(), 0.f);
    size_t next = 0;
    for (size_t step = 0; step < plan.steps.size(); ++step) {
      // A source is read before its step: a residual add overwrites it later.
      for (; next < top.size() && plan.conv_sources[next].first == step; ++next) {
        const memory& m = plan.conv_sources[next].second;
        const float* values = static_cast<const float*>(m.get_data_handle());
        top[next] = *std::max_element(values, values + m.get_desc().get_size() / sizeof(float));
      }
      plan.steps[step].first.execute(stream, plan.steps[step].second);
      stream.wait();
    }
    source_scales.clear();
    for (float t : top) source_scales.push_back(t > 0 ? 255.f / t : 1.f);
  }
};

OneDnnNetwork::OneDnnNetwork(NetworkWeights weights, Precision precision, int threads,
                             std::span<const float> calibration)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.w = std::move(weights);
  m.precision = precision;
  m.threads = threads;
  if (precision == Precision::FP16)
    throw std::runtime_error("the onednn backend runs fp32, bf16 and int8, not fp16 (a GPU's)");
  m.act = precision == Precision::BF16 ? dt::bf16 : dt::f32;
  try {
    if (threads > 0) omp_set_num_threads(threads);
    if (precision == Precision::INT8) m.calibrate(calibration);
    m.plans.emplace(1, m.make_plan(1));  // fails here, not in a search, if oneDNN cannot
  } catch (const dnnl::error& e) {
    throw std::runtime_error(std::string("oneDNN cannot run this network in ") +
                             precision_name(precision) + " here: " + e.what());
  }
}

OneDnnNetwork::~OneDnnNetwork() = default;

void OneDnnNetwork::forward(const float* input, int batch, float* policy_logits,
                            float* value_logits) {
  Impl& m = *impl_;
  if (m.threads > 0) omp_set_num_threads(m.threads);
  auto found = m.plans.find(batch);
  if (found == m.plans.end()) found = m.plans.emplace(batch, m.make_plan(batch)).first;
  Impl::Plan& plan = found->second;
  plan.input.set_data_handle(const_cast<float*>(input));
  for (auto& [primitive, args] : plan.steps) primitive.execute(m.stream, args);
  m.stream.wait();
  const auto& s = m.w.shape;
  const size_t policy_size = size_t(batch) * s.policy_size();
  const float* p = static_cast<const float*>(plan.policy.get_data_handle());
  std::copy(p, p + policy_size, policy_logits);
  const float* v = static_cast<const float*>(plan.value.get_data_handle());
  std::copy(v, v + 3 * size_t(batch), value_logits);
}

Precision OneDnnNetwork::precision() const { return impl_->precision; }

std::string OneDnnNetwork::describe() const {
  return std::string("onednn ") + precision_name(impl_->precision);
}

CpuSupport onednn_cpu_support() {
  using isa = dnnl::cpu_isa;
  const isa effective = dnnl::get_effective_cpu_isa();
  CpuSupport s;
  switch (effective) {
    case isa::avx512_core_amx: s.isa = "avx512_core_amx"; break;
    case isa::avx512_core_bf16: s.isa = "avx512_core_bf16"; break;
    case isa::avx512_core_vnni: s.isa = "avx512_core_vnni"; break;
    case isa::avx512_core: s.isa = "avx512_core"; break;
    case isa::avx2_vnni: s.isa = "avx2_vnni"; break;
    case isa::avx2: s.isa = "avx2"; break;
    default: s.isa = "older than avx2"; break;
  }
  s.bf16 = effective == isa::avx512_core_bf16 || effective == isa::avx512_core_amx;
  s.vnni = s.bf16 || effective == isa::avx512_core_vnni || effective == isa::avx2_vnni;
  return s;
}

}  // namespace kishi::nn
