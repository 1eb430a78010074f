#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu-device.sh [--lava VERSION] [--command QEMU] JOB.yaml: print the
# configuration of a local LAVA "qemu" device for the job, as LAVA's server
# renders the device dictionary
#     {% extends 'qemu.jinja2' %}
#     {% set netdevice = 'user' %}
# with the job's context (LAVA renders a device's configuration with the
# context of the job it runs): base.jinja2's constants, parameters and
# timeouts, and qemu.jinja2's arm branch, the only one our jobs use.
# --lava VERSION: the LAVA whose templates to follow, 2023.01 (Debian 12's)
# or 2026.10 (trixie-backports'); default the installed lava-dispatcher's
# version (dpkg-query), else 2023.01. Another version is an error.
# --command QEMU: the boot command of the qemu and qemu-nfs methods, as a
# device dictionary that overrides the template's qemu_method block names it
# (lava/lab/devices/qemu-axp209.jinja2); default qemu-system-arm, what the
# template names for arch arm.
#
# POSIX sh and awk: the project's host tooling runs no Python of its own,
# so this does not run Jinja2. lava/qemu-device/VERSION.yaml.in is that
# LAVA's rendered text (lava-server's device-types/qemu.jinja2 and
# base.jinja2, Debian 12's 2023.01-2 and trixie-backports' 2026.10-2~bpo13+1)
# with the context's values as @NAME@, which this puts in. It is checked
# against LAVA's own rendering: lava/lab/test.sh compares it with the
# device.yaml the lab's server (2023.01) sent its worker for each job
# (lab.LABEL.device-config); 2026.10's was compared once by hand
# (docs/lava.md).
#
# The context is read as lava/make-jobs.sh writes it (plain or single-
# quoted scalars, extra_options a block list of single-quoted strings).
# A context key this script does not put in (vga, serial, boot_*,
# console_device, ...), an arch other than arm, or a context it cannot read
# is an error: exit status 2, never a device that differs silently from
# LAVA's.
set -eu
command=qemu-system-arm lava=
while [ $# -gt 1 ]; do
	case "$1" in
	--command) command=$2; shift 2 ;;
	--lava) lava=$2; shift 2 ;;
	*) break ;;
	esac
done
if [ $# != 1 ] || [ ! -f "$1" ]; then
	echo "usage: qemu-device.sh [--lava VERSION] [--command QEMU] JOB.yaml" >&2
	exit 2
fi
[ -n "$lava" ] || lava=$(dpkg-query -W -f '${Version}' lava-dispatcher 2>/dev/null) || lava=
[ -n "$lava" ] || lava=2023.01
case "$lava" in
2023.01*) tmpl=2023.01 guestfs_interface=ide ;;
2026.10*) tmpl=2026.10 guestfs_interface=virtio ;;	# (qemu_guest_fs_interface for arm)
*) echo "qemu-device.sh: no rendering of LAVA $lava's qemu.jinja2 here (lava/qemu-device/: 2023.01, 2026.10)" >&2; exit 2 ;;
esac
tmpl=$(cd "$(dirname "$0")" && pwd)/qemu-device/$tmpl.yaml.in

# The context: KEY=VALUE lines, extra_options as "extra VALUE" lines.
ctx=$(awk '
function unq(v) {
	if (v ~ /^'"'"'.*'"'"'$/) { v = substr(v, 2, length(v) - 2); gsub(/'"''"'/, "'"'"'", v); return v }
	if (v ~ /^["{[&*!|>]/) { bad = "cannot read the value " v; exit 2 }
	return v
}
/^context:/ { in_ctx = 1; next }
in_ctx && /^[^ #-]/ { in_ctx = 0 }
!in_ctx || /^ *#/ || /^ *$/ { next }
/^  [a-z_]+:/ {
	k = $0; sub(/^  /, "", k); sub(/:.*/, "", k)
	v = $0; sub(/^  [a-z_]+: */, "", v)
	list = (k == "extra_options" && v == "")
	if (!list) print k "=" unq(v)
	next
}
/^  - / && list { v = $0; sub(/^  - /, "", v); print "extra " unq(v); next }
{ bad = "cannot read the line: " $0; exit 2 }
END { if (bad != "") { print "qemu-device.sh: context: " bad > "/dev/stderr"; exit 2 } }' "$1") || exit 2

arch= cpu=cortex-a57 machine=virt memory=512 model=model=virtio mac_addr=52:54:00:12:34:58 monitor=none
guestfs_size=512 guestfs_driveid=lavatest
extra=
while IFS= read -r line; do
	case "$line" in
	"") ;;
	"extra "*)
		v=${line#extra }
		case "$v" in
		*"'"*) echo "qemu-device.sh: extra option $v: has a quote (Python would print it in double quotes)" >&2; exit 2 ;;
		esac
		# shellcheck disable=SC2089 # the quotes are the text (Python's list repr)
		extra="${extra:+$extra, }'$v'" ;;
	arch=* | cpu=* | machine=* | memory=* | model=* | mac_addr=* | monitor=* | guestfs_size=* | guestfs_interface=* | guestfs_driveid=*)
		eval "${line%%=*}=\${line#*=}" ;;
	*) echo "qemu-device.sh: context key ${line%%=*}: not one this script renders" >&2; exit 2 ;;
	esac
done <<EOF
$ctx
EOF
[ "$arch" = arm ] || { echo "qemu-device.sh: arch '${arch}': only qemu.jinja2's arm branch is rendered" >&2; exit 2; }

# The template's text, the values put in (from the environment: awk's -v
# would take backslashes as escapes); its leading comment lines are ours.
# shellcheck disable=SC2090 # as above
export command cpu machine model mac_addr memory monitor extra guestfs_size guestfs_interface guestfs_driveid
awk '
function put(name, val,   t, i, out) {
	t = "@" name "@"
	out = ""
	while ((i = index($0, t)) > 0) {
		out = out substr($0, 1, i - 1) val
		$0 = substr($0, i + length(t))
	}
	$0 = out $0
}
head && /^#/ { next }
{ head = 0 }
/@EXTRA@/ && ENVIRON["extra"] == "" { next }
{
	put("COMMAND", ENVIRON["command"]); put("CPU", ENVIRON["cpu"]); put("MACHINE", ENVIRON["machine"])
	put("MODEL", ENVIRON["model"]); put("MAC_ADDR", ENVIRON["mac_addr"]); put("MEMORY", ENVIRON["memory"])
	put("MONITOR", ENVIRON["monitor"]); put("EXTRA", ENVIRON["extra"])
	put("GUESTFS_SIZE", ENVIRON["guestfs_size"]); put("GUESTFS_INTERFACE", ENVIRON["guestfs_interface"])
	put("GUESTFS_DRIVEID", ENVIRON["guestfs_driveid"])
	print
}' head=1 "$tmpl"
