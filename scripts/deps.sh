#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages vexpress-pm needs; costs one dpkg-query when
# everything is already there (no apt-get update unless something is missing).
# Then LAVA's dispatcher, and on Debian 12 the second QEMU for the AXP209
# profile (scripts/fetch-qemu10.sh), and the source of KVER if it is not
# the distribution's (scripts/fetch-linux-source.sh); nothing to do once
# they are there.
#
# deps.sh --build: only what building the images and booting them needs
# (make run, shell, timeline, bench, stress: the build's packages and the
# distribution's QEMU, and on Debian 12 QEMU 10 for BOARD=cubieboard or
# PMIC=axp209); the test suite's tools (the gates', LAVA's, QEMU 10
# for the AXP209 profile on Debian 12) come with 'make deps' or 'make test'.
set -eu
build_only=no
[ "${1:-}" != --build ] || build_only=yes

pkgs="linux-source-6.12 gcc-arm-linux-gnueabihf qemu-system-arm
	device-tree-compiler u-boot-tools bc bison flex libssl-dev libelf-dev
	cpio xz-utils ccache sparse yamllint clang-format make gcc git python3
	libxml2-utils mawk gawk curl jq debootstrap iproute2 procps"
# (curl and jq: the lab's REST API client, lava/lab/test.sh; debootstrap:
# the lab's Debian 12 root, lava/lab/up.sh, on Debian 12 and 13 alike;
# iproute2 and procps: its ip, ss and ps, which a minbase root has only
# as lava-dispatcher's and dconf-service's dependencies)
# (mawk and gawk: the awk programs' self-test runs each by name, since
# installing gawk makes it /usr/bin/awk: tests/awk-selftest.sh)
# Installed where the distribution has them; the gates that need them
# report a skip, with the reason, where it has not (scripts/check.sh).
# Debian 13 has no dt-schema package (deps-backports.sh, below).
optional="dt-schema"
if [ $build_only = yes ]; then
	pkgs="linux-source-6.12 gcc-arm-linux-gnueabihf qemu-system-arm
		device-tree-compiler u-boot-tools bc bison flex libssl-dev libelf-dev
		cpio xz-utils ccache make gcc git python3"
	optional=
else
	# Debian 13: lava-dispatcher and dt-schema from trixie-backports, pinned.
	sh "$(dirname "$0")/deps-backports.sh"
	# QEMU_PATCHED_CACHE: build-qemu-patched.sh (below) builds QEMU here;
	# its build dependencies are its own list (--deps), here those not
	# above already.
	if [ -n "${QEMU_PATCHED_CACHE:-}" ]; then
		qdeps=$(sh "$(dirname "$0")/build-qemu-patched.sh" --deps) || exit 1
		for p in $qdeps; do
			# shellcheck disable=SC2086,SC2116 # the words, one blank apart
			case " $(echo $pkgs) " in
			*" $p "*) ;;
			*) pkgs="$pkgs $p" ;;
			esac
		done
	fi
fi

installed() { dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q "ok installed"; }
known() { apt-cache show "$1" > /dev/null 2>&1; }
# trace-cmd formats the guest's trace-cmd captures, clang builds the
# checker's fuzzer (tools/sleeptrace): optional too.
[ $build_only = yes ] || optional="$optional trace-cmd clang"

# One dpkg-query for the whole list, not one a package (17 of them, 1.9 s
# of every make run on a loaded 2-core host): the names of those installed.
# shellcheck disable=SC2086 # word lists
have=" $(dpkg-query -W -f='${Status} ${Package}\n' $pkgs $optional 2>/dev/null |
	awk '$2 == "ok" && $3 == "installed" { printf "%s ", $4 }')"
missing="" unknown=""
for p in $pkgs; do
	case $have in *" $p "*) ;; *) missing="$missing $p" ;; esac
done
for p in $optional; do
	case $have in *" $p "*) continue ;; esac
	if known "$p"; then missing="$missing $p"
	else unknown="$unknown $p"
	fi
done
# The guest's userland is Debian's static ARM busybox: needs armhf enabled.
armhf=yes
dpkg --print-foreign-architectures | grep -qx armhf || armhf=no

if [ -n "$missing" ] || [ $armhf = no ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages:$missing${missing:+ }(and armhf: $armhf); run 'make deps' as root" >&2
		exit 1
	fi
	[ $armhf = yes ] || dpkg --add-architecture armhf
	apt-get update -qq >/dev/null
	# Fresh lists may know an optional package the old ones did not.
	still=""
	for p in $unknown; do
		if known "$p"; then missing="$missing $p"; else still="$still $p"; fi
	done
	unknown=$still
	# A required package the sources do not have: name it and where Debian
	# keeps it, rather than apt's "Unable to locate" among many names.
	# (an optional one that vanished fails apt-get install, as before)
	absent=""
	for p in $missing; do
		case " $(echo $pkgs) " in
		*" $p "*) known "$p" || absent="$absent $p" ;;
		esac
	done
	case " $absent " in
	*" linux-source-6.12 "*)
		echo "deps: linux-source-6.12 is in none of this machine's apt sources: Debian 12 has it in its security suite (bookworm-security, which the Debian installer adds and a debootstrap root lacks), Debian 13 in trixie" >&2 ;;
	esac
	[ -z "$absent" ] || { echo "deps: not in this machine's apt sources:$absent" >&2; exit 1; }
	echo "  APT     update; install$missing"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null ||
		{ echo "deps: apt-get install failed for:$missing" >&2; exit 1; }
fi
[ -z "$unknown" ] ||
	echo "  APT     not in this distribution's archive:$unknown (the checks that need it are skipped)"

if [ $build_only = yes ]; then
	# A board whose PMIC model Debian 12's QEMU lacks (the Cubieboard's
	# own AXP209, PMIC=axp209) boots on the QEMU 10 that make run then
	# picks (scripts/jobs/main-job.sh): fetched here as for the suite
	case "${BOARD:-}:${PMIC:-}" in
	cubieboard:* | *:axp209) sh "$(dirname "$0")/fetch-qemu10.sh" ;;
	esac
	sh "$(dirname "$0")/fetch-linux-source.sh"
	exit 0
fi

# The lava suite's dispatcher (lava/quick.sh), without its recommends: the
# NFS, TFTP and LXC services of a lab's worker, which our jobs do not use.
# Debian 12 has 2023.01; where the archive has none, the suite is a skip.
if ! installed lava-dispatcher; then
	if [ "$(id -u)" != 0 ]; then
		echo "  APT     lava-dispatcher not installed (run 'make deps' as root; the lava suite is skipped)"
	else
		known lava-dispatcher || apt-get update -qq >/dev/null
		if known lava-dispatcher; then
			echo "  APT     install lava-dispatcher (without recommends)"
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
				lava-dispatcher >/dev/null ||
				{ echo "deps: apt-get install failed for: lava-dispatcher" >&2; exit 1; }
		else
			echo "  APT     not in this distribution's archive: lava-dispatcher (the lava suite is skipped)"
		fi
	fi
fi

sh "$(dirname "$0")/fetch-qemu10.sh"
sh "$(dirname "$0")/fetch-linux-source.sh"
# QEMU 11 from trixie-backports, where QEMU11_CACHE asks for it
sh "$(dirname "$0")/fetch-qemu11.sh"
# QEMU 10.0 built with boot/qemu-patches, where QEMU_PATCHED_CACHE asks
# for it (a build of some 13 min of CPU: opt-in)
sh "$(dirname "$0")/build-qemu-patched.sh"
