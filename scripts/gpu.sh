#!/usr/bin/env bash
# kishi on a GPU machine whose only LibTorch is PyTorch's (a CUDA wheel holds
# LibTorch: python3 -c 'import torch; print(torch.utils.cmake_prefix_path)') and
# which reaches no package registry. Two steps:
#
#   scripts/gpu.sh pack [DIR]
#     On a Debian 12 machine with its registry: the .deb files of the libraries
#     kishi builds with (apt-get download, no install) into DIR (gpu-debs/).
#     Copy DIR beside the source tree on the GPU machine.
#
#   scripts/gpu.sh [--device cuda|cpu] [--debs DIR] [--build DIR] [--seconds S]
#     Unpacks DIR's .deb files into BUILD/debs-root (dpkg-deb, or ar and tar),
#     builds kishi and its network tests in BUILD (gpu-build/) against PyTorch's
#     LibTorch (else the system's) and those libraries, then runs and prints in
#     one block: `kishi bench nn` in fp32, fp16 and bf16 at batch 64, 256 and
#     1024 (the shipped shogi network and the large shape), `kishi bench
#     selfplay` with configs/gpu.toml, `kishi bench train`, and the precision
#     tests (fp16 against fp32 on the GPU among them). Sized for one run of at
#     most 10 minutes on a fresh machine with a GPU and 16 cores.
#     --device cpu is its self-test on a machine without a GPU: the same build,
#     fp32 and bf16, configs/quickstart.toml for self-play and training.
#
# Needs on the GPU machine: g++ (C++20), cmake >= 3.22, make or ninja, python3
# with torch, and for CUDA the toolkit PyTorch's CMake files look for (nvcc).
# Untested on a GPU until a run on one (docs/scale.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# What kishi's CMakeLists find, with the libraries they load at run time; the
# compiler, CMake and LibTorch come from the machine.
DEBS=(
  libcli11-dev libtomlplusplus-dev libtomlplusplus3 nlohmann-json3-dev libeigen3-dev
  libzstd-dev libzstd1 zlib1g-dev
  libcpp-httplib-dev libcpp-httplib0.11 libbrotli-dev libbrotli1 libssl-dev libssl3
  libdnnl-dev libdnnl2 ocl-icd-libopencl1
  libonnx-dev libonnx1 libonnxifi libprotobuf-dev libprotobuf32 libprotobuf-lite32
  libgloo-dev libgloo0 libhiredis-dev libhiredis0.14 libibverbs-dev libibverbs1 libnl-3-200
  libnl-route-3-200
  libgtest-dev googletest
  pkgconf pkgconf-bin libpkgconf3 pkg-config
)

if [ "${1:-}" = pack ]; then
  out=${2:-gpu-debs}
  mkdir -p "$out"
  (cd "$out" && apt-get download "${DEBS[@]}")
  echo "gpu.sh: $(ls "$out"/*.deb | wc -l) packages in $out ($(du -sh "$out" | cut -f1)); copy it beside the source on the GPU machine"
  exit 0
fi

device=cuda debs=gpu-debs build=gpu-build seconds=3
while [ $# -gt 0 ]; do
  case $1 in
    --device) device=$2; shift 2 ;;
    --debs) debs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    -h | --help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu.sh: unknown argument '$1' (see scripts/gpu.sh --help)" >&2; exit 2 ;;
  esac
done
case $device in cuda | cpu) ;; *) echo "gpu.sh: --device cuda or cpu, not '$device'" >&2; exit 2 ;; esac

prefixes=()
torch_prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null || true)
if [ -n "$torch_prefix" ]; then
  prefixes+=("$torch_prefix")
  echo "gpu.sh: PyTorch's LibTorch: $torch_prefix"
elif [ "$device" = cuda ]; then
  echo "gpu.sh: python3 cannot import torch: no PyTorch, so no CUDA LibTorch to build with" >&2
  exit 1
else
  echo "gpu.sh: no PyTorch; the system's LibTorch"
fi

mkdir -p "$build"
build=$(cd "$build" && pwd)
if compgen -G "$debs/*.deb" >/dev/null; then
  root=$build/debs-root
  rm -rf "$root"
  mkdir -p "$root"
  for deb in "$debs"/*.deb; do
    if command -v dpkg-deb >/dev/null; then
      dpkg-deb -x "$deb" "$root"
    else
      (tmp=$(mktemp -d) && cd "$tmp" && ar x "$OLDPWD/$deb" && tar -xf data.tar.* -C "$root" && rm -rf "$tmp")
    fi
  done
  arch_lib=$root/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
  prefixes+=("$root/usr")
  export PATH=$root/usr/bin:$PATH
  export PKG_CONFIG_SYSROOT_DIR=$root
  export PKG_CONFIG_LIBDIR=$arch_lib/pkgconfig:$root/usr/share/pkgconfig
  export LD_LIBRARY_PATH=$arch_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  echo "gpu.sh: $(ls "$debs"/*.deb | wc -l) packages of $debs unpacked into $root"
else
  echo "gpu.sh: no .deb files in $debs: the system's libraries (scripts/gpu.sh pack makes them)"
fi

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# The web and ONNX tests need Node.js, which this script does not run.
node=$(command -v node || command -v true)
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DKISHI_BENCH=OFF \
  -DNODE_PROGRAM="$node" -DCMAKE_PREFIX_PATH="$(IFS=';'; echo "${prefixes[*]}")"
cmake --build "$build" --parallel "$(nproc)" --target kishi kishi_nn_tests

kishi=$build/kishi
figures=$build/gpu-figures.txt
: >"$figures"
step() {  # TITLE COMMAND...: runs it, keeps its output for the block at the end
  local title=$1
  shift
  echo "gpu.sh: $title"
  { echo "== $title: $*"; "$@" 2>&1 || echo "(exit $?)"; } | tee -a "$figures"
}
# Self-play counts finished games: gpu.toml's 512 games at once need minutes.
if [ "$device" = cuda ]; then
  precisions=(fp32 fp16 bf16) config=configs/gpu.toml selfplay_seconds=150
else
  precisions=(fp32 bf16) config=configs/quickstart.toml selfplay_seconds=60
fi
for precision in "${precisions[@]}"; do
  for model in "--model models/shogi.ckpt" "--config configs/model/large.toml"; do
    # shellcheck disable=SC2086  # $model is two words
    step "bench nn $precision ${model#--* }" "$kishi" bench nn --device "$device" --backend libtorch \
      --precision "$precision" $model --batch 64,256,1024 --seconds "$seconds"
  done
done
step "bench selfplay ($config)" "$kishi" bench selfplay --config "$config" --seconds "$selfplay_seconds"
step "bench train ($config)" "$kishi" bench train --config "$config" --steps 50
step "precision tests" "$build/tests/kishi_nn_tests" --gtest_filter='Precision.*'

echo
echo "==== kishi scripts/gpu.sh --device $device: $(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
grep -v '^\[ *RUN\|^\[ *OK\|^\[-\|^Running main\|^Note: Google' "$figures"
echo "==== (also in $figures)"
