// Runs an ONNX model written by `kishi export-onnx` with onnxruntime-node on
// the test data beside it (ONNX's test_data_set_0 layout: the positions and
// LibTorch's outputs) and fails when any output differs by more than the
// tolerance. Also runs the first position alone: the batch size is open.
//   node onnx_test.mjs MODEL.onnx TEST_DATA_DIR [TOLERANCE]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ort = require('onnxruntime-node');

const [modelPath, dataDir, toleranceText = '1e-4'] = process.argv.slice(2);
if (!modelPath || !dataDir) {
  console.error('usage: node onnx_test.mjs MODEL.onnx TEST_DATA_DIR [TOLERANCE]');
  process.exit(2);
}
const tolerance = Number(toleranceText);

// The fields of a TensorProto that kishi writes: dims (1), data_type (2),
// name (8), raw_data (9). Protobuf's wire format: varint keys and lengths.
function readTensor(file) {
  const bytes = readFileSync(file);
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = bytes[at++];
      value |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return value;
    }
  };
  const tensor = { dims: [] };
  while (at < bytes.length) {
    const key = Number(varint());
    const [field, wire] = [key >> 3, key & 7];
    if (wire === 0) {
      const v = Number(varint());
      if (field === 1) tensor.dims.push(v);
      if (field === 2) tensor.dataType = v;
    } else if (wire === 2) {
      const length = Number(varint());
      const end = at + length;
      if (field === 1) {  // packed dims
        while (at < end) tensor.dims.push(Number(varint()));
      } else if (field === 8) tensor.name = bytes.subarray(at, end).toString('utf8');
      else if (field === 9) tensor.raw = bytes.subarray(at, end);
      at = end;
    } else {
      throw new Error(`${file}: wire type ${wire} is not in a tensor kishi writes`);
    }
  }
  if (tensor.dataType !== 1 || !tensor.raw) throw new Error(`${file}: not a float tensor`);
  const copy = Uint8Array.from(tensor.raw);  // aligned for the Float32Array
  tensor.data = new Float32Array(copy.buffer);
  return tensor;
}

const set = path.join(dataDir, 'test_data_set_0');
const input = readTensor(path.join(set, 'input_0.pb'));
const expected = [readTensor(path.join(set, 'output_0.pb')), readTensor(path.join(set, 'output_1.pb'))];

const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: 1 });
const names = [session.inputNames.join(','), session.outputNames.join(',')].join(' -> ');
if (names !== `${input.name} -> ${expected.map((t) => t.name).join(',')}`)
  throw new Error(`the model's names are ${names}`);

const run = async (rows) => {
  const [n, ...rest] = input.dims;
  const size = rest.reduce((a, b) => a * b, 1);
  const feed = new ort.Tensor('float32', input.data.subarray(0, rows * size), [rows, ...rest]);
  return session.run({ [input.name]: feed });
};

let failed = false;
const compare = (outputs, rows, what) => {
  for (const want of expected) {
    const got = outputs[want.name];
    const width = want.dims[1];
    if (got.dims.join(',') !== [rows, width].join(',')) {
      console.log(`${what}: ${want.name} has shape [${got.dims}], not [${rows}, ${width}]`);
      failed = true;
      continue;
    }
    let worst = 0, lo = Infinity, hi = -Infinity;
    for (let i = 0; i < rows * width; ++i) {
      worst = Math.max(worst, Math.abs(got.data[i] - want.data[i]));
      lo = Math.min(lo, want.data[i]);
      hi = Math.max(hi, want.data[i]);
    }
    // Outputs that barely vary would agree with a wrongly wired graph too.
    const ok = worst <= tolerance && hi - lo >= 100 * tolerance;
    failed ||= !ok;
    console.log(`${what}: ${want.name} [${rows}, ${width}] in [${lo.toFixed(3)}, ${hi.toFixed(3)}],` +
      ` largest difference ${worst.toExponential(2)} ${worst <= tolerance ? '<=' : '>'} ${tolerance}` +
      (hi - lo < 100 * tolerance ? ' (the outputs barely vary: no check)' : ''));
  }
};
compare(await run(input.dims[0]), input.dims[0], `${path.basename(modelPath)} on ${input.dims[0]} positions`);
compare(await run(1), 1, `${path.basename(modelPath)} on 1 position`);
console.log(failed ? 'FAILED' : `onnxruntime-node ${ort.env.versions.node} agrees with LibTorch`);
process.exit(failed ? 1 : 0);
