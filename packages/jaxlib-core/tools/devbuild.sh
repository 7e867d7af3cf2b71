#!/usr/bin/env bash
# Builds jaxlib._cpu into a private directory for development, without
# reinstalling the package:
#   tools/devbuild.sh /tmp/build-mine [kernel-stem ...]
# then run Python with JAXLIB_CPU_EXTENSION=<printed path> to load it.
# Listing kernel stems (files of csrc/cpu/kernels/) builds only those.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:?usage: devbuild.sh BUILD_DIR [kernel-stem ...]}"
shift
kernels="$(IFS=';'; echo "$*")"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" \
  -DPython_EXECUTABLE="$(command -v python3)" -DJAXCPU_KERNELS="$kernels" >/dev/null
cmake --build "$build" --target _cpu >&2
ls "$build"/_cpu*.so
