#!/usr/bin/env bash
# The main job: index every rulebook, run every scenario, build the site.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
exec .venv/bin/judgekit all "$@"
