/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * LM75 family: a temperature reading for platform code while the system
 * sleeps.
 *
 * The lm75 driver puts the chip in shutdown in its .suspend and takes it
 * out in .resume, so between the two neither its hwmon attributes nor a
 * thermal zone on top of them converts: they would read the last
 * conversion before the suspend. Platform code that watches the
 * temperature in that window (a suspend_again that wakes on a timer to
 * read it) asks the driver for one conversion instead, which chips with a
 * one-shot bit make from shutdown:
 *
 *	lm75_read_oneshot(dev, &mc);	dev: the sensor's device, kept bound
 *					by a device link to it
 *
 * Only between the driver's .suspend and .resume: nothing else uses the
 * chip then, and it stays in shutdown, as .resume expects.
 */

#ifndef __LINUX_HWMON_LM75_H
#define __LINUX_HWMON_LM75_H

#include <linux/errno.h>

struct device;

#if IS_REACHABLE(CONFIG_SENSORS_LM75)
int lm75_read_oneshot(struct device *dev, long *mc);
#else
static inline int lm75_read_oneshot(struct device *dev, long *mc)
{
	return -ENODEV;
}
#endif

#endif /* __LINUX_HWMON_LM75_H */
