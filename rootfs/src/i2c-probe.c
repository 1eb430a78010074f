// SPDX-License-Identifier: GPL-2.0
/*
 * i2c-probe BUS funcs
 * i2c-probe BUS rdwr ADDR REG
 * i2c-probe BUS smbus KIND ADDR REG [pec|tenbit]
 * i2c-probe BUS timeout MS
 *
 * One i2c-dev call on /dev/i2c-BUS, for plans that compare what the
 * adapter advertises with what it does, where busybox's i2c tools cannot
 * go (i2ctransfer takes no address above 0x77, i2cget has no PEC).
 *
 * funcs: the I2C_FUNCS mask, as 0x%08lx.
 * rdwr: one I2C_RDWR of two messages to ADDR (any 16-bit value, passed
 * as is): write REG, repeated START, read one byte.
 * smbus: an SMBus read of KIND (byte, byte-data, word-data, block-data,
 * i2c-block-data: 4 bytes) from register REG of ADDR, after I2C_SLAVE_FORCE
 * ADDR; "pec" turns on I2C_PEC first. "tenbit" takes ADDR as a 10-bit
 * address (I2C_TENBIT) and turns I2C_TENBIT off again before the read,
 * which leaves the 10-bit address on a 7-bit client.
 * timeout: I2C_TIMEOUT: MS, 10 or more, becomes the adapter's transfer
 * timeout for every user of the bus, kernel drivers included (i2c-dev
 * takes it in units of 10 ms).
 *
 * Prints the bytes read (0x%02x each, blank-separated), "ok" after
 * timeout, or the errno's name (EINVAL, ENXIO...); exits 0 either way,
 * 2 on bad arguments or when the device cannot be opened or set up.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "errname.h"

static void print_bytes(const unsigned char *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		printf("%s0x%02x", i ? " " : "", b[i]);
	putchar('\n');
}

static void usage(void)
{
	fprintf(stderr, "usage: i2c-probe BUS funcs | BUS rdwr ADDR REG |\n"
			"       BUS smbus byte|byte-data|word-data|block-data|i2c-block-data ADDR REG [pec|tenbit] |\n"
			"       BUS timeout MS\n");
	exit(2);
}

static int smbus_read(int fd, const char *kind, unsigned char reg,
		      unsigned char *out)
{
	union i2c_smbus_data data = { 0 };
	struct i2c_smbus_ioctl_data args = {
		.read_write = I2C_SMBUS_READ, .command = reg, .data = &data,
	};
	int n;

	if (!strcmp(kind, "byte")) {
		args.size = I2C_SMBUS_BYTE;
		n = 1;
	} else if (!strcmp(kind, "byte-data")) {
		args.size = I2C_SMBUS_BYTE_DATA;
		n = 1;
	} else if (!strcmp(kind, "word-data")) {
		args.size = I2C_SMBUS_WORD_DATA;
		n = 2;
	} else if (!strcmp(kind, "block-data")) {
		args.size = I2C_SMBUS_BLOCK_DATA;
		n = -1;
	} else if (!strcmp(kind, "i2c-block-data")) {
		args.size = I2C_SMBUS_I2C_BLOCK_DATA;
		data.block[0] = 4;
		n = -1;
	} else {
		usage();
	}
	if (ioctl(fd, I2C_SMBUS, &args) < 0)
		return -errno;
	if (n < 0) {	/* block[0] is the count */
		n = data.block[0] > I2C_SMBUS_BLOCK_MAX ? I2C_SMBUS_BLOCK_MAX :
							   data.block[0];
		memcpy(out, &data.block[1], n);
	} else if (n == 2) {
		out[0] = data.word & 0xff;
		out[1] = data.word >> 8;
	} else {
		out[0] = data.byte;
	}
	return n;
}

int main(int argc, char **argv)
{
	unsigned char buf[I2C_SMBUS_BLOCK_MAX], reg;
	unsigned long funcs, addr;
	char dev[32];
	int fd, n;

	if (argc < 3)
		usage();
	snprintf(dev, sizeof(dev), "/dev/i2c-%s", argv[1]);
	fd = open(dev, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "i2c-probe: %s: %s\n", dev, strerror(errno));
		return 2;
	}

	if (!strcmp(argv[2], "funcs")) {
		if (ioctl(fd, I2C_FUNCS, &funcs) < 0) {
			puts(errname(errno));
			return 0;
		}
		printf("0x%08lx\n", funcs);
		return 0;
	}

	if (!strcmp(argv[2], "timeout") && argc == 4) {
		char *end;
		unsigned long ms = strtoul(argv[3], &end, 0);

		/* 0 (or garbage read as 0) would make every transfer time out */
		if (*end || ms < 10)
			usage();
		if (ioctl(fd, I2C_TIMEOUT, ms / 10) < 0)
			puts(errname(errno));
		else
			puts("ok");
		return 0;
	}

	if (!strcmp(argv[2], "rdwr") && argc == 5) {
		struct i2c_msg msgs[2];
		struct i2c_rdwr_ioctl_data rdwr = { .msgs = msgs, .nmsgs = 2 };

		addr = strtoul(argv[3], NULL, 0);
		reg = strtoul(argv[4], NULL, 0);
		msgs[0] = (struct i2c_msg){ .addr = addr, .len = 1, .buf = &reg };
		msgs[1] = (struct i2c_msg){ .addr = addr, .flags = I2C_M_RD,
					    .len = 1, .buf = buf };
		if (ioctl(fd, I2C_RDWR, &rdwr) < 0)
			puts(errname(errno));
		else
			print_bytes(buf, 1);
		return 0;
	}

	if (!strcmp(argv[2], "smbus") && (argc == 6 || argc == 7)) {
		const char *opt = argc == 7 ? argv[6] : "";

		addr = strtoul(argv[4], NULL, 0);
		reg = strtoul(argv[5], NULL, 0);
		if (!strcmp(opt, "tenbit") && ioctl(fd, I2C_TENBIT, 1UL) < 0) {
			perror("i2c-probe: I2C_TENBIT");
			return 2;
		}
		if (ioctl(fd, I2C_SLAVE_FORCE, addr) < 0) {
			perror("i2c-probe: I2C_SLAVE_FORCE");
			return 2;
		}
		if (!strcmp(opt, "tenbit") && ioctl(fd, I2C_TENBIT, 0UL) < 0) {
			perror("i2c-probe: I2C_TENBIT");
			return 2;
		}
		if (!strcmp(opt, "pec") && ioctl(fd, I2C_PEC, 1UL) < 0) {
			perror("i2c-probe: I2C_PEC");
			return 2;
		}
		n = smbus_read(fd, argv[3], reg, buf);
		if (n < 0)
			puts(errname(-n));
		else
			print_bytes(buf, n);
		return 0;
	}

	usage();
	return 2;
}
