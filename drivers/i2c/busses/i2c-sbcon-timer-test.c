// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the SBCon timer I2C bit engine: the engine drives a wire
 * shared with a simulated slave (a register file, like the PMIC), and the
 * slave logs what it saw on the wire: "S" START, "Sr" repeated START, a byte
 * in hex followed by "A" (ACK) or "N" (NAK), "P" STOP.
 *
 * A second suite, i2c-sbcon-timer-live, runs on the real adapter and the
 * board's PMIC, a TWL92230 or an AXP209 as the DT says: suspended adapter,
 * atomic transfers and bus recovery.
 *
 * Built into the driver, which includes this file at its end: the tests
 * call its static functions.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/i2c.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/pm_runtime.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

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
 * @ticks: engine steps the last transfer took
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
	int ticks;
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

/*
 * Move the wire from @old to @new in the driver's write order (SCL falls,
 * then SDA moves, then SCL rises), letting the slave react at each step.
 */
static void sim_wire(struct sim_slave *s, u8 old, u8 new)
{
	u8 w = old;

	if ((old & SBCON_SCL) && !(new & SBCON_SCL)) {
		w &= ~SBCON_SCL;
		sim_edges(s, w & sim_drive(s));
	}
	w = (w & ~SBCON_SDA) | (new & SBCON_SDA);
	sim_edges(s, w & sim_drive(s));
	sim_edges(s, new & sim_drive(s));
	s->wire = new & sim_drive(s);
}

/* Returns the transfer's error; s->ticks counts the engine's steps */
static int sim_run(struct kunit *test, struct sim_slave *s,
		   struct i2c_msg *msgs, unsigned int num)
{
	struct sbcon_sm sm;
	bool done = false;
	u8 old;

	sbcon_sm_init(&sm, msgs, num, 100);
	s->sda = 1;
	s->wire = sm.drive & sim_drive(s);
	for (s->ticks = 0; s->ticks < SIM_MAX_TICKS && !done; s->ticks++) {
		old = sm.drive;
		done = sbcon_sm_step(&sm, sm.drive & sim_drive(s));
		if (s->stretch_left > 0)
			s->stretch_left--;
		sim_wire(s, old, sm.drive);
	}
	KUNIT_ASSERT_TRUE_MSG(test, done, "engine never finished");
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
	/* Two ticks a bit: START, SCL low, 4 x 9 bits, SCL high, STOP */
	KUNIT_EXPECT_EQ(test, s->ticks, 2 + 4 * 9 * 2 + 2);
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
	/* ... and a repeated START costs one more tick (SCL high) */
	KUNIT_EXPECT_EQ(test, s->ticks, 2 + 2 * 9 * 2 + 3 + 3 * 9 * 2 + 2);
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
	KUNIT_EXPECT_EQ(test, sim_run(test, s, &msg, 1), -EBUSY);
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

/*
 * The PMICs the board may have on the bus, and the register each reads its
 * identity from ("REV" below), with the value: the top bit of each value
 * is 0, so the chip drives SDA low on its first data bit (the recovery
 * case needs that).
 */
static const struct live_pmic {
	const char *compatible;
	u8 rev;
	u8 rev_val;
} live_pmics[] = {
	{ "ti,twl92230", 0x01, 0x22 },		/* REV */
	{ "x-powers,axp209", 0x03, 0x01 },	/* IC type */
};

struct live_ctx {
	struct i2c_adapter *adap;
	const struct live_pmic *pmic;
	u16 addr;		/* the PMIC's, from its DT node */
};

static int live_init(struct kunit *test)
{
	struct device_node *np, *child;
	struct live_ctx *ctx;
	u32 addr;
	int i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	np = of_find_compatible_node(NULL, NULL,
				     "arm,vexpress-sbcon-timer-i2c");
	ctx->adap = of_get_i2c_adapter_by_node(np);
	for (i = 0; np && i < ARRAY_SIZE(live_pmics) && !ctx->pmic; i++) {
		child = of_get_compatible_child(np, live_pmics[i].compatible);
		if (child && !of_property_read_u32(child, "reg", &addr)) {
			ctx->pmic = &live_pmics[i];
			ctx->addr = addr;
		}
		of_node_put(child);
	}
	of_node_put(np);
	if (!ctx->adap)
		kunit_skip(test, "no SBCon timer I2C adapter");
	if (!ctx->pmic)
		kunit_skip(test, "no TWL92230 or AXP209 on the SBCon bus");
	return 0;
}

static void live_exit(struct kunit *test)
{
	struct live_ctx *ctx = test->priv;

	if (ctx && ctx->adap)
		i2c_put_adapter(ctx->adap);
}

static void live_rev_msgs(struct live_ctx *ctx, struct i2c_msg *msgs, u8 *reg,
			  u8 *val)
{
	*reg = ctx->pmic->rev;
	*val = 0;
	msgs[0] = (struct i2c_msg){ .addr = ctx->addr, .len = 1, .buf = reg };
	msgs[1] = (struct i2c_msg){ .addr = ctx->addr, .flags = I2C_M_RD,
				    .len = 1, .buf = val };
}

static int live_read_rev(struct live_ctx *ctx, u8 *val)
{
	struct i2c_msg msgs[2];
	u8 reg;

	live_rev_msgs(ctx, msgs, &reg, val);
	return i2c_transfer(ctx->adap, msgs, 2);
}

/* The controller autosuspends 50 ms after its last transfer */
static void live_await_idle(struct kunit *test, struct device *dev)
{
	int ms;

	for (ms = 0; ms < 2000 && !pm_runtime_status_suspended(dev); ms += 10)
		msleep(20);
	KUNIT_ASSERT_TRUE_MSG(test, pm_runtime_status_suspended(dev),
			      "controller did not runtime-suspend");
}

/*
 * Wall time since (@t0, @s0) that the controller spent not runtime-suspended.
 * A transfer through the IRQ path runtime-resumes it (and it stays active
 * 50 ms after), so 0 means no transfer went through the driver's IRQ path.
 * Sample @s0 before @t0: suspended throughout then gives exactly 0.
 */
static u64 live_active_ns(struct device *dev, u64 t0, u64 s0)
{
	u64 t = ktime_get_mono_fast_ns() - t0;
	u64 s = pm_runtime_suspended_time(dev) - s0;

	return t > s ? t - s : 0;
}

/*
 * What a tegra-style controller does in its noirq callback, and why ours
 * does not: once i2c_mark_adapter_suspended() has run, the i2c core fails
 * transfers with -ESHUTDOWN without calling the driver, so the platform's
 * prepare_late could not reach the PMIC. The core dev_WARNs "Transfer while
 * suspended" once per adapter; the plan declares that WARNING.
 */
static void sbcon_live_suspended(struct kunit *test)
{
	struct live_ctx *ctx = test->priv;
	struct i2c_adapter *adap = ctx->adap;
	struct device *dev = adap->dev.parent;
	u64 t0, t1, s0, real_ns, failed_ns, active_ns;
	int ret, ret2;
	u8 val;

	KUNIT_ASSERT_EQ(test, live_read_rev(ctx, &val), 2);
	live_await_idle(test, dev);

	/* A real transfer, for scale */
	t0 = ktime_get_mono_fast_ns();
	KUNIT_ASSERT_EQ(test, live_read_rev(ctx, &val), 2);
	real_ns = ktime_get_mono_fast_ns() - t0;
	live_await_idle(test, dev);

	i2c_mark_adapter_suspended(adap);
	s0 = pm_runtime_suspended_time(dev);
	t0 = ktime_get_mono_fast_ns();
	ret = live_read_rev(ctx, &val);	/* the core WARNs on this one */
	t1 = ktime_get_mono_fast_ns();
	ret2 = live_read_rev(ctx, &val);
	failed_ns = ktime_get_mono_fast_ns() - t1;
	active_ns = live_active_ns(dev, t0, s0);
	i2c_mark_adapter_resumed(adap);

	KUNIT_EXPECT_EQ(test, ret, -ESHUTDOWN);
	KUNIT_EXPECT_EQ(test, ret2, -ESHUTDOWN);
	KUNIT_EXPECT_EQ(test, val, 0);
	KUNIT_EXPECT_EQ_MSG(test, active_ns, 0ULL,
			    "the controller was resumed");
	KUNIT_EXPECT_LT_MSG(test, failed_ns, real_ns / 10,
			    "failing took %llu ns, a real transfer %llu ns",
			    failed_ns, real_ns);

	KUNIT_EXPECT_EQ(test, live_read_rev(ctx, &val), 2);
	KUNIT_EXPECT_EQ(test, val, ctx->pmic->rev_val);
}

/*
 * Read REV from the idle controller through @xfer, which polls: the
 * controller must stay runtime-suspended throughout.
 */
static void live_expect_polled_rev(struct kunit *test,
				   int (*xfer)(struct i2c_adapter *adap,
					       struct i2c_msg *msgs))
{
	struct live_ctx *ctx = test->priv;
	struct i2c_adapter *adap = ctx->adap;
	struct device *dev = adap->dev.parent;
	struct i2c_msg msgs[2];
	u64 t0, s0;
	u8 reg, val;
	int ret;

	live_await_idle(test, dev);
	live_rev_msgs(ctx, msgs, &reg, &val);
	s0 = pm_runtime_suspended_time(dev);
	t0 = ktime_get_mono_fast_ns();
	ret = xfer(adap, msgs);
	KUNIT_EXPECT_EQ(test, live_active_ns(dev, t0, s0), 0ULL);
	KUNIT_EXPECT_EQ(test, ret, 2);
	KUNIT_EXPECT_EQ(test, val, ctx->pmic->rev_val);
}

/*
 * The i2c core calls .xfer_atomic only after the system left the running
 * state (syscore phase of suspend, shutdown), with IRQs off. Call it the
 * same way here: IRQs off, bus locked. It polls the SBCon and never runs
 * the timer or resumes the controller.
 */
static int live_xfer_algo_atomic(struct i2c_adapter *adap, struct i2c_msg *msgs)
{
	unsigned long flags;
	int ret;

	i2c_lock_bus(adap, I2C_LOCK_ROOT_ADAPTER);
	local_irq_save(flags);
	ret = adap->algo->xfer_atomic(adap, msgs, 2);
	local_irq_restore(flags);
	i2c_unlock_bus(adap, I2C_LOCK_ROOT_ADAPTER);
	return ret;
}

static void sbcon_live_atomic(struct kunit *test)
{
	struct live_ctx *ctx = test->priv;
	struct i2c_adapter *adap = ctx->adap;
	struct device *dev = adap->dev.parent;
	u64 t0, s0;
	u8 val;

	live_expect_polled_rev(test, live_xfer_algo_atomic);

	/* Control: the IRQ path does resume it, so the check above can fail */
	s0 = pm_runtime_suspended_time(dev);
	t0 = ktime_get_mono_fast_ns();
	KUNIT_EXPECT_EQ(test, live_read_rev(ctx, &val), 2);
	KUNIT_EXPECT_GT(test, live_active_ns(dev, t0, s0), 0ULL);
}

/* Clock one byte out MSB first through the recovery line helpers; true on ACK */
static bool live_bb_byte(struct i2c_adapter *adap, u8 byte)
{
	struct i2c_bus_recovery_info *bri = adap->bus_recovery_info;
	bool ack;
	int i;

	for (i = 7; i >= -1; i--) {
		bri->set_sda(adap, i < 0 || (byte & BIT(i)));	/* -1: ACK */
		udelay(5);
		bri->set_scl(adap, 1);
		udelay(5);
		ack = !bri->get_sda(adap);
		bri->set_scl(adap, 0);
		udelay(5);
	}
	return ack;
}

static void live_bb_start(struct i2c_adapter *adap)
{
	struct i2c_bus_recovery_info *bri = adap->bus_recovery_info;

	bri->set_sda(adap, 1);
	udelay(5);
	bri->set_scl(adap, 1);
	udelay(5);
	bri->set_sda(adap, 0);
	udelay(5);
	bri->set_scl(adap, 0);
	udelay(5);
}

/*
 * Leave the PMIC mid-read: it has ACKed a read of REV and drives the first
 * data bit (a 0, see live_pmics) on SDA while SCL is high. Recovery must clock it out
 * and STOP; the next transfer works.
 */
static void sbcon_live_recovery(struct kunit *test)
{
	struct live_ctx *ctx = test->priv;
	struct i2c_adapter *adap = ctx->adap;
	struct i2c_bus_recovery_info *bri = adap->bus_recovery_info;
	struct device *dev = adap->dev.parent;
	int sda_held, ret;
	u8 val;

	KUNIT_ASSERT_NOT_NULL(test, bri);
	KUNIT_ASSERT_EQ(test, pm_runtime_resume_and_get(dev), 0);
	i2c_lock_bus(adap, I2C_LOCK_ROOT_ADAPTER);
	live_bb_start(adap);
	KUNIT_EXPECT_TRUE(test, live_bb_byte(adap, ctx->addr << 1));
	KUNIT_EXPECT_TRUE(test, live_bb_byte(adap, ctx->pmic->rev));
	live_bb_start(adap);
	KUNIT_EXPECT_TRUE(test, live_bb_byte(adap, ctx->addr << 1 | 1));
	bri->set_scl(adap, 1);
	udelay(5);
	sda_held = bri->get_sda(adap);
	ret = i2c_recover_bus(adap);
	KUNIT_EXPECT_EQ(test, bri->get_sda(adap), 1);
	KUNIT_EXPECT_EQ(test, bri->get_scl(adap), 1);
	i2c_unlock_bus(adap, I2C_LOCK_ROOT_ADAPTER);
	pm_runtime_put_autosuspend(dev);

	KUNIT_EXPECT_EQ_MSG(test, sda_held, 0, "the PMIC did not hold SDA");
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, live_read_rev(ctx, &val), 2);
	KUNIT_EXPECT_EQ(test, val, ctx->pmic->rev_val);
}

static struct kunit_case sbcon_live_cases[] = {
	KUNIT_CASE(sbcon_live_suspended),
	KUNIT_CASE(sbcon_live_atomic),
	KUNIT_CASE(sbcon_live_recovery),
	{ }
};

static struct kunit_suite sbcon_live_suite = {
	.name = "i2c-sbcon-timer-live",
	.init = live_init,
	.exit = live_exit,
	.test_cases = sbcon_live_cases,
};

kunit_test_suites(&sbcon_test_suite, &sbcon_live_suite);
