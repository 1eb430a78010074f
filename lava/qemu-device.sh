#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu-device.sh [--command QEMU] JOB.yaml: print the configuration of a
# local LAVA "qemu" device for the job, as LAVA 2023.01's server renders the
# device dictionary
#     {% extends 'qemu.jinja2' %}
#     {% set netdevice = 'user' %}
# with the job's context (LAVA renders a device's configuration with the
# context of the job it runs): base.jinja2's constants, parameters and
# timeouts, and qemu.jinja2's arm branch, the only one our jobs use.
# --command QEMU: the boot command of the qemu and qemu-nfs methods, as a
# device dictionary that overrides the template's qemu_method block names it
# (lava/lab/devices/qemu-axp209.jinja2); default qemu-system-arm, what the
# template names for arch arm.
#
# POSIX sh and awk: the project's host tooling runs no Python of its own,
# so this does not run Jinja2. It is the rendered text of Debian 12's
# lava-server 2023.01-2 (/usr/share/lava-server/device-types/qemu.jinja2,
# base.jinja2) with the context's values put in, and is checked against
# LAVA's own rendering: lava/lab/test.sh compares it with the device.yaml
# the lab's server sent its worker for each job (lab.LABEL.device-config).
#
# The context is read as lava/make-jobs.sh writes it (plain or single-
# quoted scalars, extra_options a block list of single-quoted strings).
# A context key the template would use and this script does not put in
# (vga, serial, boot_*, console_device, ...), an arch other than arm, or a
# context it cannot read is an error: exit status 2, never a device that
# differs silently from LAVA's.
set -eu
command=qemu-system-arm
case "${1:-}" in
--command) command=$2; shift 2 ;;
esac
[ $# = 1 ] && [ -f "$1" ] || { echo "usage: qemu-device.sh [--command QEMU] JOB.yaml" >&2; exit 2; }

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
guestfs_size=512 guestfs_interface=ide guestfs_driveid=lavatest
extra=
while IFS= read -r line; do
	case "$line" in
	"") ;;
	"extra "*)
		v=${line#extra }
		case "$v" in
		*"'"*) echo "qemu-device.sh: extra option $v: has a quote (Python would print it in double quotes)" >&2; exit 2 ;;
		esac
		extra="${extra:+$extra, }'$v'" ;;
	arch=* | cpu=* | machine=* | memory=* | model=* | mac_addr=* | monitor=* | guestfs_size=* | guestfs_interface=* | guestfs_driveid=*)
		eval "${line%%=*}=\${line#*=}" ;;
	*) echo "qemu-device.sh: context key ${line%%=*}: not one this script renders" >&2; exit 2 ;;
	esac
done <<EOF
$ctx
EOF
[ "$arch" = arm ] || { echo "qemu-device.sh: arch '${arch}': only qemu.jinja2's arm branch is rendered" >&2; exit 2; }

# base.jinja2: constants and parameters, then qemu.jinja2's architectures.
cat <<'EOF'


constants:

  # POSIX os (not AOSP)
  posix:
    lava_test_sh_cmd: /bin/sh
    lava_test_results_dir: /lava-%s
    lava_test_shell_file: ~/.bashrc

  # bootloader specific
  barebox:
    interrupt-prompt: 'Hit m for menu or any other key to stop autoboot'
    interrupt-character: '
'
    final-message: 'Starting kernel'
    error-messages:
      - '### ERROR ### Please RESET the board ###'
      - 'ERROR: .*'
      - '.*: Out of memory'
  u-boot:
    interrupt-prompt: 'Hit any key to stop autoboot'
    interrupt-character: ' '
    interrupt_ctrl_list: []
    interrupt-newline: True
    final-message: 'Starting kernel'
    error-messages:
      - 'Resetting CPU'
      - 'Must RESET board to recover'
      - 'TIMEOUT'
      - 'Retry count exceeded'
      - 'Retry time exceeded; starting again'
      - 'ERROR: The remote end did not respond in time.'
      - 'File not found'
      - 'Bad Linux ARM64 Image magic!'
      - 'Wrong Ramdisk Image Format'
      - 'Ramdisk image is corrupt or invalid'
      - 'ERROR: Failed to allocate'
      - 'TFTP error: trying to overwrite reserved memory'
      - 'Bad Linux RISCV Image magic!'
      - 'Wrong Image Format for boot'
      - 'ERROR: Did not find a cmdline Flattened Device Tree'
      - 'ERROR: RD image overlaps OS image'
    dfu-download: 'DOWNLOAD \.\.\. OK\r\nCtrl\+C to exit \.\.\.'
  grub:
    interrupt-prompt: 'for a command-line'
    interrupt-character: 'c'
    interrupt-newline: False
    error-messages:
      - "error: missing (.*) symbol."
  grub-efi:
    interrupt-prompt: 'for a command-line'
    interrupt-character: 'c'
    error-messages:
      - 'Undefined OpCode Exception PC at'
      - 'Synchronous Exception at'
      - "error: missing (.*) symbol."
  ipxe:
    interrupt-prompt: 'Press Ctrl-B for the iPXE command line'
    interrupt_ctrl_list: ['b']
    error-messages:
      - 'No configuration methods succeeded'
      - 'Connection timed out'
  depthcharge:
    final-message: 'Starting kernel'
    error-messages:
      - 'Tftp failed.'
      - 'Dhcp release failed.'
      - 'No space left for ramdisk'
      - 'TFTP failed for ramdisk.'
      - 'Dhcp release failed.'
      - 'Out of space adding TFTP server IP to the command line.'
      - 'No network device.'
      - 'Error code \d+( \([\w\s]+\))?\r\n'
  # OS shutdown message
  # Override: set as the shutdown-message parameter of an Action.
  # SHUTDOWN_MESSAGE
  shutdown-message: 'The system is going down for reboot NOW'

  # Kernel starting message
  kernel-start-message: 'Linux version [0-9]'

  # Default shell prompt for AutoLogin
  # DEFAULT_SHELL_PROMPT
  default-shell-prompt: 'lava-test: # '

  # pexpect.spawn maxread
  # SPAWN_MAXREAD - in bytes, quoted as a string
  # 1 to turn off buffering, pexpect default is 2000
  # maximum may be limited by platform issues to 4092
  # avoid setting searchwindowsize:
  # Data before searchwindowsize point is preserved, but not searched.
  spawn_maxread: '4092'

  # Set the failure retry to default or override it
  failure_retry: 1
  # Override boot_retry
  boot_retry: 
parameters:
  # interfaces or device_ip or device_mac

  pass: # sata_uuid_sd_uuid_usb_uuid



available_architectures:
- arm64
- arm
- aarch64
- amd64
- x86_64
- hppa
- i386
- mips
- mipsel
- mips64
- nios2
- ppc
- ppc64
- riscv64
- sparc
- sparc64
- alpha
- cris
- lm32
- m68k
- microblaze
- microblazeel
- moxie
- or32
- s390x
- sh4
- sh4eb
- tricore
- unicore32
- xtensa
- xtensaeb

actions:
  deploy:
    connections:
      serial:
      lxc:
    methods:
      nfs:
      lxc:
      image:
        parameters:
          guest:
EOF
echo "            size: $guestfs_size  # in Mb"
echo "            interface: $guestfs_interface"
echo "            driveid: $guestfs_driveid"
cat <<'EOF'
  boot:
    connections:
      serial:
      ssh:
      lxc:
    methods:
      minimal:
      qemu:
EOF
# qemu.jinja2's qemu_method block, arm branch (the qemu-nfs method
# repeats it: self.qemu_method()).
method() {
	echo "        parameters:"
	echo "          command:"
	echo "            $command"
	echo "          # used by installers to relate to the empty target device"
	echo "          boot_options:"
	echo "          options:"
	echo "          - -cpu $cpu"
	echo "          - -machine $machine"
	echo "          - -nographic"
	echo "          - -net nic,$model,macaddr=$mac_addr -net user"
	echo "          - -m $memory"
	echo "          - -monitor $monitor"
	[ -z "$extra" ] || echo "          extra: [$extra]"
}
method
echo "      qemu-nfs:"
method
cat <<'EOF'

          append:
            console: ttyAMA0
            root: /dev/nfs
            nfsrootargs: nfsroot={NFS_SERVER_IP}:{NFSROOTFS},tcp,hard
            ipargs: ip=dhcp
EOF
# base.jinja2's timeouts.
cat <<'EOF'
timeouts:
  actions:
    apply-overlay-image:
      minutes: 2
    dd-image:
      minutes: 10
    download-retry:
      minutes: 5
    http-download:
      minutes: 5
    lava-test-shell:
      minutes: 3
    nfs-deploy:
      minutes: 10
    power-off:
      seconds: 10
    bootloader-commands:
      minutes: 3
    bootloader-interrupt:
      seconds: 30
    u-boot-interrupt:
      seconds: 30
    umount-retry:
      seconds: 45
    auto-login-action:
      minutes: 2
    bootloader-action:
      minutes: 3
    uboot-action:
      minutes: 3
    uboot-commands:
      minutes: 3
    bootloader-retry:
      minutes: 3
    boot-qemu-image:
      minutes: 2
    boot-image-retry:
      minutes: 2
    flash-uboot-ums:
      minutes: 20
    musca-deploy:
      minutes: 3
    musca-boot:
      minutes: 1
    unmount-musca-usbmsd:
      seconds: 30
    pdu-reboot:
      seconds: 30
    reset-device:
      seconds: 30
  connections:
    dd-image:
      minutes: 10
    uboot-commands:
      seconds: 30
    bootloader-commands:
      seconds: 30
    auto-login-action:
      minutes: 2
    bootloader-interrupt:
      seconds: 30
    u-boot-interrupt:
      seconds: 30
    lava-test-shell:
      seconds: 10
    lava-docker-test-shell:
      seconds: 10
EOF
