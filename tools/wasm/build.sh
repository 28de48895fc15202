#!/usr/bin/env bash
# Builds the engine and the board for WebAssembly: tools/wasm/pkg/ncbg.wasm,
# which `ncbg-gui export-static DIR` puts in the GUI's static site. With a
# folder, also writes a bare NCBP console page there (web/index.html, the
# engine in a Web Worker: open DIR/index.html from any static web server).
#   tools/wasm/build.sh [DIR]
#
# The toolchain is Debian's (packages rustc-web, cargo-web, rust-web-src,
# lld): rustc 1.96 with its library source, so std is built for
# wasm32-unknown-unknown here (-Zbuild-std, allowed by RUSTC_BOOTSTRAP on a
# stable compiler) and linked by wasm-ld. It is separate from the rustup
# toolchain of the native build, and so is its target folder
# (tools/wasm/target). Run .ci/run's install step, or
#   apt-get install -y rustc-web cargo-web rust-web-src lld
set -euo pipefail
cd "$(dirname "$0")"
RUSTC_WEB="${RUSTC_WEB:-/usr/bin/rustc}"
CARGO_WEB="${CARGO_WEB:-/usr/bin/cargo}"
for tool in "$RUSTC_WEB" "$CARGO_WEB" wasm-ld; do
    command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing (apt-get install -y rustc-web cargo-web rust-web-src lld)" >&2; exit 1; }
done
export RUSTC="$RUSTC_WEB"
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
# SIMD128 (every current browser and Node 16+) for the net's inner loops.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${NCBG_WASM_RUSTFLAGS:--C target-feature=+simd128}"
"$CARGO_WEB" build --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort --target-dir target
mkdir -p pkg
cp target/wasm32-unknown-unknown/release/ncbg_wasm.wasm pkg/ncbg.wasm
ls -l pkg/ncbg.wasm
if [ $# -gt 0 ]; then
    site="$(cd "$OLDPWD" && mkdir -p "$1" && cd "$1" && pwd)"
    node --input-type=module -e "import { writeSite } from '$PWD/site.mjs'; writeSite(process.argv[1]);" "$site"
    echo "the site is in $site: serve it (python3 -m http.server -d $site) and open index.html"
fi
