// SPDX-License-Identifier: GPL-2.0-only
/*
 * Versatile Express system sleep: the wait in enter.
 *
 * Only an armed wakeup interrupt (or the monitor's timer) ends "enter":
 * the board has no wakeup controller to keep other interrupts from ending
 * the WFI, so enter filters them itself: see vexpress_sleep_wait().
 */

#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fault-inject.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/irqnr.h>

#include <trace/events/power.h>

#include <asm/proc-fns.h>

#include "vexpress-sleep.h"

/*
 * WFIs in one enter that may end with no wakeup interrupt pending before
 * the board is resumed anyway. The stopped local timer ends one at most,
 * then it is masked; more is a storm (an interrupt that
 * cannot be cleared, or one raised again and again), and the board must
 * not spin in enter with interrupts off, unseen.
 */
#define VEXPRESS_SLEEP_MAX_STRAYS	64
/* Per-CPU interrupts masked in one enter: the local timer, the monitor's */
#define VEXPRESS_SLEEP_MAX_MASKED	4

#ifdef CONFIG_VEXPRESS_SLEEP_FAULT_INJECTION
static DECLARE_FAULT_ATTR(stray_irq_attr);

static bool vexpress_sleep_inject_stray(struct vexpress_sleep *vs)
{
	return vs->wdt && should_fail(&stray_irq_attr, 1);
}

/* Only a board with the monitor's timer can raise a stray interrupt */
void vexpress_sleep_stray_debugfs(struct vexpress_sleep *vs)
{
	if (!vs->wdt)
		return;
	vs->stray_dir = fault_create_debugfs_attr("vexpress_sleep_stray_irq",
						  NULL, &stray_irq_attr);
}
#else
static bool vexpress_sleep_inject_stray(struct vexpress_sleep *vs)
{
	return false;
}

void vexpress_sleep_stray_debugfs(struct vexpress_sleep *vs)
{
}
#endif

/*
 * Whether @irq is masked on this CPU. A per-CPU interrupt's mask is per CPU,
 * not in its irq_data: disable_percpu_irq() masks it in the GIC, so ask the
 * chip. One whose state the chip cannot tell counts as unmasked.
 */
static bool vexpress_sleep_irq_masked(unsigned int irq, struct irq_data *d)
{
	bool masked;

	if (!irq_is_percpu_devid(irq))
		return irqd_irq_masked(d);
	return !irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED, &masked) &&
	       masked;
}

/*
 * What ended the WFI, from the interrupts' pending state: true if an armed
 * wakeup interrupt is pending, or one whose pending state cannot be read
 * (behind a slow bus, or with no chip that reports it: then no filter, and
 * any interrupt ends the sleep). Otherwise *@stray is the non-wakeup
 * interrupt found pending and unmasked, 0 if none is (WFI may also end for
 * no reason at all).
 *
 * A pending per-CPU interrupt that is unmasked is masked in the GIC for the
 * rest of the sleep (@masked, up to VEXPRESS_SLEEP_MAX_MASKED of them; the
 * caller unmasks them, so each is left as it was found; one that its driver
 * disabled is not touched): on this CPU, with the others off, that is a local timer
 * that timekeeping_suspend() stopped after it fired (the TWD's PPI 29 on
 * the Cortex-A9, the generic timer's on the Cortex-A15), or the monitor's
 * TWD, stopped by now. Clearing its pending state is not enough: the
 * stopped timer keeps its line up until its driver acks the event (QEMU's
 * TWD does), ending every WFI, so masking it is what a wakeup controller
 * would do; its driver takes the event once IRQs are back.
 * Any other is left pending for its driver (IRQF_NO_SUSPEND: it is handled
 * when IRQs come back) and ends the WFI again, up to the caller's limit.
 */
static bool vexpress_sleep_wake_pending(unsigned int *stray,
					unsigned int *masked,
					unsigned int *n_masked)
{
	unsigned int irq;

	*stray = 0;
	for_each_active_irq(irq) {
		struct irq_data *d = irq_get_irq_data(irq);
		struct irq_chip *chip = d ? irq_data_get_irq_chip(d) : NULL;
		bool wake, pending;

		if (!chip)
			continue;
		wake = irqd_is_wakeup_armed(d);
		if (chip->irq_bus_lock) {	/* its state is behind a slow bus */
			if (wake)
				return true;
			continue;
		}
		/* A masked interrupt did not end the WFI, and stays masked */
		if (!wake && vexpress_sleep_irq_masked(irq, d))
			continue;
		if (irq_get_irqchip_state(irq, IRQCHIP_STATE_PENDING,
					  &pending)) {
			if (wake)
				return true;
			continue;
		}
		if (!pending)
			continue;
		if (wake)
			return true;
		if (!*stray)
			*stray = irq;
		if (!irq_is_percpu_devid(irq))
			continue;
		if (*n_masked < VEXPRESS_SLEEP_MAX_MASKED &&
		    !irq_set_irqchip_state(irq, IRQCHIP_STATE_MASKED, true))
			masked[(*n_masked)++] = irq;
		else
			irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING,
					      false);
	}
	return false;
}

/*
 * Only a wakeup interrupt should end the sleep, but any interrupt that is
 * enabled in the GIC and pending ends the WFI, and the board has no
 * wakeup controller that lets only the armed ones through (as the i.MX
 * GPC's masks, OMAP's wakeupgen or Tegra's PMC wake levels do). The local
 * timer's interrupt is one: raised after arch_suspend_disable_irqs() and
 * before timekeeping_suspend() stops the timer, it stays pending through
 * enter. Taken for the wakeup, it would resume the board early, its alarm
 * still set. So after each WFI the GIC's pending state tells whether a
 * wakeup interrupt ended it; if none did, the stray is cleared (a stopped
 * local timer's) or left to its driver, traced as platform_stray_wake[irq],
 * counted, and the CPU waits again. With the monitor running, its timer
 * running out ends the wait too. Returns how many WFIs ended with no wakeup
 * pending.
 *
 * Fault injection's stray interrupt is the monitor's timer, started with
 * one tick to go before a WFI, found pending after it, then stopped, as
 * timekeeping_suspend() stops the local timer. (QEMU's GIC holds a level
 * interrupt pending only while its line is up, so the timer must still be
 * running for the scan to find it; the clearing is then a no-op.)
 */
unsigned int vexpress_sleep_wait(struct vexpress_sleep *vs)
{
	u32 ticks = vs->wdt_ticks;
	bool injected = false;
	unsigned int masked[VEXPRESS_SLEEP_MAX_MASKED];
	unsigned int n, i, n_masked = 0, irq = 0;

	if (ticks)
		vexpress_sleep_monitor_start(vs, ticks);
	for (n = 0; n <= VEXPRESS_SLEEP_MAX_STRAYS; n++) {
		bool stray = !ticks && vexpress_sleep_inject_stray(vs);

		if (stray)
			vexpress_sleep_monitor_start(vs, 1);
		injected |= stray;
		cpu_do_idle();
		if (ticks && vexpress_sleep_monitor_due(vs))
			break;
		if (stray) {
			while (!vexpress_sleep_monitor_due(vs))
				cpu_relax();
		}
		if (vexpress_sleep_wake_pending(&irq, masked, &n_masked))
			break;
		if (stray)
			vexpress_sleep_monitor_halt(vs);
		trace_suspend_resume(TPS("platform_stray_wake"), irq, true);
		trace_suspend_resume(TPS("platform_stray_wake"), irq, false);
		vs->stray_wakes++;
	}
	for (i = 0; i < n_masked; i++)
		irq_set_irqchip_state(masked[i], IRQCHIP_STATE_MASKED, false);
	if (ticks || injected)
		vexpress_sleep_monitor_stop(vs);
	if (n > VEXPRESS_SLEEP_MAX_STRAYS)
		dev_warn(vs->dev,
			 "sleep ended by %u interrupts in a row that are no wakeup source (last: irq %u), resuming\n",
			 n, irq);
	return n;
}

/* Built in, the KUnit tests reach the static stray-wake filter directly */
#ifdef CONFIG_VEXPRESS_SLEEP_KUNIT_TEST
#include "vexpress-sleep-test.c"
#endif
