/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit engine of the timer-paced SBCon I2C driver, shared with its KUnit test.
 */
#ifndef _I2C_SBCON_TIMER_H
#define _I2C_SBCON_TIMER_H

#include <linux/bits.h>
#include <linux/i2c.h>
#include <linux/types.h>

/* Line bits, as in the SBCon register: set = line released (high) */
#define SBCON_SCL		BIT(0)
#define SBCON_SDA		BIT(1)
#define SBCON_LINES		(SBCON_SCL | SBCON_SDA)

/*
 * One phase per timer tick, two ticks per bit. SCL only ever rises alone;
 * where a tick pulls SCL low and sets up SDA, the driver writes SCL first,
 * so SDA never moves while SCL is high except for START and STOP. SDA is set
 * up for a whole tick before SCL rises; its hold time after SCL falls is the
 * gap between two register writes, which the I2C spec allows (tHD;DAT >= 0,
 * the slave bridges the falling edge itself).
 */
enum sbcon_phase {
	SBCON_START_SCL,	/* SCL low, SDA released: release SCL (Sr) */
	SBCON_START,		/* SCL high: pull SDA low = START */
	SBCON_START_HOLD,	/* pull SCL low, set up the first address bit */
	SBCON_BIT_SCL,		/* SCL low, SDA set up: release SCL */
	SBCON_BIT_LATCH,	/* SCL high: sample SDA, pull SCL low, set up SDA */
	SBCON_STOP_SCL,		/* SCL low, SDA low: release SCL */
	SBCON_STOP,		/* SCL high: release SDA = STOP */
	SBCON_DONE,
};

/**
 * struct sbcon_sm - bit-level I2C master state machine
 * @msgs: messages of the transfer
 * @num: number of messages
 * @msg: index of the current message
 * @pos: index of the current data byte in the current message
 * @stretch: ticks spent waiting for a slave to release SCL
 * @stretch_max: ticks after which a held SCL ends the transfer
 * @err: 0, or the error the transfer ends with
 * @phase: what the next tick does
 * @shift: byte being sent or received
 * @bitn: bits left in the byte (8..1), 0 for the ACK bit
 * @addr: the current byte is the address byte
 * @drive: lines the master releases (SBCON_SCL, SBCON_SDA); the rest it pulls
 *	low
 */
struct sbcon_sm {
	struct i2c_msg *msgs;
	unsigned int num;
	unsigned int msg;
	unsigned int pos;
	unsigned int stretch;
	unsigned int stretch_max;
	int err;
	enum sbcon_phase phase;
	u8 shift;
	u8 bitn;
	bool addr;
	u8 drive;
};

#endif /* _I2C_SBCON_TIMER_H */
