# SPDX-License-Identifier: GPL-2.0
# X-Powers AXP209 facts for guest test plans (sourced after board.sh):
# register addresses, the board's rails (dts/vexpress-pm-axp209.dtsi) and
# the chip's own encoding of each rail's voltage and on/off state, so plans
# compare the axp20x drivers' sysfs view with what the emulated chip
# (QEMU's axp209_pmu) holds, read over i2c-dev, behind the driver.
# board.sh sources it when the DT's PMIC node is compatible with (the line
# board.sh reads):
# compatible: x-powers,axp209

AXP_ADDR=0x34
AXP_IC_TYPE=0x03	# low nibble 1 on an AXP209 (QEMU: 0x01)
AXP_PWR_OUT_CTRL=0x12	# enables: DCDC3 bit 1, LDO2 2, LDO4 3, DCDC2 4, LDO3 6
AXP_DCDC2_V_OUT=0x23	# 0.7 V + 25 mV x bits 5:0 (QEMU's reset value 0x16: 1.25 V)
AXP_DCDC3_V_OUT=0x27	# 0.7 V + 25 mV x the register
AXP_LDO24_V_OUT=0x28	# LDO2: 1.8 V + 100 mV x bits 7:4; LDO4: a table, bits 3:0
AXP_LDO3_V_OUT=0x29	# 0.7 V + 25 mV x bits 6:0
AXP_DATA_BUF0=0x04	# the first of twelve data buffer registers

# The registers every chip library names, for plans that test any PMIC:
# its revision (the IC type register) and the value it reads, one that
# may be written and put back, the one the platform switches for sleep
# (the rails' enables; DCDC2's voltage is the other), and the one the
# VMMC domain switches its rail with (the same enables).
PMIC_REV=$AXP_IC_TYPE
PMIC_REV_VAL=0x01
PMIC_SCRATCH=$AXP_DATA_BUF0
PMIC_SLEEP_ARM=$AXP_PWR_OUT_CTRL
PMIC_VMMC_EN=$AXP_PWR_OUT_CTRL

# The board's rails by regulator-name (the TWL92230 profile's names for
# the same roles), and the chip's rail behind each.
AXP_RAILS="vcore vdcdc3 vrtc vaux vmmc vio"
# Those with an enable bit in PWR_OUT_CTRL (LDO1, vrtc, is always on)
AXP_SWITCHED="vcore vdcdc3 vaux vmmc vio"

# axp_rail NAME: the chip's rail of a board rail, or a chip rail's own
# name (the Cubieboard's DT keeps the chip's names for some)
axp_rail() {
	case $1 in
	dcdc[23] | ldo[1-4]) echo "$1" ;;
	vcore)	echo dcdc2 ;;
	vdcdc3)	echo dcdc3 ;;
	vrtc)	echo ldo1 ;;
	vaux)	echo ldo2 ;;
	vmmc)	echo ldo3 ;;
	vio)	echo ldo4 ;;
	*)	return 1 ;;
	esac
}

# axp_bit NAME: the rail's enable bit in PWR_OUT_CTRL, in decimal
axp_bit() {
	case $(axp_rail "$1") in
	dcdc3)	echo 2 ;;
	ldo2)	echo 4 ;;
	ldo4)	echo 8 ;;
	dcdc2)	echo 16 ;;
	ldo3)	echo 64 ;;
	*)	return 1 ;;
	esac
}

# The sleep configuration the board's DT asks for (regulator-state-mem):
# vdcdc3 and vaux off, vcore (DCDC2) at 1.1 V. Not vmmc: the VMMC domain
# switches it (dts/vexpress-pm-axp209.dtsi says why).
AXP_SLEEP_OFF="vdcdc3 vaux"
AXP_SLEEP_DCDC2_UV=1100000

# The chip as plans that test any PMIC see it (twl92230.sh says what each
# name is).
PMIC_NAME=AXP209
PMIC_DRIVER=axp20x-i2c
PMIC_RAILS=$AXP_RAILS
PMIC_SWITCHED=$AXP_SWITCHED
# None: without a sleep input nothing but the kernel switches a rail, and
# the axp20x regmap caches PWR_OUT_CTRL (it is not among its volatile
# registers)
PMIC_UNCACHED=
# None: the chip has no sleep registers. prepare_late writes the sleep
# configuration (AXP_SLEEP_OFF, AXP_SLEEP_DCDC2_UV) and wake undoes it.
PMIC_MEM_REGS=
pmic_mem_reg() { :; }
# vcore's voltage as QEMU's model resets it (DCDC2_V_OUT 0x16), inside
# the DT's range, so the regulator core leaves it
PMIC_VCORE_RESET_UV=1250000
pmic_uv() { axp_uv "$1"; }
pmic_state() { axp_state "$1"; }
# pmic_armed: "armed" when the chip holds the sleep configuration: DCDC2
# at its sleep voltage and the AXP_SLEEP_OFF rails off
pmic_armed() {
	a=armed
	[ "$(axp_uv vcore)" = $AXP_SLEEP_DCDC2_UV ] || a=disarmed
	for r in $AXP_SLEEP_OFF; do
		[ "$(axp_state $r)" = disabled ] || a=disarmed
	done
	echo $a
}

# The DT names the chip where none answers (pmic-absent): the axp20x MFD
# binds without a word to the chip and its regulators fail to register;
# the sleep controller, which asks the chip for its IC type, gives up.
PMIC_ABSENT_ERROR="vexpress-sleep sleep-controller: error -ENXIO: no AXP209 answers at $PMIC ($PMIC_DEV)"
PMIC_ABSENT_SLEEP="gave up"

# -f: the axp20x driver owns the address; tests read the chip behind it.
axp_get() { i2cget -f -y "$BUS" $AXP_ADDR "$1"; }

# axp_field REG SHIFT MASK: a register field, in decimal
axp_field() { echo $(( ($(axp_get "$1") >> $2) & $3 )); }

# axp_uv NAME: the rail's voltage in microvolts, decoded from the chip
axp_uv() {
	case $(axp_rail "$1") in
	dcdc2)	echo $((700000 + $(axp_field $AXP_DCDC2_V_OUT 0 0x3f) * 25000)) ;;
	dcdc3)	echo $((700000 + $(axp_field $AXP_DCDC3_V_OUT 0 0xff) * 25000)) ;;
	ldo1)	echo 1300000 ;;
	ldo2)	echo $((1800000 + $(axp_field $AXP_LDO24_V_OUT 4 0xf) * 100000)) ;;
	ldo3)	echo $((700000 + $(axp_field $AXP_LDO3_V_OUT 0 0x7f) * 25000)) ;;
	ldo4)	nth "$(axp_field $AXP_LDO24_V_OUT 0 0xf)" 1250000 1300000 1400000 \
			1500000 1600000 1700000 1800000 1900000 2000000 2500000 \
			2700000 2800000 3000000 3100000 3200000 3300000 ;;
	esac
}

# axp_state NAME: "enabled" or "disabled", from the rail's enable bit
axp_state() {
	if [ $(( $(axp_get $AXP_PWR_OUT_CTRL) & $(axp_bit "$1") )) != 0 ]; then
		echo enabled
	else
		echo disabled
	fi
}

# axp_pwr_out_rails VALUE: the board rails a PWR_OUT_CTRL value enables
# (for messages: "0x1e" gives "vcore vdcdc3 vaux vio")
axp_pwr_out_rails() {
	on=
	for r in $AXP_SWITCHED; do
		[ $(($1 & $(axp_bit $r))) != 0 ] && on="$on $r"
	done
	echo "${on# }"
}

# axp_sleep_pwr_out VALUE: PWR_OUT_CTRL as the sleep configuration leaves
# a running VALUE (the AXP_SLEEP_OFF rails cleared), as 0xNN
axp_sleep_pwr_out() {
	v=$(($1))
	for r in $AXP_SLEEP_OFF; do v=$((v & ~$(axp_bit $r))); done
	printf '0x%02x\n' $v
}

# The sleep controller's arm (drivers/regulator/axp20x-sleep.c) as bus
# transfers: it reads PWR_OUT_CTRL and DCDC2_V_OUT, writes both and reads
# both back, so its first read-back is its 5th transfer.
PMIC_ARM_READBACK=5

# pmic_sleep_regs: what arm writes, as the chip holds it (compared before
# and after a cycle): PWR_OUT_CTRL without LDO3's enable, which the VMMC
# domain switches whenever its members suspend, and DCDC2_V_OUT
pmic_sleep_regs() {
	printf 'PWR_OUT_CTRL&~LDO3=0x%02x DCDC2_V_OUT=%s\n' \
		$(( $(axp_get $AXP_PWR_OUT_CTRL) & ~$(axp_bit vmmc) & 0xff )) \
		"$(axp_get $AXP_DCDC2_V_OUT)"
}

# The register dump (suspend-pmic-dump): the whole map of QEMU's model,
# 0x00-0xfe (hw/misc/axp2xx.c; it auto-increments, 0xff is past its end).
# Nothing in it counts time or changes by itself: the model is a plain
# register file (reset values, then what was written; no RTC, ADC, fuel
# gauge or IRQ logic), so no register is excepted. A real AXP209 would
# change its status, IRQ status, ADC and coulomb counter registers by
# itself (the axp20x MFD's volatile ranges).
PMIC_DUMP_FIRST=0x00
PMIC_DUMP_COUNT=255
PMIC_DUMP_LIVE=
PMIC_DUMP_LIVE_WHY="QEMU's axp209_pmu is a plain register file: nothing counts time"
