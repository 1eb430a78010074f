// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer entry for sleeptrace (fuzz/fuzz.sh builds and runs it): each
 * input is a capture, run through check, explain, phases and devices as the
 * command line would (sleeptrace.c's main(), renamed sleeptrace_main).
 * Their output is dropped (libFuzzer's -close_fd_mask=3): what counts is
 * that nothing crashes, hangs or trips AddressSanitizer or UBSan.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int sleeptrace_main(int argc, char **argv);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[] = "/tmp/sleeptrace-fuzz-XXXXXX";
	static char *const cmds[] = { "check", "explain", "phases", "devices" };
	static char fdpath[32];
	static int fd = -1;
	size_t i;

	if (fd < 0) {
		fd = mkstemp(path);
		if (fd < 0)
			abort();
		unlink(path);	/* the descriptor keeps it, as fdpath */
		snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		char *argv[] = { "sleeptrace", cmds[i], "--pmic", "0-004a", fdpath, NULL };

		sleeptrace_main(5, argv);
	}
	return 0;
}
