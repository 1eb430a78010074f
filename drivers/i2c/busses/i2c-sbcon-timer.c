// SPDX-License-Identifier: GPL-2.0
/*
 * Versatile Express SBCon I2C, paced by the interrupt of a spare SP804 timer.
 *
 * The SBCon is a bare two-wire port: software drives SCL and SDA. Upstream
 * bit-bangs it with udelay() through i2c-algo-bit, busy for the whole
 * transfer. Here every tick of the motherboard's second SP804 moves the bus
 * one step from the hard IRQ handler, and the caller sleeps on a completion.
 * A tick is half an I2C clock period and a bit takes two ticks (SCL low,
 * SCL high), so the bus runs at clock-frequency, a little slower for the
 * handler's own time: the timer is re-armed once the bus has moved.
 *
 * System sleep. The platform's prepare_late and wake callbacks talk to the
 * PMIC over this bus, and they run after every device's suspend_noirq and
 * before every resume_noirq. So the adapter must not mark itself suspended
 * in a noirq callback (as i2c-tegra does: i2c_mark_adapter_suspended()
 * there fails those transfers with -ESHUTDOWN), and its IRQ is
 * IRQF_NO_SUSPEND, so the bit clock keeps ticking after the noirq phase.
 * For suspend-to-RAM it is never marked suspended at all: from
 * syscore_suspend() to syscore_resume() (one CPU, IRQs off, system_state
 * SYSTEM_SUSPEND) the i2c core sends every transfer to .xfer_atomic, which
 * polls the lines and needs neither the IRQ nor a runtime resume. .suspend
 * takes a runtime PM reference so the timer stays clocked through the noirq
 * phase, when genpd powers off over this bus, until .resume.
 */

#include <linux/cleanup.h>
#include <linux/clk.h>
#include <linux/clk/clk-conf.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

#include "i2c-sbcon-timer.h"

/* SBCon: read the lines at CONTROL, write 1s to SET to release, CLEAR to pull */
#define SBCON_CONTROL		0x00
#define SBCON_SET		0x00
#define SBCON_CLEAR		0x04

/* SP804, first timer of the pair */
#define TIMER_LOAD		0x00
#define TIMER_CTRL		0x08
#define  TIMER_CTRL_ONESHOT	BIT(0)
#define  TIMER_CTRL_32BIT	BIT(1)
#define  TIMER_CTRL_IE		BIT(5)
#define  TIMER_CTRL_ENABLE	BIT(7)
#define TIMER_INTCLR		0x0c
#define TIMER_MIS		0x14
#define  TIMER_INT		BIT(0)

#define SBCON_CALIB_TICKS	16
#define SBCON_STRETCH_NS	(25 * NSEC_PER_MSEC)	/* SMBus tTIMEOUT */
#define SBCON_AUTOSUSPEND_MS	50

/* Test-only fault injection, off by default: see its Kconfig help */
#ifdef CONFIG_I2C_SBCON_TIMER_FAULT_INJECTOR
#include "i2c-sbcon-timer-fault.c"
#else
static int sbcon_fault_xfer(void)
{
	return 0;
}

static bool sbcon_fault_tick(void)
{
	return false;
}

static int sbcon_fault_resume(void)
{
	return 0;
}

static unsigned long sbcon_fault_irq_flags(struct device *dev,
					   unsigned long flags)
{
	return flags;
}

static void sbcon_fault_timed_out(struct device *dev, int irq)
{
}

static void sbcon_fault_debugfs(struct dentry *dir)
{
}

#define SBCON_FAULT_PM_OPS
#endif

/**
 * struct sbcon_i2c - one SBCon bus and its pacing timer
 * @adap: the I2C adapter
 * @dev: the platform device
 * @base: SBCon registers
 * @timer: SP804 registers
 * @timclk: the timer's counting clock
 * @pclk: the timer's APB clock
 * @irq: timer interrupt
 * @load: SP804 LOAD value for one tick
 * @nominal_ns: tick length from the timer clock rate
 * @calib_left: ticks still to count while checking that the timer ticks
 * @ticks: ticks handled in the current transfer, for the timeout report
 * @done: completed by the IRQ handler at the end of a transfer
 * @sm: bit engine state; owned by the IRQ handler while the timer runs
 * @bri: bus recovery through the SBCon lines
 */
struct sbcon_i2c {
	struct i2c_adapter adap;
	struct device *dev;
	void __iomem *base;
	void __iomem *timer;
	struct clk *timclk;
	struct clk *pclk;
	int irq;
	u32 load;
	u32 nominal_ns;
	unsigned int calib_left;
	unsigned int ticks;
	struct completion done;
	struct sbcon_sm sm;
	struct i2c_bus_recovery_info bri;
};

static void sbcon_sm_finish(struct sbcon_sm *sm, int err)
{
	sm->err = err;
	sm->drive = SBCON_LINES;
	sm->phase = SBCON_DONE;
}

/*
 * Returns true while a slave holds SCL low and the wait has not timed out,
 * and for one more tick once it lets go, so SCL is high for a whole tick.
 */
static bool sbcon_sm_stretched(struct sbcon_sm *sm, u8 lines)
{
	if (lines & SBCON_SCL) {
		if (!sm->stretch)
			return false;
		sm->stretch = 0;
		return true;
	}
	if (++sm->stretch > sm->stretch_max)
		sbcon_sm_finish(sm, -ETIMEDOUT);
	return true;
}

static bool sbcon_sm_tx(const struct sbcon_sm *sm)
{
	return sm->addr || !(sm->msgs[sm->msg].flags & I2C_M_RD);
}

/* SCL is low: put the next data or ACK bit on SDA */
static void sbcon_sm_put_bit(struct sbcon_sm *sm)
{
	bool high;

	if (sm->bitn)	/* a data bit; a receiver leaves SDA alone */
		high = !sbcon_sm_tx(sm) || (sm->shift & BIT(sm->bitn - 1));
	else		/* the ACK bit: NAK the last byte we read */
		high = sbcon_sm_tx(sm) || sm->pos + 1 == sm->msgs[sm->msg].len;
	if (high)
		sm->drive |= SBCON_SDA;
	else
		sm->drive &= ~SBCON_SDA;
	sm->phase = SBCON_BIT_SCL;
}

/* SCL is low after an ACK bit: next byte, repeated START or STOP */
static void sbcon_sm_next(struct sbcon_sm *sm)
{
	const struct i2c_msg *m = &sm->msgs[sm->msg];

	if (sm->pos < m->len) {
		sm->shift = (m->flags & I2C_M_RD) ? 0 : m->buf[sm->pos];
		sm->bitn = 8;
		sbcon_sm_put_bit(sm);
	} else if (++sm->msg < sm->num) {
		sm->drive |= SBCON_SDA;
		sm->phase = SBCON_START_SCL;
	} else {
		sm->drive &= ~SBCON_SDA;
		sm->phase = SBCON_STOP_SCL;
	}
}

/* SCL is high: take the bit off SDA, then pull SCL low and go on */
static void sbcon_sm_latch(struct sbcon_sm *sm, bool sda)
{
	if (sm->bitn) {
		/* Single master: a low SDA we released is a stuck or rogue slave */
		if (sbcon_sm_tx(sm) && (sm->drive & SBCON_SDA) && !sda) {
			sbcon_sm_finish(sm, -EAGAIN);
			return;
		}
		if (!sbcon_sm_tx(sm)) {
			sm->shift = (sm->shift << 1) | sda;
			if (sm->bitn == 1)
				sm->msgs[sm->msg].buf[sm->pos] = sm->shift;
		}
		sm->bitn--;
		sm->drive &= ~SBCON_SCL;
		sbcon_sm_put_bit(sm);
		return;
	}

	sm->drive &= ~SBCON_SCL;
	if (sbcon_sm_tx(sm) && sda) {
		sm->err = sm->addr ? -ENXIO : -EIO;
		sm->drive &= ~SBCON_SDA;
		sm->phase = SBCON_STOP_SCL;
		return;
	}
	if (sm->addr)
		sm->addr = false;
	else
		sm->pos++;
	sbcon_sm_next(sm);
}

/**
 * sbcon_sm_init - set up the bit engine for a transfer
 * @sm: state to initialise
 * @msgs: messages, already checked for supported flags
 * @num: number of messages, at least one
 * @stretch_max: ticks a slave may hold SCL low
 */
static void sbcon_sm_init(struct sbcon_sm *sm, struct i2c_msg *msgs,
			  unsigned int num, unsigned int stretch_max)
{
	*sm = (struct sbcon_sm) {
		.msgs = msgs,
		.num = num,
		.stretch_max = stretch_max,
		.phase = SBCON_START,
		.drive = SBCON_LINES,
	};
}

/**
 * sbcon_sm_step - advance the bus by one tick
 * @sm: bit engine state
 * @lines: SCL and SDA as sampled at this tick (SBCON_SCL, SBCON_SDA)
 *
 * Updates @sm->drive, the levels the caller then puts on the lines.
 *
 * Return: true when the transfer is over; @sm->err says how it ended.
 */
static bool sbcon_sm_step(struct sbcon_sm *sm, u8 lines)
{
	switch (sm->phase) {
	case SBCON_START_SCL:
		sm->drive |= SBCON_SCL;
		sm->phase = SBCON_START;
		break;
	case SBCON_START:
		if (sbcon_sm_stretched(sm, lines))
			break;
		if (!(lines & SBCON_SDA)) {
			/* Someone holds SDA: not ours to START on */
			sbcon_sm_finish(sm, -EBUSY);
			break;
		}
		sm->drive &= ~SBCON_SDA;
		sm->phase = SBCON_START_HOLD;
		break;
	case SBCON_START_HOLD:
		sm->drive &= ~SBCON_SCL;
		sm->shift = i2c_8bit_addr_from_msg(&sm->msgs[sm->msg]);
		sm->bitn = 8;
		sm->addr = true;
		sm->pos = 0;
		sbcon_sm_put_bit(sm);
		break;
	case SBCON_BIT_SCL:
		sm->drive |= SBCON_SCL;
		sm->phase = SBCON_BIT_LATCH;
		break;
	case SBCON_BIT_LATCH:
		if (!sbcon_sm_stretched(sm, lines))
			sbcon_sm_latch(sm, lines & SBCON_SDA);
		break;
	case SBCON_STOP_SCL:
		sm->drive |= SBCON_SCL;
		sm->phase = SBCON_STOP;
		break;
	case SBCON_STOP:
		if (sbcon_sm_stretched(sm, lines))
			break;
		sm->drive |= SBCON_SDA;
		sm->phase = SBCON_DONE;
		break;
	case SBCON_DONE:
		break;
	}

	return sm->phase == SBCON_DONE;
}

static u8 sbcon_lines(struct sbcon_i2c *i2c)
{
	return readl(i2c->base + SBCON_CONTROL) & SBCON_LINES;
}

static void sbcon_set_line(struct sbcon_i2c *i2c, u8 line, int val)
{
	writel(line, i2c->base + (val ? SBCON_SET : SBCON_CLEAR));
}

static int sbcon_get_scl(struct i2c_adapter *adap)
{
	return !!(sbcon_lines(i2c_get_adapdata(adap)) & SBCON_SCL);
}

static void sbcon_set_scl(struct i2c_adapter *adap, int val)
{
	sbcon_set_line(i2c_get_adapdata(adap), SBCON_SCL, val);
}

static int sbcon_get_sda(struct i2c_adapter *adap)
{
	return !!(sbcon_lines(i2c_get_adapdata(adap)) & SBCON_SDA);
}

static void sbcon_set_sda(struct i2c_adapter *adap, int val)
{
	sbcon_set_line(i2c_get_adapdata(adap), SBCON_SDA, val);
}

/* One engine step: sample, step, then drive in the order the engine needs */
static bool sbcon_tick(struct sbcon_i2c *i2c)
{
	u8 old = i2c->sm.drive;
	bool done = sbcon_sm_step(&i2c->sm, sbcon_lines(i2c));
	u8 drive = i2c->sm.drive;

	if (old & ~drive & SBCON_SCL)
		sbcon_set_line(i2c, SBCON_SCL, 0);
	if ((old ^ drive) & SBCON_SDA)
		sbcon_set_line(i2c, SBCON_SDA, drive & SBCON_SDA);
	if (drive & ~old & SBCON_SCL)
		sbcon_set_line(i2c, SBCON_SCL, 1);
	return done;
}

/*
 * One-shot, re-armed by the handler after each tick: the next tick is due
 * a whole LOAD after the handler has moved the bus, however late it ran,
 * so no bus phase is shorter than a tick. A periodic timer keeps expiring
 * while its interrupt waits to be handled, and after a late handler its
 * next tick would follow the bus step early. The LOAD write restarts a
 * stopped one-shot SP804; QEMU's model restarts on the CTRL write.
 */
static void sbcon_timer_arm(struct sbcon_i2c *i2c)
{
	writel(i2c->load, i2c->timer + TIMER_LOAD);
	writel(TIMER_CTRL_32BIT | TIMER_CTRL_ONESHOT | TIMER_CTRL_IE |
	       TIMER_CTRL_ENABLE, i2c->timer + TIMER_CTRL);
}

static void sbcon_timer_start(struct sbcon_i2c *i2c)
{
	writel(TIMER_INT, i2c->timer + TIMER_INTCLR);
	sbcon_timer_arm(i2c);
}

static void sbcon_timer_stop(struct sbcon_i2c *i2c)
{
	writel(TIMER_CTRL_32BIT | TIMER_CTRL_ONESHOT, i2c->timer + TIMER_CTRL);
	writel(TIMER_INT, i2c->timer + TIMER_INTCLR);
}

/*
 * Stop the timer from outside the handler, which may be running on another
 * CPU and re-arming it: mask the interrupt first, which waits for it.
 */
static void sbcon_timer_halt(struct sbcon_i2c *i2c)
{
	disable_irq(i2c->irq);
	sbcon_timer_stop(i2c);
	enable_irq(i2c->irq);
}

static irqreturn_t sbcon_isr(int irq, void *data)
{
	struct sbcon_i2c *i2c = data;
	bool done;

	if (!(readl(i2c->timer + TIMER_MIS) & TIMER_INT))
		return IRQ_NONE;
	writel(TIMER_INT, i2c->timer + TIMER_INTCLR);

	if (!i2c->calib_left && sbcon_fault_tick()) {
		/* As a timer that stopped: no step, no completion */
		sbcon_timer_stop(i2c);
		return IRQ_HANDLED;
	}
	if (i2c->calib_left) {
		done = !--i2c->calib_left;
	} else {
		i2c->ticks++;
		done = sbcon_tick(i2c);
	}
	if (done) {
		sbcon_timer_stop(i2c);
		complete(&i2c->done);
	} else {
		sbcon_timer_arm(i2c);
	}
	return IRQ_HANDLED;
}

/*
 * The engine ends every transfer in a bounded number of ticks (stretching
 * included), so only a timer that stops ticking can hang it: wait while
 * ticks arrive, and give up when none came for the adapter's timeout
 * (I2C_TIMEOUT sets it). Not a deadline for the whole transfer: that would
 * fail one that still progresses on a timer running slow, as an emulated
 * SP804 does for seconds on a loaded host.
 */
static int sbcon_run_irq(struct sbcon_i2c *i2c)
{
	unsigned int seen;

	reinit_completion(&i2c->done);
	i2c->ticks = 0;
	sbcon_timer_start(i2c);
	do {
		seen = READ_ONCE(i2c->ticks);
		if (wait_for_completion_timeout(&i2c->done, i2c->adap.timeout))
			return i2c->sm.err;
	} while (READ_ONCE(i2c->ticks) != seen);

	sbcon_timer_halt(i2c);
	if (i2c->sm.phase == SBCON_DONE)	/* finished as we gave up */
		return i2c->sm.err;
	dev_warn_ratelimited(i2c->dev,
			     "no timer tick for %u ms, %u ticks, phase %d\n",
			     jiffies_to_msecs(i2c->adap.timeout), i2c->ticks,
			     i2c->sm.phase);
	sbcon_fault_timed_out(i2c->dev, i2c->irq);
	return -ETIMEDOUT;
}

/*
 * Counts its delays instead of reading a clock: in the syscore phase,
 * where the i2c core sends transfers here, timekeeping is suspended.
 */
static int sbcon_run_polled(struct sbcon_i2c *i2c)
{
	unsigned int us = DIV_ROUND_UP(i2c->nominal_ns, NSEC_PER_USEC);
	unsigned long left = jiffies_to_usecs(i2c->adap.timeout) / us + 1;

	while (!sbcon_tick(i2c)) {
		if (!--left)
			return -ETIMEDOUT;
		udelay(us);
	}
	return i2c->sm.err;
}

/*
 * A runtime resume failed. If our callback failed, 6.12's runtime PM core
 * then refuses every later resume until the device's status is set again
 * (power.runtime_error, "a fatal error" in runtime_pm.rst), and keeps
 * refusing across an unbind, so the bus, and every later system suspend
 * (sbcon_suspend() resumes us), would be lost until a reboot. The callback
 * left the clocks off and our runtime suspend cannot fail, so the
 * controller is suspended: say so, as runtime_pm.rst asks, and let the
 * next transfer try again. The call is refused (-EAGAIN) while runtime PM
 * is enabled and no error is latched: for every other failure, and on a
 * core that does not latch a failed resume (7.3's). -EACCES: runtime PM
 * is disabled and the status was not active then; the call would succeed
 * whatever the hardware's state, so it is left out.
 */
static int sbcon_resume_failed(struct sbcon_i2c *i2c, int ret)
{
	dev_err_ratelimited(i2c->dev, "cannot resume the controller: %pe\n",
			    ERR_PTR(ret));
	if (ret != -EACCES)
		pm_runtime_set_suspended(i2c->dev);
	return ret;
}

static int sbcon_xfer_common(struct i2c_adapter *adap, struct i2c_msg *msgs,
			     int num, bool atomic)
{
	struct sbcon_i2c *i2c = i2c_get_adapdata(adap);
	bool stopped;
	int i, ret;

	for (i = 0; i < num; i++) {
		if (msgs[i].flags & I2C_M_TEN)
			return -EAFNOSUPPORT;
		if (msgs[i].flags & ~(I2C_M_RD | I2C_M_DMA_SAFE))
			return -EOPNOTSUPP;
		/* i2c-dev's I2C_RDWR passes any u16: 0xca would go out as 0x4a */
		if (msgs[i].addr > 0x7f)
			return -EINVAL;
	}

	ret = sbcon_fault_xfer();
	if (ret)
		return ret;

	/*
	 * The atomic path polls the SBCon and never touches the timer, so it
	 * needs no clocks: it only pins the usage count. It could not resume
	 * the device anyway, the clk callbacks sleep (so no irq_safe either).
	 */
	if (atomic) {
		pm_runtime_get_noresume(i2c->dev);
	} else {
		ret = pm_runtime_resume_and_get(i2c->dev);
		if (ret)
			return sbcon_resume_failed(i2c, ret);
	}

	if (sbcon_lines(i2c) != SBCON_LINES) {
		ret = i2c_recover_bus(adap);
		if (ret)
			goto out;
	}

	sbcon_sm_init(&i2c->sm, msgs, num,
		      DIV_ROUND_UP(SBCON_STRETCH_NS, i2c->nominal_ns));
	if (atomic)
		ret = sbcon_run_polled(i2c);
	else
		ret = sbcon_run_irq(i2c);

	/*
	 * The engine ends with a STOP when the transfer completes or a slave
	 * NAKs (-ENXIO, -EIO), and the STOP must leave both lines released.
	 * Any other end (a slave holding SDA or SCL, a timer that stopped)
	 * leaves the bus in the middle of a byte: the core's SCL recovery
	 * clocks the slave out and sends the STOP.
	 */
	stopped = !ret || ret == -ENXIO || ret == -EIO;
	if (stopped && sbcon_lines(i2c) != SBCON_LINES) {
		dev_err_ratelimited(i2c->dev, "bus not released after STOP\n");
		ret = ret ?: -EIO;
		stopped = false;
	}
	if (!stopped)
		i2c_recover_bus(adap);
out:
	pm_runtime_mark_last_busy(i2c->dev);
	if (atomic)
		pm_runtime_put_noidle(i2c->dev);
	else
		pm_runtime_put_autosuspend(i2c->dev);
	return ret ?: num;
}

static int sbcon_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return sbcon_xfer_common(adap, msgs, num, false);
}

static int sbcon_xfer_atomic(struct i2c_adapter *adap, struct i2c_msg *msgs,
			     int num)
{
	return sbcon_xfer_common(adap, msgs, num, true);
}

/*
 * The core emulates SMBus with I2C messages. Not PEC: it passes the
 * client's I2C_CLIENT_PEC bit on in the message flags, which the engine
 * refuses, and no slave on this bus could check a PEC byte anyway. Nor
 * block reads, which need I2C_M_RECV_LEN (not in SMBUS_EMUL either).
 */
static u32 sbcon_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C | (I2C_FUNC_SMBUS_EMUL & ~I2C_FUNC_SMBUS_PEC);
}

static const struct i2c_algorithm sbcon_algo = {
	.xfer = sbcon_xfer,
	.xfer_atomic = sbcon_xfer_atomic,
	.functionality = sbcon_func,
};

/*
 * After the address byte of a read the slave drives SDA: with no data byte
 * to NAK, a slave that puts a 0 there holds the bus against our STOP.
 */
static const struct i2c_adapter_quirks sbcon_quirks = {
	.flags = I2C_AQ_NO_ZERO_LEN_READ,
};

/*
 * A timer that never interrupts (wrong IRQ in the DT, clock off) would
 * time out every transfer: count a few ticks at probe instead. The tick
 * length is only logged: QEMU's SP804 does not tick at LOAD + 1 timer
 * cycles (it is bound by the host's timers).
 */
static int sbcon_check_ticks(struct sbcon_i2c *i2c, s64 *tick_ns)
{
	unsigned int ticks;
	ktime_t start;
	s64 ns;

	reinit_completion(&i2c->done);
	i2c->calib_left = SBCON_CALIB_TICKS;
	start = ktime_get();
	sbcon_timer_start(i2c);
	if (!wait_for_completion_timeout(&i2c->done, 2 * HZ))
		sbcon_timer_halt(i2c);
	ns = ktime_to_ns(ktime_sub(ktime_get(), start));
	ticks = SBCON_CALIB_TICKS - i2c->calib_left;
	i2c->calib_left = 0;
	if (!ticks)
		return -ETIMEDOUT;
	*tick_ns = div_s64(ns, ticks);
	return 0;
}

static int sbcon_runtime_suspend(struct device *dev)
{
	struct sbcon_i2c *i2c = dev_get_drvdata(dev);

	sbcon_timer_stop(i2c);
	clk_disable_unprepare(i2c->timclk);
	clk_disable_unprepare(i2c->pclk);
	return 0;
}

static int sbcon_runtime_resume(struct device *dev)
{
	struct sbcon_i2c *i2c = dev_get_drvdata(dev);
	int ret;

	ret = sbcon_fault_resume();
	if (ret)
		return ret;
	ret = clk_prepare_enable(i2c->pclk);
	if (ret)
		return ret;
	ret = clk_prepare_enable(i2c->timclk);
	if (ret) {
		clk_disable_unprepare(i2c->pclk);
		return ret;
	}
	sbcon_timer_stop(i2c);
	return 0;
}

static void sbcon_power_off(void *data)
{
	struct sbcon_i2c *i2c = data;

	if (!pm_runtime_status_suspended(i2c->dev)) {
		sbcon_runtime_suspend(i2c->dev);
		pm_runtime_set_suspended(i2c->dev);
	}
}

static void sbcon_clk_put(void *clk)
{
	clk_put(clk);
}

/*
 * A clock of the timer's node, which is neither our node nor a child of it:
 * of_clk_get_by_name() is the clock framework's lookup by node (what
 * devm_get_clk_from_child() wraps for a consumer's own sub-nodes), and the
 * reference goes with our binding.
 */
static struct clk *sbcon_timer_clk(struct device *dev, struct device_node *tnp,
				   const char *name)
{
	struct clk *clk = of_clk_get_by_name(tnp, name);
	int ret;

	if (IS_ERR(clk))
		return clk;
	ret = devm_add_action_or_reset(dev, sbcon_clk_put, clk);
	return ret ? ERR_PTR(ret) : clk;
}

static int sbcon_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *tnp __free(device_node) = NULL;
	struct i2c_timings t;
	struct sbcon_i2c *i2c;
	struct resource *res;
	unsigned long rate, flags;
	s64 tick_ns;
	int ret;

	i2c = devm_kzalloc(dev, sizeof(*i2c), GFP_KERNEL);
	if (!i2c)
		return -ENOMEM;
	i2c->dev = dev;
	init_completion(&i2c->done);
	platform_set_drvdata(pdev, i2c);

	/* Check the DT's bus speed before claiming anything */
	i2c_parse_fw_timings(dev, &t, true);
	if (!t.bus_freq_hz || t.bus_freq_hz > I2C_MAX_FAST_MODE_PLUS_FREQ)
		return dev_err_probe(dev, -EINVAL,
				     "clock-frequency %u Hz not in 1..%u\n",
				     t.bus_freq_hz,
				     I2C_MAX_FAST_MODE_PLUS_FREQ);

	/* Name the missing range: ioremap would only say "invalid resource" */
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -EINVAL, "no SBCon register range\n");
	i2c->base = devm_ioremap_resource(dev, res);
	if (IS_ERR(i2c->base))
		return PTR_ERR(i2c->base);

	/*
	 * The SP804 whose first timer paces the bus: its registers, interrupt
	 * and clocks, as its own node describes them, which stays the one
	 * description of the timer (copied into our node, the two could
	 * disagree). No driver binds that node (the sp804 clocksource takes
	 * the first SP804 only), so no bus applies its assigned clocks before
	 * a probe: its one user does, with the call the bus would make, as
	 * timer-ti-dm-systimer does for a timer node without a device.
	 */
	tnp = of_parse_phandle(dev->of_node, "arm,timer", 0);
	if (!tnp)
		return dev_err_probe(dev, -EINVAL,
				     "no arm,timer: the SP804 that paces the bus\n");
	i2c->timer = devm_of_iomap(dev, tnp, 0, NULL);
	if (IS_ERR(i2c->timer))
		return dev_err_probe(dev, PTR_ERR(i2c->timer),
				     "cannot map the timer %pOF\n", tnp);
	i2c->irq = of_irq_get(tnp, 0);
	if (i2c->irq <= 0)
		return dev_err_probe(dev, i2c->irq ?: -EINVAL,
				     "no interrupt for the timer %pOF\n", tnp);
	ret = of_clk_set_defaults(tnp, false);
	if (ret)
		return dev_err_probe(dev, ret,
				     "cannot set up the clocks of %pOF\n", tnp);
	i2c->timclk = sbcon_timer_clk(dev, tnp, "timclken1");
	if (IS_ERR(i2c->timclk))
		return dev_err_probe(dev, PTR_ERR(i2c->timclk),
				     "no timer clock\n");
	i2c->pclk = sbcon_timer_clk(dev, tnp, "apb_pclk");
	if (IS_ERR(i2c->pclk))
		return dev_err_probe(dev, PTR_ERR(i2c->pclk), "no APB clock\n");

	/* Lines released: a slave left mid-byte is recovered on first use */
	writel(SBCON_LINES, i2c->base + SBCON_SET);

	ret = devm_add_action_or_reset(dev, sbcon_power_off, i2c);
	if (ret)
		return ret;
	/*
	 * The i2c core does this for the adapter device, so its clients never
	 * hold it active. This covers the step above: the adapter is our child,
	 * and whatever holds it runtime-active (its power/control set to "on")
	 * must not keep the bit clock's timer running; only transfers do.
	 */
	pm_suspend_ignore_children(dev, true);
	pm_runtime_set_autosuspend_delay(dev, SBCON_AUTOSUSPEND_MS);
	pm_runtime_use_autosuspend(dev);
	ret = devm_pm_runtime_enable(dev);
	if (ret)
		return ret;
	ret = pm_runtime_resume_and_get(dev);
	if (ret) {
		/* Or 6.12 refuses every later bind's resume too */
		pm_runtime_set_suspended(dev);
		return dev_err_probe(dev, ret, "cannot power up\n");
	}

	/* Read enabled: clk_get_rate() is only valid for an enabled clock */
	rate = clk_get_rate(i2c->timclk);
	if (!rate) {
		ret = dev_err_probe(dev, -EINVAL, "timer clock has no rate\n");
		goto err_put;
	}
	/* A tick is half an SCL period; the counter runs LOAD + 1 cycles */
	i2c->load = max(DIV_ROUND_UP(rate, 2 * t.bus_freq_hz), 2UL) - 1;
	i2c->nominal_ns = div_u64((u64)(i2c->load + 1) * NSEC_PER_SEC, rate);

	/*
	 * NO_SUSPEND: prepare_late and wake transfer after the noirq phase.
	 * NO_THREAD: each tick is one step of the bus; a threaded handler
	 * (threadirqs) would stretch every bit by a scheduling latency.
	 */
	flags = sbcon_fault_irq_flags(dev, IRQF_NO_THREAD | IRQF_NO_SUSPEND);
	ret = devm_request_irq(dev, i2c->irq, sbcon_isr, flags, dev_name(dev),
			       i2c);
	if (ret) {
		dev_err_probe(dev, ret, "cannot request IRQ %d\n", i2c->irq);
		goto err_put;
	}

	ret = sbcon_check_ticks(i2c, &tick_ns);
	if (ret) {
		dev_err_probe(dev, ret, "timer IRQ %d does not tick\n",
			      i2c->irq);
		goto err_put;
	}

	i2c->bri.recover_bus = i2c_generic_scl_recovery;
	i2c->bri.get_scl = sbcon_get_scl;
	i2c->bri.set_scl = sbcon_set_scl;
	i2c->bri.get_sda = sbcon_get_sda;
	i2c->bri.set_sda = sbcon_set_sda;

	i2c->adap.owner = THIS_MODULE;
	i2c->adap.algo = &sbcon_algo;
	i2c->adap.bus_recovery_info = &i2c->bri;
	i2c->adap.quirks = &sbcon_quirks;
	i2c->adap.timeout = HZ;
	i2c->adap.dev.parent = dev;
	i2c->adap.dev.of_node = dev->of_node;
	strscpy(i2c->adap.name, "SBCon timer I2C", sizeof(i2c->adap.name));
	i2c_set_adapdata(&i2c->adap, i2c);

	ret = devm_i2c_add_adapter(dev, &i2c->adap);
	if (ret)
		goto err_put;
	sbcon_fault_debugfs(i2c->adap.debugfs);

	dev_info(dev, "%u Hz bus, tick %lld ns measured (%u ns nominal at %lu Hz), IRQ %d\n",
		 t.bus_freq_hz, tick_ns, i2c->nominal_ns, rate, i2c->irq);
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
	return 0;

err_put:
	pm_runtime_put_noidle(dev);
	return ret;
}

/* Keep the clocks on after runtime PM is disabled: noirq users need us */
static int sbcon_suspend(struct device *dev)
{
	int ret = pm_runtime_resume_and_get(dev);

	return ret ? sbcon_resume_failed(dev_get_drvdata(dev), ret) : 0;
}

static int sbcon_resume(struct device *dev)
{
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
	return 0;
}

static const struct dev_pm_ops sbcon_pm_ops = {
	SYSTEM_SLEEP_PM_OPS(sbcon_suspend, sbcon_resume)
	SBCON_FAULT_PM_OPS
	RUNTIME_PM_OPS(sbcon_runtime_suspend, sbcon_runtime_resume, NULL)
};

static const struct of_device_id sbcon_of_match[] = {
	{ .compatible = "arm,vexpress-sbcon-timer-i2c" },
	{ }
};
MODULE_DEVICE_TABLE(of, sbcon_of_match);

static struct platform_driver sbcon_driver = {
	.probe = sbcon_probe,
	.driver = {
		.name = "i2c-sbcon-timer",
		.of_match_table = sbcon_of_match,
		.pm = pm_ptr(&sbcon_pm_ops),
	},
};

module_platform_driver(sbcon_driver);

MODULE_DESCRIPTION("Versatile Express SBCon I2C paced by an SP804 timer");
MODULE_LICENSE("GPL");

/*
 * The KUnit tests drive the static bit engine directly: built into the
 * driver, they need no exported symbols, nor the symbol namespace import
 * whose form differs between kernels (a string since v6.13).
 */
#ifdef CONFIG_I2C_SBCON_TIMER_KUNIT_TEST
#include "i2c-sbcon-timer-test.c"
#endif
