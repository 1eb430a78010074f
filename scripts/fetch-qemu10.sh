#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fetch-qemu10.sh: the second QEMU, for the board's AXP209 profile, on
# Debian 12 (run by scripts/deps.sh).
#
# Debian 12's QEMU 7.2 has no axp209_pmu model (QEMU 8.1 and later have it
# with every register write kept), and QEMU 9.2 and later have no twl92230:
# no single QEMU runs both profiles. Debian's bookworm-backports suite has
# QEMU 10.0 built for Debian 12. Its qemu-system-arm, -common and -data
# packages are downloaded with a private sources list, lists and cache (the
# machine's apt configuration and installed QEMU stay as they are) and
# unpacked with dpkg -x into $QEMU10_CACHE/root, outside the clone so that
# every clone shares it (as the kernel tree cache). boot/qemu-backport.sh
# runs it. Nothing here runs at test time: once unpacked, a second run
# does nothing, without network.
#
# QEMU10_CACHE: where (default ~/.cache/vexpress-pm/qemu10; empty: no
# second QEMU). QEMU10_MIRROR: the Debian mirror (default: the one the
# machine's apt sources use for bookworm).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${QEMU10_CACHE-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/qemu10}
[ -n "$cache" ] || exit 0
root=$cache/root
[ -f "$root/.unpacked" ] && exit 0

# Only Debian 12 needs it: elsewhere the distribution's own QEMU decides
# which profile runs (boot/qemu.sh says what is missing).
codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
[ "$codename" = bookworm ] || exit 0
# ... unless its QEMU already is a newer one (installed from backports).
v=$(qemu-system-arm --version 2>/dev/null | sed -n '1s/.*version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
# shellcheck disable=SC2086 # v is "MAJOR MINOR" or nothing
set -- $v 0 0
if [ "$1" -gt 8 ] || { [ "$1" = 8 ] && [ "$2" -ge 1 ]; }; then
	exit 0
fi

if ! mkdir -p "$cache" 2> /dev/null || [ ! -w "$cache" ]; then
	echo "deps: cannot write QEMU10_CACHE=$cache: set it to a writable directory (empty: no second QEMU, so no AXP209 profile on Debian 12)" >&2
	exit 1
fi

# The mirror: the first http(s) URI that the machine's apt sources (one-line
# .list or deb822 .sources) use for suite "bookworm", with its keyring.
# Prints "URI KEYRING" (KEYRING may be empty).
debian_mirror() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '/^[ \t]*deb[ \t]/ {
			l = $0; o = ""; k = ""
			sub(/^[ \t]*deb[ \t]+/, "", l)
			if (match(l, /^\[[^]]*\]/)) {
				o = substr(l, 2, RLENGTH - 2); l = substr(l, RLENGTH + 1)
			}
			split(l, w, " ")
			if (match(o, /signed-by=[^ \t]+/))
				k = substr(o, RSTART + 10, RLENGTH - 10)
			if (w[1] ~ /^https?:/ && w[2] == "bookworm")
				print w[1], (k ~ /^\// ? k : "")
		}' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# One stanza per paragraph; field names are case-insensitive.
		awk 'BEGIN { RS = ""; FS = "\n" }
		{
			t = u = s = k = ""; on = 1
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^#/) continue
				n = tolower($i); sub(/:.*/, "", n)
				v = $i; sub(/^[^:]*:[ \t]*/, "", v)
				if (n == "types") t = " " v " "
				else if (n == "uris") u = v
				else if (n == "suites") s = " " v " "
				else if (n == "signed-by") k = v
				else if (n == "enabled" && tolower(v) == "no") on = 0
			}
			split(u, uri, /[ \t]+/)
			if (on && t ~ / deb / && s ~ /[ \t]bookworm[ \t]/ && uri[1] ~ /^https?:/)
				print uri[1], (k ~ /^\// ? k : "")
		}' "$f"
	done
}

if [ -n "${QEMU10_MIRROR:-}" ]; then
	mirror=$QEMU10_MIRROR keyring=
else
	# shellcheck disable=SC2046 # "URI KEYRING": two words
	set -- $(debian_mirror | head -1)
	mirror=${1:-} keyring=${2:-}
fi
[ -n "$mirror" ] || {
	echo "deps: no apt source for Debian 12 (bookworm) found in /etc/apt to take bookworm-backports' QEMU 10 from; set QEMU10_MIRROR=URL (or QEMU10_CACHE= for no second QEMU)" >&2
	exit 1
}

echo "  APT     QEMU 10 from bookworm-backports into $cache"
apt=$cache/apt
mkdir -p "$apt/lists/partial" "$apt/archives/partial"
echo "deb [arch=$(dpkg --print-architecture)${keyring:+ signed-by=$keyring}] $mirror bookworm-backports main" \
	> "$apt/sources.list"
# Every path apt writes is under $apt; no binary caches. As root, apt
# would hand the download to user _apt, who cannot write into root's home.
papt() {
	cmd=$1; shift
	"$cmd" -q -o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o APT::Sandbox::User=root -o Acquire::Retries=1 \
		-o Acquire::http::Timeout=30 -o Acquire::https::Timeout=30 "$@"
}
# apt-get update can fail to fetch an index with only a warning, exit 0.
if ! papt apt-get update > "$apt/update.log" 2>&1 ||
	grep -qE '^(E:|W: Failed to fetch|W: Some index files)' "$apt/update.log"; then
	echo "deps: apt-get update of bookworm-backports from $mirror failed:" >&2
	sed 's/^/    /' "$apt/update.log" >&2
	exit 1
fi
pkgs="qemu-system-arm qemu-system-common qemu-system-data"
rm -rf "$apt/debs" && mkdir -p "$apt/debs"
want=$(for p in $pkgs; do echo "$p/bookworm-backports"; done)
# shellcheck disable=SC2086 # want is a word list
(cd "$apt/debs" && papt apt-get download $want) > "$apt/download.log" 2>&1 || {
	echo "deps: downloading $pkgs from bookworm-backports failed:" >&2
	sed 's/^/    /' "$apt/download.log" >&2
	exit 1
}

# Unpack beside, then move into place: an interrupted run leaves no
# half-unpacked tree that looks complete.
rm -rf "$root.tmp" "$root"
mkdir -p "$root.tmp"
for d in "$apt"/debs/*.deb; do
	dpkg -x "$d" "$root.tmp"
done
# Built for Debian 12: its libraries are Debian 12's, installed with the
# system's QEMU 7.2. Say which are missing rather than fail at boot time.
libs=$(ldd "$root.tmp/usr/bin/qemu-system-arm" | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p')
[ -z "$libs" ] || {
	echo "deps: bookworm-backports' QEMU needs libraries this machine lacks: $(echo "$libs" | tr '\n' ' ')" >&2
	exit 1
}
dpkg-deb -f "$apt"/debs/qemu-system-arm_*.deb Version > "$root.tmp/.unpacked"
mv "$root.tmp" "$root"
rm -rf "$apt/debs"	# 13 MB nothing reads again
# It must run and offer the model it is here for.
QEMU10_CACHE=$cache sh "$top/boot/qemu-backport.sh" -M vexpress-a9 -device help 2>&1 |
	grep -q '"axp209_pmu"' || {
	echo "deps: the unpacked QEMU ($(QEMU10_CACHE=$cache sh "$top/boot/qemu-backport.sh" --version 2>&1 | head -1)) does not offer axp209_pmu" >&2
	rm -rf "$root"
	exit 1
}
echo "  QEMU    $(cat "$root/.unpacked") in $root"
