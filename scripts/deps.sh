#!/usr/bin/env bash
# Installs the system packages kin needs, on Debian/Ubuntu; checks for Go.
#
#   scripts/deps.sh run    build and run kin
#   scripts/deps.sh test   the above, plus what the tests need (Xvfb, xdotool, xclip, D-Bus,
#                          espeak-ng, sox, PulseAudio with pactl/parec for the speaker tests,
#                          and Node.js for the reference MCP peers)
#
# Only missing packages are installed (apt-get update runs once, only then), with sudo
# when not root. KIN_SKIP_DEPS=1 skips the package step (you installed them yourself).
set -euo pipefail

GO_MIN_MINOR=26 # Go 1.26 or newer

run_pkgs=(make gcc libc6-dev pkg-config ca-certificates
  libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev
  libgl-dev libglx-dev libasound2-dev libgl1-mesa-dri
  libjpeg-dev) # libjpeg-turbo: avatar decodes JPEG textures with it (cgo)
# pulseaudio + pulseaudio-utils: agent/voice/device plays to named null sinks of a private
# PulseAudio server and records them with parec (no sound card needed).
test_pkgs=(xvfb xauth x11-apps espeak-ng sox xdotool xclip dbus pulseaudio pulseaudio-utils)
# Node.js runs the reference MCP peers in tests; a node that came with its own npm
# (e.g. NodeSource's) conflicts with Debian's npm package, so only install when missing.
command -v npm >/dev/null || test_pkgs+=(nodejs npm)

# Equivalents on other distributions, printed as a hint only.
fedora_run="make gcc glibc-devel pkgconf-pkg-config ca-certificates libX11-devel libXrandr-devel
  libXcursor-devel libXinerama-devel libXi-devel libXxf86vm-devel mesa-libGL-devel
  alsa-lib-devel mesa-dri-drivers libjpeg-turbo-devel"
fedora_test="xorg-x11-server-Xvfb xorg-x11-xauth xorg-x11-apps espeak-ng sox xdotool xclip dbus-daemon
  pulseaudio pulseaudio-utils nodejs npm"
arch_run="make gcc glibc pkgconf ca-certificates libx11 libxrandr libxcursor libxinerama libxi
  libxxf86vm libglvnd alsa-lib mesa libjpeg-turbo"
arch_test="xorg-server-xvfb xorg-xauth xorg-xwd espeak-ng sox xdotool xclip dbus pulseaudio libpulse nodejs npm"

die() {
  printf 'deps.sh: %s\n' "$*" >&2
  exit 1
}

usage() {
  echo "usage: scripts/deps.sh run|test" >&2
  exit 2
}

# installed PKG: true when dpkg knows PKG as fully installed.
installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ $status == *" installed" ]]
}

# not_apt MODE: no apt here; say exactly what to install and fail.
not_apt() {
  local fedora=$fedora_run arch=$arch_run
  if [[ $1 == test ]]; then
    fedora+=" $fedora_test"
    arch+=" $arch_test"
  fi
  cat >&2 <<EOF
deps.sh: this system has no apt-get/dpkg; install these packages yourself:
  Debian/Ubuntu names: ${pkgs[*]}
  Fedora (hint):  sudo dnf install $(echo $fedora)
  Arch (hint):    sudo pacman -S --needed $(echo $arch)
Then run again with KIN_SKIP_DEPS=1 (for example: KIN_SKIP_DEPS=1 make run).
EOF
  exit 1
}

install_missing() {
  local missing=() p
  for p in "${pkgs[@]}"; do
    installed "$p" || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    echo "deps.sh: system packages for '$mode' are installed"
    return
  fi
  local sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null ||
      die "not root and no sudo: as root run: apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
    sudo=(sudo)
    [[ -t 0 ]] || sudo+=(-n) # no terminal to ask for a password
  fi
  echo "deps.sh: installing ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

check_go() {
  # Same order as the Makefile: the official install location first.
  PATH=/usr/local/go/bin:$PATH
  local hint="install Go 1.$GO_MIN_MINOR or newer from https://go.dev/dl/ into /usr/local/go"
  command -v go >/dev/null || die "go is not on PATH (nor in /usr/local/go/bin): $hint"
  local v
  v=$(go env GOVERSION) || die "'go env GOVERSION' failed: $hint"
  if [[ $v =~ ^go1\.([0-9]+) ]] && ((BASH_REMATCH[1] >= GO_MIN_MINOR)); then
    echo "deps.sh: $v at $(command -v go)"
    return
  fi
  die "found $v at $(command -v go), kin needs Go 1.$GO_MIN_MINOR or newer: $hint"
}

mode=${1:-}
case $mode in
run) pkgs=("${run_pkgs[@]}") ;;
test) pkgs=("${run_pkgs[@]}" "${test_pkgs[@]}") ;;
*) usage ;;
esac

if [[ ${KIN_SKIP_DEPS:-} == 1 ]]; then
  echo "deps.sh: KIN_SKIP_DEPS=1, not checking system packages"
elif command -v apt-get >/dev/null && command -v dpkg-query >/dev/null; then
  install_missing
else
  not_apt "$mode"
fi
check_go
