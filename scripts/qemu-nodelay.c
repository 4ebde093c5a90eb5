// SPDX-License-Identifier: GPL-2.0-only
/*
 * qemu-nodelay.so: TCP_NODELAY on every TCP socket a process connects or
 * accepts, through LD_PRELOAD.
 *
 * The two test guests are joined by QEMU's "socket" netdev, a TCP
 * connection on 127.0.0.1 that carries one Ethernet frame per write.
 * QEMU leaves Nagle's algorithm on, so a frame that follows another one
 * not yet acknowledged waits for the peer's delayed ACK (40 ms): every
 * message of more than one frame, and every RDMA message followed by its
 * transport ACK, stalls. With RPCRDMA_NODELAY=1 (scripts/bench sets it)
 * scripts/vmtest preloads this into both QEMU processes of a two-guest
 * run so that the link carries frames as they come, the same for every
 * configuration measured.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

static void nodelay(int fd)
{
	int type = 0, one = 1;
	socklen_t len = sizeof(type);
	struct sockaddr_storage ss;
	socklen_t sslen = sizeof(ss);

	if (fd < 0 || getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) ||
	    type != SOCK_STREAM || getsockname(fd, (struct sockaddr *)&ss, &sslen))
		return;
	if (ss.ss_family == AF_INET || ss.ss_family == AF_INET6)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);

	if (!real)
		real = dlsym(RTLD_NEXT, "connect");
	if (addr && (addr->sa_family == AF_INET || addr->sa_family == AF_INET6)) {
		int type = 0, one = 1;
		socklen_t tl = sizeof(type);

		if (!getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl) &&
		    type == SOCK_STREAM)
			setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	}
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
