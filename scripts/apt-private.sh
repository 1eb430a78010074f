# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts/fetch-qemu10.sh, scripts/fetch-qemu11.sh,
# scripts/build-qemu-patched.sh and scripts/fetch-linux-source.sh: download Debian packages of suites the
# machine does not use (a backports suite, the next release) with a
# private sources list, lists and cache under one directory, so that the
# machine's apt configuration and installed packages stay as they are.
#
#   apt_private DIR SUITES MIRROR_VAR [STATUS]: lists of SUITES (one or
#       more, in one word list) in DIR, from the mirror the machine's apt
#       sources use, or from $MIRROR_VAR if set. STATUS, if given, is the
#       dpkg status file apt reads instead of the machine's: /dev/null
#       counts nothing as installed, for a dependency closure computed
#       from nothing. apt_types, if set, lists the source types
#       (default "deb"; "deb deb-src" adds the source packages, for
#       apt-get source: scripts/build-qemu-patched.sh).
#   apt_private_download DEST PKG[/SUITE]...: the .deb files into DEST
#   papt COMMAND ARG...: an apt COMMAND (apt-get, apt-cache) on DIR
# The first two exit with a message naming what failed, prefixed
# "$apt_caller:" if the caller sets it (scripts/build-qemu-patched.sh:
# qemu-patched), else "deps:" (the others run from scripts/deps.sh).

# The first http(s) URI that the machine's apt sources (one-line .list or
# deb822 .sources) use for suite $1, with its keyring. Prints "URI KEYRING"
# (KEYRING may be empty). $2: apt's configuration directory, if not
# /etc/apt (tests/awk-selftest.sh's sources).
debian_mirror() {
	etc=${2:-/etc/apt}
	for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk -v suite="$1" '/^[ \t]*deb[ \t]/ {
			l = $0; o = ""; k = ""
			sub(/^[ \t]*deb[ \t]+/, "", l)
			if (match(l, /^\[[^]]*\]/)) {
				o = substr(l, 2, RLENGTH - 2); l = substr(l, RLENGTH + 1)
			}
			split(l, w, " ")
			if (match(o, /signed-by=[^ \t]+/))
				k = substr(o, RSTART + 10, RLENGTH - 10)
			if (w[1] ~ /^https?:/ && w[2] == suite)
				print w[1], (k ~ /^\// ? k : "")
		}' "$f"
	done
	for f in "$etc"/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# One stanza per paragraph; field names are case-insensitive.
		awk -v suite="$1" 'BEGIN { RS = ""; FS = "\n" }
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
			if (on && t ~ / deb / && index(s, " " suite " ") && uri[1] ~ /^https?:/)
				print uri[1], (k ~ /^\// ? k : "")
		}' "$f"
	done
}

# Every path apt writes is under $apt; no binary caches. As root, apt
# would hand the download to user _apt, who cannot write into root's home.
papt() {
	cmd=$1; shift
	"$cmd" -q -o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$apt/lists" ${apt_status:+"-oDir::State::status=$apt_status"} \
		-o Dir::Cache="$apt" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o APT::Sandbox::User=root -o Acquire::Retries=1 \
		-o Acquire::http::Timeout=30 -o Acquire::https::Timeout=30 "$@"
}

apt_private() {	# apt_private DIR SUITES MIRROR_VAR [STATUS]
	apt=$1 apt_suites=$2 apt_status=${4:-}
	eval "mirror=\${$3:-}"
	keyring=
	if [ -z "$mirror" ]; then
		# The machine's own suite names the mirror: bookworm or trixie.
		codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
		# shellcheck disable=SC2046 # "URI KEYRING": two words
		set -- $(debian_mirror "$codename" | head -1)
		mirror=${1:-} keyring=${2:-}
	fi
	[ -n "$mirror" ] || {
		echo "${apt_caller:-deps}: no apt source for this machine's suite (${codename:-unknown}) in /etc/apt to take $apt_suites from; set $3=URL" >&2
		exit 1
	}
	mkdir -p "$apt/lists/partial" "$apt/archives/partial"
	for apt_s in $apt_suites; do
		for apt_t in ${apt_types:-deb}; do
			echo "$apt_t [arch=$(dpkg --print-architecture)${keyring:+ signed-by=$keyring}] $mirror $apt_s main"
		done
	done > "$apt/sources.list"
	# apt-get update can fail to fetch an index with only a warning, exit 0.
	if ! papt apt-get update > "$apt/update.log" 2>&1 ||
		grep -qE '^(E:|W: Failed to fetch|W: Some index files)' "$apt/update.log"; then
		echo "${apt_caller:-deps}: apt-get update of $apt_suites from $mirror failed:" >&2
		sed 's/^/    /' "$apt/update.log" >&2
		exit 1
	fi
}

apt_private_download() {	# apt_private_download DEST PKG[/SUITE]...
	dest=$1; shift
	rm -rf "$dest" && mkdir -p "$dest"
	(cd "$dest" && papt apt-get download "$@") > "$apt/download.log" 2>&1 || {
		echo "${apt_caller:-deps}: downloading $* failed:" >&2
		sed 's/^/    /' "$apt/download.log" >&2
		exit 1
	}
}
