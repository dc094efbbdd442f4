#!/usr/bin/env bash
# Runs every test. Sets up what the tests need first (idempotent): the virtual environment
# with the project and its test dependencies, and Debian's chromium and Japanese fonts for the
# browser tests.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh --test
exec .venv/bin/python -m pytest "$@"
