// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the SBCon timer I2C bit engine: the engine drives a wire
 * shared with a simulated slave (a register file, like the PMIC), and the
 * slave logs what it saw on the wire: "S" START, "Sr" repeated START, a byte
 * in hex followed by "A" (ACK) or "N" (NAK), "P" STOP.
 */

#include <kunit/test.h>
#include <linux/i2c.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "i2c-sbcon-timer.h"

#define SIM_MAX_TICKS	10000

enum sim_state {
	SL_IDLE, SL_RX, SL_RX_ACK, SL_TX, SL_TX_ACK, SL_TX_NEXT, SL_IGNORE
};

/**
 * struct sim_slave - wire-level I2C slave with a register pointer
 * @addr: 7-bit address it answers
 * @regs: register file; the first written byte selects the register
 * @ptr: register pointer
 * @nak_after: NAK data bytes written after this many (-1: never)
 * @stretch: ticks to hold SCL low after each SCL falling edge (-1: forever)
 * @hold_sda: keep SDA low all the time (a stuck bus)
 * @state: protocol state
 * @shift: byte being received or sent
 * @bits: bits of @shift done
 * @is_addr: @shift is an address byte
 * @written: data bytes written in this transfer
 * @stretch_left: ticks of SCL stretching left
 * @sda: level the slave drives on SDA (1 = released)
 * @wire: the lines as last seen
 * @log: what the slave saw
 */
struct sim_slave {
	u8 addr;
	u8 regs[256];
	u8 ptr;
	int nak_after;
	int stretch;
	bool hold_sda;
	enum sim_state state;
	u8 shift;
	int bits;
	bool is_addr;
	int written;
	int stretch_left;
	u8 sda;
	u8 wire;
	char log[256];
};

static __printf(2, 3) void sim_log(struct sim_slave *s, const char *fmt, ...)
{
	size_t n = strlen(s->log);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->log + n, sizeof(s->log) - n, fmt, ap);
	va_end(ap);
}

static u8 sim_drive(const struct sim_slave *s)
{
	u8 scl = s->stretch_left ? 0 : SBCON_SCL;

	return scl | (s->sda && !s->hold_sda ? SBCON_SDA : 0);
}

static void sim_load(struct sim_slave *s)
{
	s->shift = s->regs[s->ptr++];
	s->bits = 0;
	s->sda = !!(s->shift & BIT(7));
	s->state = SL_TX;
}

static void sim_scl_fall(struct sim_slave *s)
{
	bool ack;

	if (s->stretch)
		s->stretch_left = s->stretch;
	switch (s->state) {
	case SL_RX:
		if (s->bits < 8)
			break;
		if (s->is_addr) {
			ack = (s->shift >> 1) == s->addr;
		} else {
			ack = s->nak_after < 0 || s->written < s->nak_after;
			if (ack && s->written++)
				s->regs[s->ptr++] = s->shift;
			else if (ack)
				s->ptr = s->shift;
		}
		sim_log(s, " %02xA", s->shift);
		if (!ack)
			s->log[strlen(s->log) - 1] = 'N';
		s->sda = !ack;
		s->state = ack ? SL_RX_ACK : SL_IGNORE;
		break;
	case SL_RX_ACK:
		s->sda = 1;
		if (s->is_addr && (s->shift & 1)) {
			s->is_addr = false;
			sim_load(s);
			break;
		}
		s->is_addr = false;
		s->state = SL_RX;
		s->bits = 0;
		s->shift = 0;
		break;
	case SL_TX:
		if (s->bits == 8) {
			s->sda = 1;
			s->state = SL_TX_ACK;
		} else {
			s->sda = !!(s->shift & BIT(7 - s->bits));
		}
		break;
	case SL_TX_NEXT:
		sim_load(s);
		break;
	default:
		break;
	}
}

static void sim_scl_rise(struct sim_slave *s, bool sda)
{
	switch (s->state) {
	case SL_RX:
		s->shift = (s->shift << 1) | sda;
		s->bits++;
		break;
	case SL_TX:
		s->bits++;
		break;
	case SL_TX_ACK:
		sim_log(s, " %02x%c", s->shift, sda ? 'N' : 'A');
		if (sda) {
			s->state = SL_IGNORE;
			break;
		}
		/* the next byte's first bit goes out after SCL falls */
		s->state = SL_TX_NEXT;
		break;
	default:
		break;
	}
}

/* React to the edges between s->wire and @wire */
static void sim_edges(struct sim_slave *s, u8 wire)
{
	u8 old = s->wire;

	s->wire = wire;
	if ((old & SBCON_SCL) && (wire & SBCON_SCL)) {
		if ((old & SBCON_SDA) && !(wire & SBCON_SDA)) {
			sim_log(s, s->state == SL_IDLE ? " S" : " Sr");
			s->state = SL_RX;
			s->is_addr = true;
			s->bits = 0;
			s->shift = 0;
			s->written = 0;
			s->sda = 1;
		} else if (!(old & SBCON_SDA) && (wire & SBCON_SDA)) {
			sim_log(s, " P");
			s->state = SL_IDLE;
			s->sda = 1;
		}
	} else if ((old & SBCON_SCL) && !(wire & SBCON_SCL)) {
		sim_scl_fall(s);
	} else if (!(old & SBCON_SCL) && (wire & SBCON_SCL)) {
		sim_scl_rise(s, wire & SBCON_SDA);
	}
}

static int sim_run(struct kunit *test, struct sim_slave *s,
		   struct i2c_msg *msgs, unsigned int num)
{
	struct sbcon_sm sm;
	int i;

	sbcon_sm_init(&sm, msgs, num, 100);
	s->sda = 1;
	s->wire = sm.drive & sim_drive(s);
	for (i = 0; i < SIM_MAX_TICKS; i++) {
		bool done = sbcon_sm_step(&sm, sm.drive & sim_drive(s));

		if (s->stretch_left > 0)
			s->stretch_left--;
		sim_edges(s, sm.drive & sim_drive(s));
		s->wire = sm.drive & sim_drive(s);
		if (done)
			break;
	}
	KUNIT_ASSERT_LT_MSG(test, i, SIM_MAX_TICKS, "engine never finished");
	KUNIT_EXPECT_EQ(test, sm.drive, SBCON_LINES);
	return sm.err;
}

static struct sim_slave *sim_new(struct kunit *test)
{
	struct sim_slave *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->addr = 0x4a;
	s->nak_after = -1;
	s->regs[0x01] = 0x22;
	s->regs[0x02] = 0x81;
	return s;
}

static void sbcon_test_write(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	u8 buf[] = { 0x0d, 0x5a, 0xa5 };
	struct i2c_msg msg = { .addr = 0x4a, .len = 3, .buf = buf };

	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), 0);
	KUNIT_EXPECT_STREQ(test, s->log, " S 94A 0dA 5aA a5A P");
	KUNIT_EXPECT_EQ(test, s->regs[0x0d], 0x5a);
	KUNIT_EXPECT_EQ(test, s->regs[0x0e], 0xa5);
}

static void sbcon_test_read_rstart(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	u8 reg = 0x01, val[2] = { };
	struct i2c_msg msgs[] = {
		{ .addr = 0x4a, .len = 1, .buf = &reg },
		{ .addr = 0x4a, .flags = I2C_M_RD, .len = 2, .buf = val },
	};

	KUNIT_EXPECT_EQ(test, sim_run(test, s, msgs, 2), 0);
	KUNIT_EXPECT_STREQ(test, s->log, " S 94A 01A Sr 95A 22A 81N P");
	KUNIT_EXPECT_EQ(test, val[0], 0x22);
	KUNIT_EXPECT_EQ(test, val[1], 0x81);
}

static void sbcon_test_addr_nak(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	u8 buf = 0;
	struct i2c_msg msg = { .addr = 0x20, .len = 1, .buf = &buf };

	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), -ENXIO);
	KUNIT_EXPECT_STREQ(test, s->log, " S 40N P");
}

static void sbcon_test_data_nak(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	u8 buf[] = { 0x0d, 0x01, 0x02 };
	struct i2c_msg msg = { .addr = 0x4a, .len = 3, .buf = buf };

	s->nak_after = 1;
	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), -EIO);
	KUNIT_EXPECT_STREQ(test, s->log, " S 94A 0dA 01N P");
}

static void sbcon_test_quick(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	struct i2c_msg msg = { .addr = 0x4a };

	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), 0);
	KUNIT_EXPECT_STREQ(test, s->log, " S 94A P");

	s = sim_new(test);
	msg.addr = 0x21;
	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), -ENXIO);
	KUNIT_EXPECT_STREQ(test, s->log, " S 42N P");
}

static void sbcon_test_stretch(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	u8 reg = 0x01, val = 0;
	struct i2c_msg msgs[] = {
		{ .addr = 0x4a, .len = 1, .buf = &reg },
		{ .addr = 0x4a, .flags = I2C_M_RD, .len = 1, .buf = &val },
	};

	s->stretch = 5;
	KUNIT_EXPECT_EQ(test, sim_run(test, s, msgs, 2), 0);
	KUNIT_EXPECT_STREQ(test, s->log, " S 94A 01A Sr 95A 22N P");
	KUNIT_EXPECT_EQ(test, val, 0x22);

	/* A slave that never lets go ends the transfer, lines released */
	s = sim_new(test);
	s->stretch = SIM_MAX_TICKS;
	KUNIT_EXPECT_EQ(test, sim_run(test, s, msgs, 2), -ETIMEDOUT);
}

static void sbcon_test_bus_busy(struct kunit *test)
{
	struct sim_slave *s = sim_new(test);
	struct i2c_msg msg = { .addr = 0x4a };

	s->hold_sda = true;
	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), -EAGAIN);
	KUNIT_EXPECT_STREQ(test, s->log, "");
}

static struct kunit_case sbcon_test_cases[] = {
	KUNIT_CASE(sbcon_test_write),
	KUNIT_CASE(sbcon_test_read_rstart),
	KUNIT_CASE(sbcon_test_addr_nak),
	KUNIT_CASE(sbcon_test_data_nak),
	KUNIT_CASE(sbcon_test_quick),
	KUNIT_CASE(sbcon_test_stretch),
	KUNIT_CASE(sbcon_test_bus_busy),
	{ }
};

static struct kunit_suite sbcon_test_suite = {
	.name = "i2c-sbcon-timer",
	.test_cases = sbcon_test_cases,
};

kunit_test_suite(sbcon_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SBCon timer I2C bit engine");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
