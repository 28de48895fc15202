#!/usr/bin/env bash
# Makes the Python venv that the sparring partner runs in and installs gnubg-nn (GNU
# Backgammon's nets) from PyPI into it. Prints the venv's python.
# Usage: tools/sparring/setup.sh [VENV]   (default: tools/sparring/.venv)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-$here/.venv}
if ! "$venv/bin/python" -c 'import gnubg_nn' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q gnubg-nn
fi
echo "$venv/bin/python"
