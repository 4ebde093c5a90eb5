// SPDX-License-Identifier: GPL-2.0-only
/*
 * qemu-link.so: socket options for the link between two test guests,
 * set from inside QEMU through LD_PRELOAD (scripts/vmtest).
 *
 * Datagram link (the default): QEMU's "dgram" netdev carries each
 * Ethernet frame in one UDP datagram on 127.0.0.1 and reads its socket
 * only while the guest's receive ring has room. Under TCG a guest often
 * falls behind, and the host's default socket buffer (212992 bytes,
 * about 20 jumbo frames) then overflows: the host dropped 5.7 % of the
 * datagrams of a two-guest NFS run (the Udp RcvbufErrors counter of
 * /proc/net/snmp). soft-RoCE recovers by retransmission, slowly and
 * through rarely used code (rdma_rxe warned in rxe_completer on one such
 * run), where a RoCE fabric is lossless. Each UDP socket QEMU binds gets
 * LINK_BUF bytes each way instead (SO_RCVBUFFORCE needs CAP_NET_ADMIN;
 * without it the request is capped at net.core.rmem_max).
 *
 * Stream link (RPCRDMA_LINK=stream): QEMU's "socket" netdev is a TCP
 * connection that leaves Nagle's algorithm on, so a frame that follows
 * an unacknowledged one waits for the peer's delayed ACK (40 ms). With
 * QEMU_LINK_NODELAY=1 in QEMU's environment every TCP socket it connects
 * or accepts gets TCP_NODELAY.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <sys/socket.h>

#define LINK_BUF (64 << 20)

static int sock_type(int fd)
{
	int type = 0;
	socklen_t len = sizeof(type);

	if (fd < 0 || getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len))
		return -1;
	return type;
}

static int inet(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		return 0;
	return ss.ss_family == AF_INET || ss.ss_family == AF_INET6;
}

static void nodelay(int fd)
{
	const char *on = getenv("QEMU_LINK_NODELAY");
	int one = 1;

	if (on && on[0] == '1' && sock_type(fd) == SOCK_STREAM && inet(fd))
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

static void bigbuf(int fd)
{
	int size = LINK_BUF;

	if (sock_type(fd) != SOCK_DGRAM)
		return;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof(size));
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);

	if (!real)
		real = dlsym(RTLD_NEXT, "bind");
	if (addr && (addr->sa_family == AF_INET || addr->sa_family == AF_INET6))
		bigbuf(fd);
	return real(fd, addr, len);
}

int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);

	if (!real)
		real = dlsym(RTLD_NEXT, "connect");
	nodelay(fd);
	return real(fd, addr, len);
}

int accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	static int (*real)(int, struct sockaddr *, socklen_t *);
	int nfd;

	if (!real)
		real = dlsym(RTLD_NEXT, "accept");
	nfd = real(fd, addr, len);
	nodelay(nfd);
	return nfd;
}

int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags)
{
	static int (*real)(int, struct sockaddr *, socklen_t *, int);
	int nfd;

	if (!real)
		real = dlsym(RTLD_NEXT, "accept4");
	nfd = real(fd, addr, len, flags);
	nodelay(nfd);
	return nfd;
}
