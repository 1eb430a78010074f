// SPDX-License-Identifier: GPL-2.0
/*
 * qmp SOCKET COMMAND...: send QMP commands to the QEMU listening on the
 * UNIX socket SOCKET (boot/qemu.sh --qmp) and print each reply. Each
 * COMMAND is one JSON object, e.g.
 *
 *   qmp build/results/x.qmp '{"execute": "qom-list", "arguments": {"path": "/machine"}}'
 *
 * Asynchronous events QEMU sends in between are skipped. Exits 1 if a
 * command gets an error reply (printed), 2 on a connection problem.
 *
 * qmp --send SOCKET TEXT: write TEXT, as it is, to the UNIX socket SOCKET
 * and close it (no QMP): input for a chardev socket server, such as the
 * console's second input (boot/qemu.sh --serial-in).
 *
 * qmp --frame SOCKET HEX: send the Ethernet frame HEX (its bytes as pairs
 * of hexadecimal digits, no separators) as one datagram to the UNIX
 * datagram socket SOCKET (no QMP): a frame for the board's NIC, received
 * from the wire (boot/qemu.sh --net-in, QEMU's dgram netdev).
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* The next reply line that is no event, or NULL at EOF. */
static char *reply(FILE *in, char *buf, int size)
{
	while (fgets(buf, size, in))
		if (!strstr(buf, "\"event\""))
			return buf;
	return NULL;
}

/*
 * All of LEN bytes of S to FD: a socket may take fewer at a time. 0, or
 * -1 with errno set (a short write that took nothing sets none: EIO).
 */
static int write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(fd, s, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!n)
				errno = EIO;
			return -1;
		}
		s += n;
		len -= n;
	}
	return 0;
}

/* The bytes of the hexadecimal string HEX into BUF (of SIZE): their count, or -1. */
static int unhex(const char *hex, unsigned char *buf, size_t size)
{
	size_t n = 0;
	unsigned int b;

	if (strlen(hex) % 2 || strlen(hex) / 2 > size)
		return -1;
	for (; *hex; hex += 2) {
		if (!isxdigit((unsigned char)hex[0]) ||
		    !isxdigit((unsigned char)hex[1]) || sscanf(hex, "%2x", &b) != 1)
			return -1;
		buf[n++] = b;
	}
	return n;
}

/* --frame SOCKET HEX: one datagram to a dgram netdev's UNIX socket */
static int send_frame(const char *path, const char *hex)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	unsigned char frame[1514];
	int fd, len;

	len = unhex(hex, frame, sizeof(frame));
	if (len < 14) {
		fprintf(stderr, "qmp: --frame: not a frame of 14 to %zu bytes in hexadecimal: %s\n",
			sizeof(frame), hex);
		return 2;
	}
	if (!*path) {
		fprintf(stderr, "qmp: --frame: no socket path (HOST_NET_IN is empty: the plan's --net-in HOST)\n");
		return 2;
	}
	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "qmp: socket path too long: %s\n", path);
		return 2;
	}
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("qmp: socket");
		return 2;
	}
	/*
	 * Not blocking: a NIC that takes no frames leaves them in QEMU's queue,
	 * and once the socket's own queue is full a blocking send would wait
	 * for ever
	 */
	if (sendto(fd, frame, len, MSG_DONTWAIT, (struct sockaddr *)&sa, sizeof(sa)) != len) {
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			fprintf(stderr, "qmp: %s: the NIC is not taking frames (its queue is full)\n", path);
		else
			perror(path);
		close(fd);
		return 2;
	}
	close(fd);
	return 0;
}

static int send_cmd(FILE *in, int fd, const char *cmd, char *buf, int size)
{
	if (write_all(fd, cmd, strlen(cmd)) || write_all(fd, "\n", 1)) {
		perror("qmp: write");
		return 2;
	}
	if (!reply(in, buf, size)) {
		fprintf(stderr, "qmp: no reply to %s\n", cmd);
		return 2;
	}
	return strstr(buf, "\"return\"") ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	char buf[65536];
	FILE *in;
	int fd, i, ret;

	if (argc < 3) {
		fprintf(stderr, "usage: qmp SOCKET COMMAND... | qmp --send SOCKET TEXT | qmp --frame SOCKET HEX\n");
		return 2;
	}
	/* A peer gone mid-write is an EPIPE to report, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	if (!strcmp(argv[1], "--frame")) {
		if (argc != 4) {
			fprintf(stderr, "usage: qmp --frame SOCKET HEX\n");
			return 2;
		}
		return send_frame(argv[2], argv[3]);
	}
	if (!strcmp(argv[1], "--send")) {
		if (argc != 4) {
			fprintf(stderr, "usage: qmp --send SOCKET TEXT\n");
			return 2;
		}
		if (strlen(argv[2]) >= sizeof(sa.sun_path)) {
			fprintf(stderr, "qmp: socket path too long: %s\n", argv[2]);
			return 2;
		}
		strcpy(sa.sun_path, argv[2]);
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0) {
			perror("qmp: socket");
			return 2;
		}
		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
			perror(argv[2]);
			close(fd);
			return 2;
		}
		ret = 0;
		if (write_all(fd, argv[3], strlen(argv[3]))) {
			perror("qmp: write");
			ret = 2;
		}
		close(fd);
		return ret;
	}
	if (strlen(argv[1]) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "qmp: socket path too long: %s\n", argv[1]);
		return 2;
	}
	strcpy(sa.sun_path, argv[1]);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		perror(argv[1]);
		return 2;
	}
	in = fdopen(dup(fd), "r");
	if (!in || !reply(in, buf, sizeof(buf)) || !strstr(buf, "\"QMP\"")) {
		fprintf(stderr, "qmp: no greeting from %s\n", argv[1]);
		return 2;
	}
	ret = send_cmd(in, fd, "{\"execute\": \"qmp_capabilities\"}", buf, sizeof(buf));
	for (i = 2; i < argc && !ret; i++) {
		ret = send_cmd(in, fd, argv[i], buf, sizeof(buf));
		fputs(buf, ret ? stderr : stdout);
	}
	fclose(in);
	close(fd);
	return ret;
}
