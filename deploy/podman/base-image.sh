#!/usr/bin/env bash
# Builds the base image joseki-base:local (Debian bookworm, minbase, OpenJDK 17 JRE, GPS Shogi) from Debian packages,
# for machines that reach a Debian mirror but no container registry. Skips the build when the image
# exists. Needs root (debootstrap) and podman.
#
#   deploy/podman/base-image.sh [MIRROR]      MIRROR: default the first Debian mirror apt uses here
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$HERE/containers.conf}"
IMAGE=joseki-base:local

if podman image exists "$IMAGE"; then
  echo "base-image: $IMAGE exists"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "base-image: debootstrap needs root; run this script as root once, or build on a public JRE image" \
       "(podman build --build-arg BASE=eclipse-temurin:17-jre ...)" >&2
  exit 2
fi

# The mirror apt already uses (deb822 "URIs:" or one-line "deb URL bookworm ..."), not a guessed one.
mirror="${1:-}"
if [ -z "$mirror" ]; then
  shopt -s nullglob
  sources=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources)
  mirror="$(cat "${sources[@]}" 2>/dev/null | awk '/^URIs:/ && $2 ~ /debian\/?$/ {print $2; exit} /^deb / && $3 ~ /^bookworm$/ {print $2; exit}' || true)"
fi
if [ -z "$mirror" ]; then
  echo "base-image: no Debian bookworm mirror found in /etc/apt/sources.list*; pass one: $0 http://deb.debian.org/debian" >&2
  exit 2
fi

rootfs="$(mktemp -d /tmp/joseki-rootfs.XXXXXX)"
trap 'rm -rf "$rootfs"' EXIT
echo "base-image: debootstrap bookworm from $mirror (a few minutes)"
debootstrap --variant=minbase --include=openjdk-17-jre-headless,gpsshogi bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
  || { echo "base-image: debootstrap failed; log: $rootfs.log" >&2; tail -5 "$rootfs.log" >&2; exit 1; }
# Package caches and lists are of no use in the image.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
tar -C "$rootfs" -c . | podman import --quiet --change 'CMD ["/bin/bash"]' - "$IMAGE" >/dev/null
rm -f "$rootfs.log"
echo "base-image: built $IMAGE"
