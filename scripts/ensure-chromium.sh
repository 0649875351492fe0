#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when missing and we are root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: install the Debian package 'chromium' (sudo apt-get install chromium)." >&2
  exit 1
fi
echo "Installing Chromium from apt…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
