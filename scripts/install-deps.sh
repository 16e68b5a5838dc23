#!/usr/bin/env bash
# Installs the native libraries ecs-bench links against, the font its plots are labelled with,
# Python 3 (an audio test reads a written WAV back with its `wave` module) and the ffmpeg tool
# (the audio tests write AAC, ALAC, Opus, MP3 and tagged files with FFmpeg's encoders), as Debian packages,
# only when missing, and any further Debian packages named as arguments (the checks that need
# more, such as scripts/kernel-bits.sh, name theirs).
# Runs as root or through sudo, never prompts. Safe to run repeatedly.
set -euo pipefail

packages=(libpng-dev libfreetype-dev fonts-dejavu-core libbenchmark-dev libsndfile1-dev libasound2-dev valgrind pkg-config python3
    libavformat-dev libavcodec-dev libavutil-dev libswresample-dev ffmpeg "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo -n); fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >&2
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
