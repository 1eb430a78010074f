/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vexpress-pm sleep controller (vexpress-sleep.o), one driver in three
 * parts: the platform's suspend and hibernation ops and the driver itself
 * (vexpress-sleep-core.c), the wait in enter that tells a wakeup from a
 * stray interrupt (vexpress-sleep-wait.c), and the monitored sleep
 * (vexpress-sleep-monitor.c).
 */
#ifndef __VEXPRESS_SLEEP_H
#define __VEXPRESS_SLEEP_H

#include <linux/bits.h>
#include <linux/suspend.h>
#include <linux/types.h>

struct dentry;
struct device;

/* Cortex-A9 private watchdog (TWD), used in its timer mode */
#define TWD_WDT_LOAD			0x00
#define TWD_WDT_COUNTER			0x04
#define TWD_WDT_CONTROL			0x08
#define  TWD_WDT_CONTROL_ENABLE		BIT(0)
#define  TWD_WDT_CONTROL_IT_ENABLE	BIT(2)
#define  TWD_WDT_CONTROL_PRESCALER	GENMASK(15, 8)
#define TWD_WDT_INTSTAT			0x0c
#define  TWD_WDT_INTSTAT_EVENT		BIT(0)
#define TWD_WDT_DISABLE			0x14
#define  TWD_WDT_DISABLE_KEY1		0x12345678
#define  TWD_WDT_DISABLE_KEY2		0x87654321

/* PERIPHCLK / 256: 2.56 us and 3 hours at most on QEMU's 100 MHz */
#define TWD_WDT_PRESCALER		255

struct vexpress_sleep;

/**
 * struct vexpress_sleep_pmic - how to arm one kind of PMIC for sleep
 * @compatible: the PMIC node's compatible
 * @get: find the chip's sleep handle; -EPROBE_DEFER until its driver binds
 * @arm: apply the sleep configuration (prepare_late)
 * @disarm: take it back (wake, finish); a no-op when not armed
 */
struct vexpress_sleep_pmic {
	const char *compatible;
	int (*get)(struct vexpress_sleep *vs, struct device *pmic);
	int (*arm)(struct vexpress_sleep *vs);
	int (*disarm)(struct vexpress_sleep *vs);
};

/**
 * struct vexpress_sleep - the board's sleep controller
 * @dev: this device
 * @pmic: the PMIC's ops
 * @chip: the PMIC's sleep handle, valid while we are bound (device link)
 * @state: the state of the transition in progress
 * @disarm_failed: wake could not disarm; finish retries
 * @sensor: the monitored temperature sensor, an lm75 device kept bound by
 *	a device link; NULL: no monitored sleep
 * @wdt: the monitor's timer, the CPU's private watchdog
 * @wdt_irq: its per-CPU interrupt
 * @wdt_pcpu: the interrupt's per-CPU cookie: @wdt
 * @wdt_rate: its count rate with TWD_WDT_PRESCALER, Hz
 * @wdt_ticks: the interval of the transition in progress; 0: not monitoring
 * @rounds: monitor rounds of the transition in progress
 * @stray_wakes: WFIs that ended with no wakeup interrupt pending, since boot
 * @slept: enter ran in this round (a pm_test level stops before it)
 * @wakeups: wakeup event count when the first round went to sleep
 * @quiet: no wakeup event was in progress then
 * @stray_dir: debugfs directory of the stray-interrupt fault_attr
 * @debugfs: debugfs directory of the counters
 */
struct vexpress_sleep {
	struct device *dev;
	const struct vexpress_sleep_pmic *pmic;
	void *chip;
	suspend_state_t state;
	bool disarm_failed;
	struct device *sensor;
	void __iomem *wdt;
	int wdt_irq;
	void __iomem * __percpu *wdt_pcpu;
	unsigned long wdt_rate;
	u32 wdt_ticks;
	unsigned int rounds;
	u32 stray_wakes;
	bool slept;
	unsigned int wakeups;
	bool quiet;
	struct dentry *stray_dir;
	struct dentry *debugfs;
};

/* platform_suspend_ops take no context; suspend_set_ops() orders access */
extern struct vexpress_sleep *vexpress_sleep;

int vexpress_sleep_link(struct vexpress_sleep *vs, struct device *supplier);

/* vexpress-sleep-wait.c */
unsigned int vexpress_sleep_wait(struct vexpress_sleep *vs);
void vexpress_sleep_stray_debugfs(struct vexpress_sleep *vs);

/* vexpress-sleep-monitor.c */
int vexpress_sleep_monitor_probe(struct vexpress_sleep *vs);
u32 vexpress_sleep_monitor_ticks(struct vexpress_sleep *vs,
				 suspend_state_t state);
void vexpress_sleep_monitor_run(struct vexpress_sleep *vs);
void vexpress_sleep_monitor_start(struct vexpress_sleep *vs, u32 ticks);
void vexpress_sleep_monitor_halt(struct vexpress_sleep *vs);
void vexpress_sleep_monitor_stop(struct vexpress_sleep *vs);
bool vexpress_sleep_monitor_due(struct vexpress_sleep *vs);
bool vexpress_sleep_woken(struct vexpress_sleep *vs);
bool vexpress_sleep_monitor_again(struct vexpress_sleep *vs);

#endif /* __VEXPRESS_SLEEP_H */
