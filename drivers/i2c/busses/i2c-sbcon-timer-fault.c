// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection for the SBCon timer I2C driver, to test how system
 * suspend fails and unwinds (CONFIG_I2C_SBCON_TIMER_FAULT_INJECTOR, off by
 * default). Built into the driver, which includes this file in place of
 * its no-op stubs.
 *
 * fault_attr directories fail_nak (-ENXIO, as an address NAK) and
 * fail_timeout (-ETIMEDOUT) in the adapter's debugfs directory fail
 * transfers before they touch the bus, but only between this controller's
 * own suspend_noirq and resume_noirq. The devices on the bus are its
 * descendants or (genpd) their consumers, so their noirq callbacks have all
 * run by then: the transfers left in that window are the platform's
 * prepare_late and wake ones (arming the PMIC). "space" picks which: with
 * space=N the Nth transfer of the window fails. With fault_whole_sleep set,
 * the window is the whole suspend-to-RAM transition instead
 * (pm_suspend_target_state), so that the devices' own transfers can fail
 * too: a sensor's suspend, the PM domain's noirq power-off and power-on.
 *
 * Two more fault_attrs act at any time: fail_tick loses a tick of the bit
 * clock and stops the timer, as a timer that stops interrupting in the
 * middle of a transfer, and fail_resume fails a runtime resume of the
 * controller (-EIO, as a clock that will not enable).
 *
 * irq_no_suspend=N requests the IRQ without IRQF_NO_SUSPEND: the IRQ is
 * then disabled from the noirq suspend phase on, and every transfer the
 * platform makes there times out, so suspend-to-RAM fails.
 *
 * One SBCon per board: the attributes are global, in its adapter's debugfs
 * directory.
 */

#include <linux/debugfs.h>
#include <linux/fault-inject.h>
#include <linux/moduleparam.h>
#include <linux/suspend.h>

static bool irq_no_suspend = true;
module_param(irq_no_suspend, bool, 0400);
MODULE_PARM_DESC(irq_no_suspend,
		 "N: request the timer IRQ without IRQF_NO_SUSPEND, which breaks suspend-to-RAM (tests only)");

static DECLARE_FAULT_ATTR(sbcon_fail_nak);
static DECLARE_FAULT_ATTR(sbcon_fail_timeout);
static DECLARE_FAULT_ATTR(sbcon_fail_tick);
static DECLARE_FAULT_ATTR(sbcon_fail_resume);
static bool sbcon_fault_whole_sleep;
/* Between our suspend_noirq and resume_noirq: the platform's transfers */
static bool sbcon_fault_noirq;

static int sbcon_fault_xfer(void)
{
	if (!READ_ONCE(sbcon_fault_noirq) &&
	    !(READ_ONCE(sbcon_fault_whole_sleep) &&
	      pm_suspend_target_state != PM_SUSPEND_ON))
		return 0;
	if (should_fail(&sbcon_fail_nak, 1))
		return -ENXIO;
	if (should_fail(&sbcon_fail_timeout, 1))
		return -ETIMEDOUT;
	return 0;
}

/* True: the handler drops this tick and stops the timer */
static bool sbcon_fault_tick(void)
{
	return should_fail(&sbcon_fail_tick, 1);
}

static int sbcon_fault_resume(void)
{
	return should_fail(&sbcon_fail_resume, 1) ? -EIO : 0;
}

static unsigned long sbcon_fault_irq_flags(struct device *dev,
					   unsigned long flags)
{
	if (irq_no_suspend)
		return flags;
	dev_warn(dev, "IRQ without IRQF_NO_SUSPEND: transfers from the noirq phase will time out\n");
	return flags & ~IRQF_NO_SUSPEND;
}

/* Name the cause of a timeout when irq_no_suspend is it */
static void sbcon_fault_timed_out(struct device *dev, int irq)
{
	if (!irq_no_suspend && pm_suspend_target_state != PM_SUSPEND_ON)
		dev_err_ratelimited(dev,
				    "transfer timed out: IRQ %d is suspended during system sleep (requested without IRQF_NO_SUSPEND)\n",
				    irq);
}

static void sbcon_fault_debugfs(struct dentry *dir)
{
	fault_create_debugfs_attr("fail_nak", dir, &sbcon_fail_nak);
	fault_create_debugfs_attr("fail_timeout", dir, &sbcon_fail_timeout);
	fault_create_debugfs_attr("fail_tick", dir, &sbcon_fail_tick);
	fault_create_debugfs_attr("fail_resume", dir, &sbcon_fail_resume);
	debugfs_create_bool("fault_whole_sleep", 0600, dir,
			    &sbcon_fault_whole_sleep);
}

/* Only the fault window: the bus itself keeps working through noirq */
static int sbcon_fault_suspend_noirq(struct device *dev)
{
	WRITE_ONCE(sbcon_fault_noirq, true);
	return 0;
}

static int sbcon_fault_resume_noirq(struct device *dev)
{
	WRITE_ONCE(sbcon_fault_noirq, false);
	return 0;
}

#define SBCON_FAULT_PM_OPS						\
	NOIRQ_SYSTEM_SLEEP_PM_OPS(sbcon_fault_suspend_noirq,		\
				  sbcon_fault_resume_noirq)
