#!/usr/bin/env bash
# Installs what judgekit needs on a fresh machine; quick when everything is already there.
#   ./setup.sh          the virtual environment with judgekit and its runtime dependencies
#   ./setup.sh --test   also the test dependencies, Debian's chromium and Japanese fonts
set -euo pipefail
cd "$(dirname "$0")"
want_test=0
[ "${1:-}" = "--test" ] && want_test=1

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
stamp=.venv/.judgekit-installed-compat
extras=""
[ $want_test = 1 ] && extras="[test]"
if [ ! -f "$stamp$extras" ] || [ pyproject.toml -nt "$stamp$extras" ]; then
  # editable_mode=compat: the checkout goes on sys.path through a plain .pth line. setuptools'
  # default editable install adds an import hook instead, whose module every Python start of the
  # venv imports (pathlib, re, urllib.parse: 15 ms of each command, 0.6 of a warm look-up).
  # pip warns about find-links folders that some machines configure and do not have; say nothing of them.
  .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    --config-settings editable_mode=compat -e ".$extras" 2>&1 \
    | { grep -v "is ignored: it is neither a file nor a directory" || true; } >&2
  touch "$stamp$extras"
fi
# Bytecode for judgekit's own modules (pip compiled the dependencies'): Python writes it on first
# import, except where PYTHONDONTWRITEBYTECODE is set, and then every command compiled every module
# again (0.4 s of each start). Only what changed since is compiled again.
.venv/bin/python -m compileall -q -j 0 judgekit rules_index >/dev/null

if [ $want_test = 1 ]; then
  # The site's browser tests drive Debian's chromium (never a browser Playwright downloads) and
  # need a Japanese font to render the rules. Installed only when missing.
  missing=""
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
  dpkg-query -W -f='${Status}' fonts-ipafont-gothic 2>/dev/null | grep -q "ok installed" \
    || missing="$missing fonts-ipafont-gothic"
  if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    # shellcheck disable=SC2086 # the package names are meant to split
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
  fi
fi
