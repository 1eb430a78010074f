/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * X-Powers AXP209: the sleep configuration, which the AXP20x regulator
 * driver offers platform suspend code.
 *
 * The AXP209 has no sleep input: unlike PMICs that hold a second set of
 * rail settings and switch to it when the SoC raises a SLEEP signal, it
 * only has the settings it runs with. Whatever is to change for
 * suspend-to-RAM must be written to the chip by software, so the
 * platform's suspend code switches the rails itself, over the PMIC's bus.
 *
 * Here the sleep configuration is two registers, taken from the
 * "regulator-state-mem" nodes of the PMIC's "regulators" in the device
 * tree. The regulator core cannot apply them: it does so in the
 * regulators' .suspend, before other devices' late and noirq callbacks,
 * which may still need the rails, and the chip has no sleep registers it
 * could program instead. So the regulator driver, which owns both
 * registers, applies them when the platform asks:
 *
 * - POWER_OUTPUT_CTRL (AXP20X_PWR_OUT_CTRL): the enable bits of the
 *   rails marked "regulator-off-in-suspend" are cleared. DCDC2, DCDC3,
 *   LDO2, LDO3 and LDO4 have one there; LDO1 is always on and LDO5 is a
 *   GPIO function, so neither can be marked. A rail also marked
 *   "regulator-on-in-suspend" (which the regulator core reads as on) is
 *   refused.
 * - DCDC2 (AXP20X_DCDC2_V_OUT): "regulator-suspend-microvolt", if given,
 *   is the voltage it runs at, 0.7 to 2.275 V in 25 mV steps and within
 *   the rail's "regulator-min-microvolt" and "regulator-max-microvolt".
 *   No other rail may have a sleep voltage, and none a suspend voltage
 *   range ("regulator-suspend-min/max-microvolt").
 *
 * Rails not marked keep the state and voltage they had. As the CPU still
 * runs after the configuration is applied (it enters the sleep state
 * afterwards), it must not cut a rail the CPU or its memory needs. Nor
 * should a rail be marked that a driver switches in the suspend sequence,
 * such as a PM domain's supply: two users of one enable bit through the
 * regmap cache leave the second one's write unsent when the first has
 * cleared the bit, and genpd may keep a domain on for a wakeup device.
 *
 *	devm_axp20x_sleep_register(dev, map);	in the regulator driver's
 *						probe
 *	s = axp20x_sleep_get(dev, pmic);	in the platform's probe;
 *						-EPROBE_DEFER until both AXP20x
 *						drivers are bound
 *	axp20x_sleep_arm(s);			in .prepare_late
 *	axp20x_sleep_disarm(s);			in .wake, even if arm failed;
 *						again in .finish if that failed
 *
 * .prepare_late runs after every device's noirq callback (no driver still
 * uses a rail that is about to drop) and .wake before any resume_noirq:
 * both calls are I2C transfers, so the bus must stay usable between them.
 */

#ifndef __LINUX_REGULATOR_AXP20X_SLEEP_H
#define __LINUX_REGULATOR_AXP20X_SLEEP_H

#include <linux/err.h>

struct axp20x_sleep;
struct device;
struct regmap;

#if IS_ENABLED(CONFIG_REGULATOR_AXP20X_SLEEP)
int devm_axp20x_sleep_register(struct device *dev, struct regmap *regmap);
struct axp20x_sleep *axp20x_sleep_get(struct device *consumer,
				      struct device *pmic);
int axp20x_sleep_arm(struct axp20x_sleep *s);
int axp20x_sleep_disarm(struct axp20x_sleep *s);
#else
static inline int devm_axp20x_sleep_register(struct device *dev,
					     struct regmap *regmap)
{
	return 0;
}

static inline struct axp20x_sleep *axp20x_sleep_get(struct device *consumer,
						    struct device *pmic)
{
	return ERR_PTR(-ENODEV);
}

static inline int axp20x_sleep_arm(struct axp20x_sleep *s)
{
	return -ENODEV;
}

static inline int axp20x_sleep_disarm(struct axp20x_sleep *s)
{
	return 0;
}
#endif

#endif /* __LINUX_REGULATOR_AXP20X_SLEEP_H */
