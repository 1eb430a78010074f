# SPDX-License-Identifier: GPL-2.0
# Sourced by the host scripts and read by the Makefile: the one date stamped
# on what the build makes (the series' commits, the kernel's version string
# and its built-in initramfs), fixed so that unchanged input gives the same
# output (reproducible builds). kbuild hands it to date(1) -d: a real date.
BUILD_DATE="2026-01-01T00:00:00Z"
