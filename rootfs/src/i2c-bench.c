// SPDX-License-Identifier: GPL-2.0
/*
 * i2c-bench BUS ADDR REG N: time N one-byte register reads (write REG,
 * repeated START, read 1) and N two-byte register writes (REG, value) to
 * the chip at ADDR through /dev/i2c-BUS, and the CPU time all CPUs spent
 * meanwhile (/proc/stat): an interrupt-driven adapter sleeps while the
 * bus moves, a bit-banging one (i2c-algo-bit) busy-waits. The write puts
 * back the value the register already holds, so the chip is left as it was.
 *
 * Prints one line per kind for the host (scripts/jobs/bench.sh):
 *   bench: read n=N min=US median=US mean=US max=US cpu=US
 * (latencies and CPU per transaction in microseconds). Exit 1 if a
 * transfer fails or a read returns a different value than the first.
 */
#include <fcntl.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define WARMUP	5

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/*
 * Idle (and iowait) time of all CPUs so far, in microseconds. With NO_HZ
 * the kernel accounts idle time exactly (only the report is in clock
 * ticks), while user and system time are sampled at each tick, too
 * coarse for transfers of a few hundred microseconds: busy time is
 * therefore wall time x CPUs - idle.
 */
static double idle_us(void)
{
	unsigned long long v[5];
	FILE *f = fopen("/proc/stat", "r");

	if (!f || fscanf(f, "cpu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
			 &v[3], &v[4]) != 5) {
		fprintf(stderr, "i2c-bench: cannot read /proc/stat\n");
		exit(1);
	}
	fclose(f);
	return (v[3] + v[4]) * 1e6 / sysconf(_SC_CLK_TCK);
}

static int xfer(int fd, int addr, unsigned char reg, unsigned char *val, int write)
{
	unsigned char wbuf[2] = { reg, *val };
	struct i2c_msg msgs[2] = {
		{ .addr = addr, .flags = 0, .len = write ? 2 : 1, .buf = wbuf },
		{ .addr = addr, .flags = I2C_M_RD, .len = 1, .buf = val },
	};
	struct i2c_rdwr_ioctl_data data = { .msgs = msgs, .nmsgs = write ? 1 : 2 };

	return ioctl(fd, I2C_RDWR, &data) == (int)data.nmsgs ? 0 : -1;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Time n transfers of one kind; print the result line */
static int run(int fd, int addr, unsigned char reg, unsigned char want,
	       int n, int write, double *lat)
{
	double t, t0 = 0, idle0 = 0, busy, sum = 0;
	unsigned char val;
	int i;

	for (i = -WARMUP; i < n; i++) {
		if (i == 0) {
			idle0 = idle_us();
			t0 = now_us();
		}
		val = want;
		t = now_us();
		if (xfer(fd, addr, reg, &val, write)) {
			perror("i2c-bench: I2C_RDWR");
			return -1;
		}
		t = now_us() - t;
		if (!write && val != want) {
			fprintf(stderr, "i2c-bench: read 0x%02x, expected 0x%02x\n", val, want);
			return -1;
		}
		if (i >= 0) {
			lat[i] = t;
			sum += t;
		}
	}
	busy = (now_us() - t0) * sysconf(_SC_NPROCESSORS_ONLN) - (idle_us() - idle0);
	qsort(lat, n, sizeof(*lat), cmp);
	printf("bench: %s n=%d min=%.1f median=%.1f mean=%.1f max=%.1f cpu=%.1f\n",
	       write ? "write" : "read", n, lat[0], lat[n / 2], sum / n, lat[n - 1],
	       busy / n);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char reg, val;
	int fd, addr, n;
	char path[32];
	double *lat;

	if (argc != 5) {
		fprintf(stderr, "usage: i2c-bench BUS ADDR REG N\n");
		return 2;
	}
	snprintf(path, sizeof(path), "/dev/i2c-%s", argv[1]);
	addr = strtol(argv[2], NULL, 0);
	reg = strtol(argv[3], NULL, 0);
	n = atoi(argv[4]);
	if (n <= 0) {
		fprintf(stderr, "i2c-bench: N must be at least 1, not '%s'\n", argv[4]);
		return 2;
	}
	lat = calloc(n, sizeof(*lat));
	fd = open(path, O_RDWR);
	if (fd < 0 || !lat) {
		perror(fd < 0 ? path : "i2c-bench");
		return 2;
	}
	val = 0;
	if (xfer(fd, addr, reg, &val, 0)) {
		perror("i2c-bench: first read");
		return 1;
	}
	printf("bench: %s 0x%02x reg 0x%02x = 0x%02x\n", path, addr, reg, val);
	if (run(fd, addr, reg, val, n, 0, lat) || run(fd, addr, reg, val, n, 1, lat))
		return 1;
	close(fd);
	return 0;
}
