#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# deps-backports.sh: on Debian 13, the packages its main archive lacks,
# from trixie-backports (run by scripts/deps.sh, before its own install).
#
# Debian 13 has no lava-dispatcher (the lava suite's dispatcher) and no
# dt-schema (the binding and DTB gates); trixie-backports has both. The
# suite goes into the machine's apt sources with an explicit pin at 100:
# apt takes nothing from it that is not asked for by name, so the
# machine's other packages are not upgraded from it (the packages taken
# from it, and the dependencies they need from it, follow its updates).
# Elsewhere, and once both are installed, nothing happens (one dpkg-query,
# no network).
#
# The mirror is the one the machine's apt sources use for trixie; the
# archive key is Debian's (debian-archive-keyring).
set -eu

pkgs="lava-dispatcher dt-schema"
suite=trixie-backports
codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
[ "$codename" = trixie ] || exit 0

installed() { dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q "ok installed"; }
missing=
for p in $pkgs; do
	installed "$p" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
if [ "$(id -u)" != 0 ]; then
	echo "  APT     not installed:$missing (from $suite: run 'make deps' as root; until then the gates and suites that need them are skipped)"
	exit 0
fi

list=/etc/apt/sources.list.d/vexpress-pm-$suite.sources
pin=/etc/apt/preferences.d/vexpress-pm-$suite
if [ ! -f "$list" ]; then
	# the first http(s) URI the machine's sources use for trixie (the
	# same reader as the QEMU and kernel fetchers')
	. "$(dirname "$0")/apt-private.sh"
	mirror=$(debian_mirror trixie | head -n 1)
	mirror=${mirror%% *}
	[ -n "$mirror" ] || {
		echo "deps: no apt source for Debian 13 (trixie) in /etc/apt to take $suite from;" \
			"add one, or install$missing by hand" >&2
		exit 1
	}
	keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -f "$keyring" ] || { echo "deps: no $keyring (package debian-archive-keyring)" >&2; exit 1; }
	cat > "$pin" <<EOF
# vexpress-pm (scripts/deps-backports.sh): nothing from $suite
# unless asked for by name; the machine's packages stay Debian 13's.
Package: *
Pin: release n=$suite
Pin-Priority: 100
EOF
	cat > "$list.tmp" <<EOF
# vexpress-pm (scripts/deps-backports.sh):$pkgs, pinned by
# $pin
Types: deb
URIs: $mirror
Suites: $suite
Components: main
Signed-By: $keyring
EOF
	mv "$list.tmp" "$list"
	echo "  APT     $suite added: $list (pin: $pin)"
fi

apt-get update -qq > /dev/null
want=$(for p in $missing; do echo "$p/$suite"; done)
echo "  APT     install from $suite:$missing (without recommends)"
# Without recommends: lava-dispatcher's are a lab worker's NFS, TFTP and
# LXC services, which the jobs here do not use.
# shellcheck disable=SC2086 # want is a word list
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $want > /dev/null ||
	{ echo "deps: apt-get install failed for:$missing (from $suite)" >&2; exit 1; }
