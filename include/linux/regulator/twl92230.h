/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TI TWL92230 (Menelaus) PMIC: sleep arming for platform suspend code.
 *
 * The regulator driver programs each rail's sleep state from the device
 * tree's "regulator-state-mem" during the regulator core's suspend pass.
 * Those settings stay inert until the chip is armed to follow its SLEEP
 * input. Platform suspend code arms it in .prepare_late (after every
 * device's noirq callback, so no driver still needs a rail that is about to
 * drop) and disarms it in .wake (before any device's resume_noirq). Both
 * calls are I2C transfers: the bus must stay usable in that window.
 *
 *	sleep = twl92230_sleep_get(dev);	at probe; may be -EPROBE_DEFER
 *	twl92230_sleep_arm(sleep);		in .prepare_late
 *	twl92230_sleep_disarm(sleep);		in .wake, even if arm failed
 *
 * The handle lives with the bound PMIC driver: the caller links itself to
 * the PMIC's device (device_link_add()) so that it is unbound first.
 */

#ifndef __LINUX_REGULATOR_TWL92230_H
#define __LINUX_REGULATOR_TWL92230_H

#include <linux/err.h>

struct device;
struct twl92230_sleep;

#if IS_REACHABLE(CONFIG_REGULATOR_TWL92230)
struct twl92230_sleep *twl92230_sleep_get(struct device *dev);
int twl92230_sleep_arm(struct twl92230_sleep *sleep);
int twl92230_sleep_disarm(struct twl92230_sleep *sleep);
#else
static inline struct twl92230_sleep *twl92230_sleep_get(struct device *dev)
{
	return ERR_PTR(-ENODEV);
}

static inline int twl92230_sleep_arm(struct twl92230_sleep *sleep)
{
	return -ENODEV;
}

static inline int twl92230_sleep_disarm(struct twl92230_sleep *sleep)
{
	return -ENODEV;
}
#endif

#endif /* __LINUX_REGULATOR_TWL92230_H */
