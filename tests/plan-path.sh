# SPDX-License-Identifier: GPL-2.0
# Sourced by the host scripts that find a plan by name. plan_path NAME: its
# file, relative to the repository: the board's test plans are in
# tests/plans/ (and in the board's initramfs), the runner's own fixtures
# (fixture-*: guests that fail, hang or crash on purpose) in
# tests/fixtures/, booted with an initramfs of their own that adds them
# (rootfs-fixtures.cpio) so the board's carries none.
plan_path() {
	case $1 in
	fixture-*) echo "tests/fixtures/$1.sh" ;;
	*) echo "tests/plans/$1.sh" ;;
	esac
}

# plan_hostdir NAME: where its "# host:" scripts are, relative to the
# repository
plan_hostdir() {
	case $1 in
	fixture-*) echo tests/fixtures/host ;;
	*) echo tests/host ;;
	esac
}

# plan_initramfs NAME: the initramfs of the build's images it boots,
# without its .cpio/.cpio.gz: the fixtures' own or the board's
plan_initramfs() {
	case $1 in
	fixture-*) echo rootfs-fixtures ;;
	*) echo rootfs ;;
	esac
}
