# SPDX-License-Identifier: GPL-2.0
# TWL92230 (Menelaus) facts for guest test plans: register addresses, and
# the chip's own encoding of each rail's voltage and on/off state, so plans
# compare the driver's sysfs view with what the emulated chip holds (read
# over i2c-dev, behind the driver). board.sh sources it when the DT's PMIC
# node is compatible with (the line board.sh reads):
# compatible: ti,twl92230

TWL_REV=0x01
TWL_VCORE_CTRL1=0x02
TWL_VCORE_CTRL3=0x04
TWL_DCDC_CTRL1=0x07
TWL_LDO_CTRL1=0x0a
TWL_LDO_CTRL4=0x0d
TWL_LDO_CTRL7=0x10	# VMMC's mode, which the VMMC domain switches
TWL_SLEEP_CTRL2=0x13
TWL_GPIO_CTRL=0x1d	# SLPCTLEN (bit 6): the sleep arming the platform does

# The registers every chip library names, for plans that test any PMIC:
# its revision and the value it reads, one that may be written and put
# back (VIO's mode), the one the platform arms for sleep, and the one
# the VMMC domain switches its rail with.
PMIC_REV=$TWL_REV
PMIC_REV_VAL=0x22
PMIC_SCRATCH=$TWL_LDO_CTRL4
PMIC_SLEEP_ARM=$TWL_GPIO_CTRL
PMIC_VMMC_EN=$TWL_LDO_CTRL7

TWL_RAILS="vcore vdcdc2 vdcdc3 vmem vio vaux vmmc"
TWL_SWITCHED="vdcdc2 vdcdc3 vmem vio vaux vmmc"

# twl_field REG SHIFT MASK: a register field, in decimal
twl_field() { echo $(( ($(pmic_get "$1") >> $2) & $3 )); }

# twl_uv RAIL: the rail's voltage in microvolts, decoded from the chip
twl_uv() {
	dcdc="1500000 1800000 2000000 2200000 2400000 2800000 3000000 3300000"
	vio="1500000 1800000 2500000 2800000"
	case $1 in
	vcore)	echo $((1000000 + $(twl_field $TWL_VCORE_CTRL1 0 0x1f) * 25000)) ;;
	vdcdc2)	nth "$(twl_field $TWL_DCDC_CTRL1 0 7)" $dcdc ;;
	vdcdc3)	nth "$(twl_field $TWL_DCDC_CTRL1 3 7)" $dcdc ;;
	vmem)	nth "$(twl_field $TWL_LDO_CTRL1 0 3)" 1500000 1800000 1900000 2500000 ;;
	vio)	nth "$(twl_field $TWL_LDO_CTRL1 2 3)" $vio ;;
	vaux)	nth "$(twl_field $TWL_LDO_CTRL1 4 3)" $vio ;;
	vmmc)	nth "$(twl_field $TWL_LDO_CTRL1 6 3)" 1850000 2800000 3000000 3100000 ;;
	esac
}

# twl_mode RAIL: the rail's mode register and its "on" mode (DC-DC
# converters are on at mode 3, LDOs at mode 2)
twl_mode() {
	case $1 in
	vdcdc2)	echo 0x08 3 ;;
	vdcdc3)	echo 0x09 3 ;;
	vmem)	echo 0x0c 2 ;;
	vio)	echo 0x0d 2 ;;
	vaux)	echo 0x0f 2 ;;
	vmmc)	echo $TWL_LDO_CTRL7 2 ;;
	esac
}

# twl_state RAIL: "enabled" or "disabled", from the rail's mode register
twl_state() {
	set -- $(twl_mode "$1")
	if [ "$(twl_field "$1" 0 3)" = "$2" ]; then echo enabled; else echo disabled; fi
}

# The chip as plans that test any PMIC see it (axp209.sh has the same
# names): its name and the driver its I2C client binds to; the board's
# rails (regulator-name) and those that can be off; the rails whose state
# the driver must read from the chip each time rather than cache (an
# armed TWL92230 switches them by itself on SLEEP); the DT's sleep
# configuration as the chip holds it while running, NAME=VALUE (the
# regulator core programs it at registration), read by pmic_mem_reg NAME.
PMIC_NAME=TWL92230
PMIC_DRIVER=twl92230-regulator
PMIC_RAILS=$TWL_RAILS
PMIC_SWITCHED=$TWL_SWITCHED
PMIC_UNCACHED=$TWL_SWITCHED
# vcore, vdcdc3, vmem, vaux and vmmc drop in sleep, vdcdc2 and vio stay
# on; vcore's sleep voltage, 1.100 V, is code 4
PMIC_MEM_REGS="SLEEP_CTRL2=0x6d VCORE_SLEEP_SEL=4"
pmic_mem_reg() {
	case $1 in
	SLEEP_CTRL2)	pmic_get $TWL_SLEEP_CTRL2 ;;
	VCORE_SLEEP_SEL) twl_field $TWL_VCORE_CTRL3 0 0x1f ;;
	esac
}
# vcore's voltage as QEMU's model resets it (VCORE_CTRL1 0x0c), inside
# the DT's range, so the regulator core leaves it
PMIC_VCORE_RESET_UV=1300000
pmic_uv() { twl_uv "$1"; }
pmic_state() { twl_state "$1"; }
# pmic_flip RAIL: switch the rail between off and on in the chip, behind
# the driver (twice puts it back)
pmic_flip() {
	set -- $(twl_mode "$1")
	pmic_set "$1" $(( $(pmic_get "$1") ^ $2 ))
}
# pmic_armed: "armed" when the sleep control is enabled (SLPCTLEN)
pmic_armed() {
	[ "$(twl_field $TWL_GPIO_CTRL 6 1)" = 1 ] && echo armed || echo disarmed
}

# The DT names the chip where none answers (pmic-absent): the regulator
# driver's probe fails, and the sleep controller waits for it to bind.
PMIC_ABSENT_ERROR="twl92230-regulator $PMIC_DEV: error -ENXIO: no TWL92230 answers at $PMIC"
PMIC_ABSENT_SLEEP="waits: PMIC $PMIC_NODE not bound"

# The sleep controller's arm (drivers/regulator/twl92230-regulator.c) as
# bus transfers: it reads GPIO_CTRL, writes it and reads it back (its 3rd
# transfer).
PMIC_ARM_READBACK=3

# pmic_sleep_regs: what arm writes, as the chip holds it (compared before
# and after a cycle)
pmic_sleep_regs() { echo "GPIO_CTRL=$(pmic_get $TWL_GPIO_CTRL)"; }

# The register dump (suspend-pmic-dump): 0x01-0x3a (the model
# auto-increments), the RTC's live time 0x23-0x29 excepted: QEMU's model
# (hw/rtc/twl92230.c) counts seconds there.
PMIC_DUMP_FIRST=0x01
PMIC_DUMP_COUNT=58
PMIC_DUMP_LIVE="0x23 0x24 0x25 0x26 0x27 0x28 0x29"
PMIC_DUMP_LIVE_WHY="the RTC's time counts seconds"
