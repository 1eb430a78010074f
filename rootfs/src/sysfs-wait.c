// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-wait FILE VALUE TIMEOUT_MS
 *
 * Wait until the first line of FILE reads VALUE, polling every millisecond,
 * so guest tests await a state change instead of sleeping a fixed time.
 * Exit 0 when seen (prints the milliseconds it took), 1 on timeout (prints
 * the last value read), 2 on bad arguments or an unreadable file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int main(int argc, char **argv)
{
	struct timespec tick = { 0, 1000000 };
	char buf[256];
	long start, timeout;

	if (argc != 4) {
		fprintf(stderr, "usage: sysfs-wait FILE VALUE TIMEOUT_MS\n");
		return 2;
	}
	timeout = strtol(argv[3], NULL, 10);
	start = now_ms();
	for (;;) {
		if (read_line(argv[1], buf, sizeof(buf))) {
			fprintf(stderr, "sysfs-wait: %s: %s\n", argv[1], strerror(errno));
			return 2;
		}
		if (!strcmp(buf, argv[2])) {
			printf("%ld\n", now_ms() - start);
			return 0;
		}
		if (now_ms() - start > timeout) {
			printf("%s\n", buf);
			return 1;
		}
		nanosleep(&tick, NULL);
	}
}
