# SPDX-License-Identifier: GPL-2.0
# Sourced by the host scripts and read by the Makefile: the kernels the
# project builds and tests, the default first. KVER picks one (default:
# the first); each has its own build directory (scripts/build-dir.sh).
# 6.12 is the default: an LTS, Debian 13's own kernel, and the one the
# TWL92230 profile's whole suite runs on; 7.3 is today's kernel.
KVERS="6.12 7.3"
KVER=${KVER:-${KVERS%% *}}
case " $KVERS " in
*" $KVER "*) ;;
*) echo "KVER=$KVER: not a kernel this project builds (it builds: $KVERS)" >&2
   exit 1 ;;
esac
# Each kernel's source is Debian's linux-source-$KVER tarball: installed in
# /usr/src ('make deps' installs 6.12's), else taken from trixie-backports
# into $LINUX_SOURCE_CACHE by scripts/fetch-linux-source.sh.
LINUX_SOURCE_CACHE=${LINUX_SOURCE_CACHE-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/linux-source}
kver_tarball() {
	if [ -f "/usr/src/linux-source-$KVER.tar.xz" ] || [ -z "$LINUX_SOURCE_CACHE" ]; then
		echo "/usr/src/linux-source-$KVER.tar.xz"
	else
		echo "$LINUX_SOURCE_CACHE/linux-source-$KVER.tar.xz"
	fi
}
