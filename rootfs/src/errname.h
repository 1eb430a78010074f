/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errname(): an errno's name, as the test plans match it (the guest's
 * static programs print names, not strerror() texts, which vary by libc).
 */
#ifndef ERRNAME_H
#define ERRNAME_H

#include <errno.h>
#include <stdio.h>

static const struct {
	int err;
	const char *name;
} errnames[] = {
	{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
	{ ENXIO, "ENXIO" }, { E2BIG, "E2BIG" }, { EBADF, "EBADF" },
	{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { ENODEV, "ENODEV" },
	{ EINVAL, "EINVAL" }, { ENOTTY, "ENOTTY" }, { ERANGE, "ERANGE" },
	{ ENOSYS, "ENOSYS" }, { EBADMSG, "EBADMSG" }, { EPROTO, "EPROTO" },
	{ EOVERFLOW, "EOVERFLOW" }, { EMSGSIZE, "EMSGSIZE" },
	{ EOPNOTSUPP, "EOPNOTSUPP" }, { EAFNOSUPPORT, "EAFNOSUPPORT" },
	{ ESHUTDOWN, "ESHUTDOWN" }, { ETIMEDOUT, "ETIMEDOUT" },
	{ EREMOTEIO, "EREMOTEIO" },
};

/* Its name, or "E<number>" for one the table lacks */
static const char *errname(int err)
{
	static char buf[16];
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (errnames[i].err == err)
			return errnames[i].name;
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}

#endif
