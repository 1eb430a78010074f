// SPDX-License-Identifier: GPL-2.0
/*
 * i2c-fuzz ioctl BUS SEED COUNT SECONDS KEEP...
 * i2c-fuzz files SEED WRITES FILE...
 *
 * Hostile input from user space, for the hostile-input plan.
 *
 * ioctl: on /dev/i2c-BUS, first a fixed list of malformed calls, one line
 * each, "case NAME: RESULT" (RESULT is the errno's name, or "ok"), then up
 * to COUNT random ioctls (seeded xorshift; at most SECONDS seconds): the
 * i2c-dev commands with random arguments, malformed I2C_RDWR and I2C_SMBUS
 * requests, and random command numbers. Pointers are valid, NULL, a
 * PROT_NONE page or a kernel address. No transfer goes to an address KEEP
 * lists (the devices present: a write there would change a chip), nor to
 * the general call 0x00 (every device on QEMU's bus takes it), whatever
 * the address's low seven bits: every transfer must therefore fail. Prints
 *   random: calls=N transfers=T transfers-ok=K unexpected=U seconds=S
 *   random: errno NAME=COUNT...
 * and a "random: unexpected ..." line for each transfer that returned an
 * error this adapter and i2c-dev should never give for such input
 * (EIO, ETIMEDOUT, EAGAIN, EBUSY... mean the bus itself suffered). At the
 * end the adapter-wide settings a caller can change (I2C_TIMEOUT,
 * I2C_RETRIES) are put back to the driver's (1 s, none).
 *
 * files: writes WRITES garbage strings (seeded: no string any of the
 * kernel's number or bool parsers takes) to each FILE, each write on its
 * own open, and reads the file before and after. One line per file:
 *   file PATH: writes=N accepted=A unchanged=yes|no
 *
 * Exit 0 when it ran (the plan judges the lines), 2 on bad arguments.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"

#define SCRATCH_LEN	65536
#define MAX_KEEP	16
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* What a refused or unanswered transfer may return here */
static const int expected_errs[] = {
	EINVAL, EFAULT, ENXIO, EOPNOTSUPP, EAFNOSUPPORT, ENOMEM,
};

static uint32_t rng;

/* xorshift32: the same SEED gives the same calls */
static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static uint32_t pick(uint32_t n)
{
	return rnd() % n;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned char *scratch;	/* valid user memory for any length */
static void *noaccess;		/* a PROT_NONE page: EFAULT */
static unsigned int keep[MAX_KEEP], nkeep;
static const char *devpath;
static int fd;

/* An address no transfer may reach, however the adapter truncates it */
static int reachable(unsigned int addr)
{
	unsigned int i, low = addr & 0x7f;

	if (low == 0)
		return 1;
	for (i = 0; i < nkeep; i++)
		if (low == keep[i])
			return 1;
	return 0;
}

static unsigned int absent_addr(void)
{
	unsigned int a;

	do
		a = 0x03 + pick(0x75);
	while (reachable(a));
	return a;
}

static unsigned int random_addr(void)
{
	unsigned int a;

	switch (pick(4)) {
	case 0:
		a = rnd() & 0xffff;
		break;
	case 1:
		a = 0x80 + pick(0x380);	/* 8 to 10 bits */
		break;
	default:
		return absent_addr();
	}
	return reachable(a) ? a ^ 1 : a;
}

static void *random_ptr(size_t len)
{
	switch (pick(8)) {
	case 0:
		return NULL;
	case 1:
		return noaccess;
	case 2:
		return (void *)0xc0008000UL;	/* kernel text */
	case 3:
		return scratch + SCRATCH_LEN - (len < 16 ? len : 16);
	default:
		return scratch + pick(64);
	}
}

static int fresh_fd(void)
{
	if (fd >= 0)
		close(fd);
	fd = open(devpath, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "i2c-fuzz: %s: %s\n", devpath, strerror(errno));
		exit(2);
	}
	if (ioctl(fd, I2C_SLAVE, absent_addr()) < 0) {
		perror("i2c-fuzz: I2C_SLAVE");
		exit(2);
	}
	return fd;
}

static void report(const char *name, long ret)
{
	printf("case %s: %s\n", name, ret < 0 ? errname(errno) : "ok");
}

static long rdwr(struct i2c_msg *msgs, unsigned int n)
{
	struct i2c_rdwr_ioctl_data d = { .msgs = msgs, .nmsgs = n };

	return ioctl(fd, I2C_RDWR, &d);
}

static long rdwr1(unsigned int addr, unsigned int flags, unsigned int len,
		  void *buf)
{
	struct i2c_msg m = { .addr = addr, .flags = flags, .len = len,
			     .buf = buf };

	return rdwr(&m, 1);
}

static long smbus(unsigned char rw, unsigned char cmd, unsigned int size,
		  union i2c_smbus_data *data)
{
	struct i2c_smbus_ioctl_data d = {
		.read_write = rw, .command = cmd, .size = size, .data = data,
	};

	return ioctl(fd, I2C_SMBUS, &d);
}

static void fixed_cases(void)
{
	struct i2c_msg msgs[I2C_RDWR_IOCTL_MAX_MSGS + 1];
	struct i2c_rdwr_ioctl_data d = { .msgs = NULL, .nmsgs = 1 };
	union i2c_smbus_data data;
	unsigned int a = absent_addr(), i;
	static const struct {
		const char *name;
		unsigned char rw;
		unsigned int size;
	} kinds[] = {
		{ "quick-write", I2C_SMBUS_WRITE, I2C_SMBUS_QUICK },
		{ "quick-read", I2C_SMBUS_READ, I2C_SMBUS_QUICK },
		{ "byte-write", I2C_SMBUS_WRITE, I2C_SMBUS_BYTE },
		{ "byte-read", I2C_SMBUS_READ, I2C_SMBUS_BYTE },
		{ "byte-data-write", I2C_SMBUS_WRITE, I2C_SMBUS_BYTE_DATA },
		{ "byte-data-read", I2C_SMBUS_READ, I2C_SMBUS_BYTE_DATA },
		{ "word-data-write", I2C_SMBUS_WRITE, I2C_SMBUS_WORD_DATA },
		{ "word-data-read", I2C_SMBUS_READ, I2C_SMBUS_WORD_DATA },
		{ "proc-call", I2C_SMBUS_WRITE, I2C_SMBUS_PROC_CALL },
		{ "block-data-write", I2C_SMBUS_WRITE, I2C_SMBUS_BLOCK_DATA },
		{ "block-data-read", I2C_SMBUS_READ, I2C_SMBUS_BLOCK_DATA },
		{ "block-proc-call", I2C_SMBUS_WRITE, I2C_SMBUS_BLOCK_PROC_CALL },
		{ "i2c-block-write", I2C_SMBUS_WRITE, I2C_SMBUS_I2C_BLOCK_DATA },
		{ "i2c-block-read", I2C_SMBUS_READ, I2C_SMBUS_I2C_BLOCK_DATA },
	};
	char name[64];

	fresh_fd();
	report("rdwr.no-msgs", rdwr(msgs, 0));
	report("rdwr.null-msgs", ioctl(fd, I2C_RDWR, &d));
	d.msgs = noaccess;
	report("rdwr.unmapped-msgs", ioctl(fd, I2C_RDWR, &d));
	report("rdwr.null-arg", ioctl(fd, I2C_RDWR, NULL));
	for (i = 0; i < ARRAY_SIZE(msgs); i++)
		msgs[i] = (struct i2c_msg){ .addr = a, .flags = I2C_M_RD,
					    .len = 1, .buf = scratch + i };
	report("rdwr.over-limit", rdwr(msgs, I2C_RDWR_IOCTL_MAX_MSGS + 1));
	report("rdwr.huge-nmsgs", rdwr(msgs, 0xffffffffU));
	report("rdwr.at-limit-absent", rdwr(msgs, I2C_RDWR_IOCTL_MAX_MSGS));
	report("rdwr.zero-len-write-absent", rdwr1(a, 0, 0, scratch));
	report("rdwr.zero-len-read", rdwr1(a, I2C_M_RD, 0, scratch));
	report("rdwr.len-8192-read-absent", rdwr1(a, I2C_M_RD, 8192, scratch));
	report("rdwr.len-8193", rdwr1(a, 0, 8193, scratch));
	report("rdwr.len-65535-write", rdwr1(a, 0, 65535, scratch));
	report("rdwr.len-65535-read", rdwr1(a, I2C_M_RD, 65535, scratch));
	report("rdwr.null-buf", rdwr1(a, 0, 4, NULL));
	report("rdwr.null-buf-read", rdwr1(a, I2C_M_RD, 4, NULL));
	report("rdwr.null-buf-zero-len", rdwr1(a, 0, 0, NULL));
	report("rdwr.unmapped-buf", rdwr1(a, 0, 4, noaccess));
	report("rdwr.kernel-buf", rdwr1(a, 0, 4, (void *)0xc0008000UL));
	report("rdwr.ten-bit", rdwr1(0x3f0 | a, I2C_M_TEN, 1, scratch));
	report("rdwr.ten-bit-read", rdwr1(0x3f0 | a, I2C_M_TEN | I2C_M_RD, 1, scratch));
	scratch[0] = 1;
	report("rdwr.recv-len", rdwr1(a, I2C_M_RD | I2C_M_RECV_LEN,
				      1 + I2C_SMBUS_BLOCK_MAX, scratch));
	report("rdwr.recv-len-short", rdwr1(a, I2C_M_RD | I2C_M_RECV_LEN, 1,
					    scratch));
	report("rdwr.recv-len-write", rdwr1(a, I2C_M_RECV_LEN, 40, scratch));
	report("rdwr.nostart", rdwr1(a, I2C_M_NOSTART, 1, scratch));
	report("rdwr.ignore-nak", rdwr1(a, I2C_M_IGNORE_NAK, 1, scratch));
	report("rdwr.rev-dir-addr", rdwr1(a, I2C_M_REV_DIR_ADDR, 1, scratch));
	report("rdwr.no-rd-ack", rdwr1(a, I2C_M_RD | I2C_M_NO_RD_ACK, 1, scratch));
	report("rdwr.stop", rdwr1(a, I2C_M_STOP, 1, scratch));
	report("rdwr.pec-flag", rdwr1(a, 0x0004 /* I2C_CLIENT_PEC */, 1, scratch));
	report("rdwr.all-flags", rdwr1(a, 0xffff, 1, scratch));
	report("rdwr.addr-0x80", rdwr1(0x80, 0, 1, scratch));
	report("rdwr.addr-0xffff", rdwr1(0xffff, I2C_M_RD, 1, scratch));

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		memset(&data, 0, sizeof(data));
		data.block[0] = 4;
		snprintf(name, sizeof(name), "smbus.absent.%s", kinds[i].name);
		report(name, smbus(kinds[i].rw, 0x01, kinds[i].size, &data));
	}
	report("smbus.bad-size", smbus(I2C_SMBUS_READ, 0, 99, &data));
	report("smbus.bad-read-write", smbus(2, 0, I2C_SMBUS_BYTE_DATA, &data));
	report("smbus.null-data", smbus(I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE_DATA, NULL));
	report("smbus.unmapped-data", smbus(I2C_SMBUS_WRITE, 0, I2C_SMBUS_BYTE_DATA,
					    noaccess));
	report("smbus.null-arg", ioctl(fd, I2C_SMBUS, NULL));
	data.block[0] = 0;
	report("smbus.block-write-0", smbus(I2C_SMBUS_WRITE, 0,
					    I2C_SMBUS_BLOCK_DATA, &data));
	data.block[0] = I2C_SMBUS_BLOCK_MAX + 1;
	report("smbus.block-write-33", smbus(I2C_SMBUS_WRITE, 0,
					     I2C_SMBUS_BLOCK_DATA, &data));
	data.block[0] = 0xff;
	report("smbus.i2c-block-write-255", smbus(I2C_SMBUS_WRITE, 0,
						  I2C_SMBUS_I2C_BLOCK_DATA, &data));
	ioctl(fd, I2C_PEC, 1UL);
	report("smbus.pec-absent", smbus(I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE_DATA, &data));
	ioctl(fd, I2C_PEC, 0UL);

	report("slave.0x80", ioctl(fd, I2C_SLAVE, 0x80UL));
	report("slave.0x400-tenbit", (ioctl(fd, I2C_TENBIT, 1UL),
				      ioctl(fd, I2C_SLAVE, 0x400UL)));
	ioctl(fd, I2C_TENBIT, 0UL);
	report("timeout.too-long", ioctl(fd, I2C_TIMEOUT, 0x7fffffffUL));
	report("retries.too-many", ioctl(fd, I2C_RETRIES, 0x80000000UL));
	report("funcs.null", ioctl(fd, I2C_FUNCS, NULL));
	report("unknown-ioctl", ioctl(fd, 0x07ff, 0UL));
	fresh_fd();
}

static unsigned int random_flags(void)
{
	static const unsigned int bits[] = {
		I2C_M_RD, I2C_M_TEN, I2C_M_DMA_SAFE, I2C_M_RECV_LEN,
		I2C_M_NO_RD_ACK, I2C_M_IGNORE_NAK, I2C_M_REV_DIR_ADDR,
		I2C_M_NOSTART, I2C_M_STOP, 0x0004 /* I2C_CLIENT_PEC */,
	};
	unsigned int f = 0;

	switch (pick(4)) {
	case 0:
		return 0;
	case 1:
		return I2C_M_RD;
	case 2:
		return rnd() & 0xffff;
	}
	while (pick(2))
		f |= bits[pick(ARRAY_SIZE(bits))];
	return f;
}

static unsigned int random_len(void)
{
	static const unsigned int lens[] = {
		0, 1, 2, 3, 32, 33, 34, 255, 256, 8191, 8192, 8193, 65535,
	};

	if (pick(3))
		return pick(40);
	if (pick(2))
		return lens[pick(ARRAY_SIZE(lens))];
	return rnd() & 0xffff;
}

/* One random call. Returns 1 if it was a transfer, with *ret and *err set */
static int random_call(long *ret, int *err)
{
	static struct i2c_msg msgs[I2C_RDWR_IOCTL_MAX_MSGS + 2];
	union i2c_smbus_data *data = (union i2c_smbus_data *)(scratch + 4096);
	struct i2c_rdwr_ioctl_data d;
	struct i2c_smbus_ioctl_data s;
	unsigned long arg;
	unsigned int i, n, cmd;
	int transfer = 0;

	errno = 0;
	switch (pick(16)) {
	case 0 ... 5:	/* I2C_RDWR */
		n = pick(4) ? 1 + pick(3) : pick(2) ? pick(I2C_RDWR_IOCTL_MAX_MSGS + 2) :
						       rnd();
		for (i = 0; i < ARRAY_SIZE(msgs); i++) {
			msgs[i].addr = random_addr();
			msgs[i].flags = random_flags();
			msgs[i].len = random_len();
			msgs[i].buf = pick(6) ? scratch + pick(64) : random_ptr(msgs[i].len);
			/* i2c-dev checks the count a RECV_LEN buffer starts with */
			if (msgs[i].buf >= scratch && msgs[i].buf < scratch + SCRATCH_LEN)
				msgs[i].buf[0] = pick(40);
		}
		d.msgs = pick(10) ? msgs : random_ptr(sizeof(msgs));
		d.nmsgs = n;
		*ret = ioctl(fd, I2C_RDWR, pick(20) ? &d : random_ptr(sizeof(d)));
		transfer = 1;
		break;
	case 6 ... 9:	/* I2C_SMBUS to the client's (absent) address */
		for (i = 0; i < sizeof(*data); i++)
			data->block[i] = rnd();
		if (pick(2))
			data->block[0] = pick(40);
		s.read_write = pick(4) ? pick(2) : rnd();
		s.command = rnd();
		s.size = pick(6) ? pick(I2C_SMBUS_I2C_BLOCK_DATA + 2) : rnd();
		s.data = pick(6) ? data : random_ptr(sizeof(*data));
		*ret = ioctl(fd, I2C_SMBUS, pick(20) ? &s : random_ptr(sizeof(s)));
		transfer = 1;
		break;
	case 10:	/* a new client address; a 10-bit one may stay */
		cmd = pick(2) ? I2C_SLAVE : I2C_SLAVE_FORCE;
		arg = pick(4) ? random_addr() : rnd();
		if (reachable(arg))
			arg ^= 1;
		ioctl(fd, cmd, arg);
		break;
	case 11:
		ioctl(fd, I2C_TENBIT, pick(3) ? pick(2) : (unsigned long)rnd());
		ioctl(fd, I2C_PEC, pick(3) ? pick(2) : (unsigned long)rnd());
		break;
	case 12:	/* adapter-wide: bounded, so no transfer waits long */
		ioctl(fd, I2C_TIMEOUT, pick(4) ? 1 + pick(100) :
						 0x7fffffffUL / 10 + 1 + pick(100));
		ioctl(fd, I2C_RETRIES, pick(4) ? pick(3) : 0x80000000UL + rnd());
		break;
	case 13:
		ioctl(fd, I2C_FUNCS, random_ptr(sizeof(unsigned long)));
		break;
	case 14:	/* unknown numbers in and outside i2c-dev's range */
		cmd = pick(2) ? 0x0700 | pick(0x100) : rnd();
		switch (cmd) {
		case I2C_RETRIES: case I2C_TIMEOUT: case I2C_SLAVE:
		case I2C_SLAVE_FORCE: case I2C_TENBIT: case I2C_FUNCS:
		case I2C_RDWR: case I2C_PEC: case I2C_SMBUS:
			break;	/* the cases above, with safe arguments */
		default:
			ioctl(fd, cmd, random_ptr(64));
		}
		break;
	default:
		if (!pick(8))
			fresh_fd();
		else
			ioctl(fd, I2C_SLAVE, absent_addr());
	}
	*err = errno;
	return transfer;
}

static int run_ioctl(int argc, char **argv)
{
	unsigned long count, calls = 0, transfers = 0, ok = 0, unexpected = 0;
	static unsigned long errcount[ARRAY_SIZE(errnames) + 1];
	double t0, seconds;
	char dev[32];
	size_t i, j;
	long ret;
	int err;

	if (argc < 6)
		return 2;
	snprintf(dev, sizeof(dev), "/dev/i2c-%s", argv[2]);
	devpath = dev;
	rng = strtoul(argv[3], NULL, 0) ?: 1;
	count = strtoul(argv[4], NULL, 0);
	seconds = strtod(argv[5], NULL);
	for (i = 6; i < (size_t)argc && nkeep < MAX_KEEP; i++)
		keep[nkeep++] = strtoul(argv[i], NULL, 0);

	scratch = mmap(NULL, SCRATCH_LEN, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	noaccess = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (scratch == MAP_FAILED || noaccess == MAP_FAILED) {
		perror("i2c-fuzz: mmap");
		return 2;
	}
	fd = -1;
	fixed_cases();
	fflush(stdout);

	t0 = now_s();
	while (calls < count && now_s() - t0 < seconds) {
		calls++;
		if (!random_call(&ret, &err))
			continue;
		transfers++;
		if (ret >= 0) {
			ok++;
			printf("random: call %lu: a transfer succeeded (returned %ld)\n",
			       calls, ret);
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(errnames); i++)
			if (errnames[i].err == err)
				break;
		errcount[i]++;
		for (j = 0; j < ARRAY_SIZE(expected_errs); j++)
			if (expected_errs[j] == err)
				break;
		if (j == ARRAY_SIZE(expected_errs)) {
			unexpected++;
			printf("random: unexpected %s at call %lu\n", errname(err), calls);
		}
	}
	printf("random: calls=%lu transfers=%lu transfers-ok=%lu unexpected=%lu seconds=%.1f\n",
	       calls, transfers, ok, unexpected, now_s() - t0);
	printf("random: errno");
	for (i = 0; i <= ARRAY_SIZE(errnames); i++)
		if (errcount[i])
			printf(" %s=%lu", i < ARRAY_SIZE(errnames) ?
			       errnames[i].name : "other", errcount[i]);
	putchar('\n');

	/* The driver's: adap->timeout = HZ (I2C_TIMEOUT counts 10 ms), no retries */
	if (ioctl(fd, I2C_TIMEOUT, 100UL) < 0 || ioctl(fd, I2C_RETRIES, 0UL) < 0) {
		perror("i2c-fuzz: restoring I2C_TIMEOUT/I2C_RETRIES");
		return 2;
	}
	close(fd);
	return 0;
}

static ssize_t read_file(const char *path, char *buf, size_t len)
{
	int f = open(path, O_RDONLY);
	ssize_t n;

	if (f < 0)
		return -1;
	n = read(f, buf, len);
	close(f);
	return n;
}

/*
 * A string no parser of the kernel takes: kstrtobool() looks only at the
 * first character (1/0/y/n/t/f/o/e/d in either case), the integer parsers
 * take a sign, digits or 0x; none starts with these.
 */
static size_t garbage(char *buf, size_t max)
{
	static const char first[] = "#@!%&*(),.:;<>?[]^_`{|}~zZqQkKwWxX";
	static const char *const fixed[] = {
		"-", "+", "x0", "--1", ".5", "z1", "-+1", "99999999999999999999999999",
		"\xff\xfe", "\n",
	};
	size_t n, i;

	switch (pick(4)) {
	case 0:
		n = strlen(fixed[i = pick(ARRAY_SIZE(fixed))]);
		memcpy(buf, fixed[i], n);
		return n;
	case 1:
		n = pick(2) ? 4096 : max;	/* a page, and more */
		break;
	default:
		n = 1 + pick(64);
	}
	for (i = 0; i < n; i++)
		buf[i] = rnd();
	if (pick(2))	/* printable, as echo would write */
		for (i = 0; i < n; i++)
			buf[i] = 0x21 + (unsigned char)buf[i] % 0x5e;
	buf[0] = first[pick(sizeof(first) - 1)];
	return n;
}

static int run_files(int argc, char **argv)
{
	static char before[8192], after[8192], buf[8192];
	unsigned long writes;
	ssize_t nb, na;
	int i, w, f, accepted;
	size_t n;

	if (argc < 4)
		return 2;
	rng = strtoul(argv[2], NULL, 0) ?: 1;
	writes = strtoul(argv[3], NULL, 0);
	for (i = 4; i < argc; i++) {
		nb = read_file(argv[i], before, sizeof(before));
		accepted = 0;
		for (w = 0; w < (int)writes; w++) {
			n = garbage(buf, sizeof(buf));
			f = open(argv[i], O_WRONLY);
			if (f < 0) {
				printf("file %s: open: %s\n", argv[i], errname(errno));
				break;
			}
			if (write(f, buf, n) >= 0) {
				accepted++;
				printf("file %s: accepted %zu bytes starting 0x%02x\n",
				       argv[i], n, (unsigned char)buf[0]);
			}
			close(f);
		}
		na = read_file(argv[i], after, sizeof(after));
		printf("file %s: writes=%d accepted=%d unchanged=%s\n", argv[i], w,
		       accepted, na == nb && (nb < 0 || !memcmp(before, after, nb)) ?
		       "yes" : "no");
	}
	return 0;
}

int main(int argc, char **argv)
{
	int ret = 2;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "ioctl"))
		ret = run_ioctl(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "files"))
		ret = run_files(argc, argv);
	if (ret == 2)
		fprintf(stderr, "usage: i2c-fuzz ioctl BUS SEED COUNT SECONDS KEEP...\n"
				"       i2c-fuzz files SEED WRITES FILE...\n");
	return ret;
}
