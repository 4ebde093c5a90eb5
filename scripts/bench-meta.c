// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench-meta DIR COUNT: the metadata mix of "make bench".
 *
 * Creates COUNT files of 4 KiB in DIR (open O_CREAT|O_EXCL, write, close),
 * drops the client's caches, stats every file, reads every file back and
 * compares it with what was written, then unlinks every file. The create,
 * stat and unlink phases are timed; dropping caches and the read-back are
 * not. Prints "create SECONDS stat SECONDS unlink SECONDS" and exits 0
 * only when every file had the right size and the right contents.
 *
 * scripts/bench builds it on the host; the guests run it over 9p.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FILE_SIZE 4096

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Contents of file @i: a xorshift64 stream seeded by the index. */
static void fill(unsigned char *buf, unsigned long i)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ (i + 1);
	size_t off;

	for (off = 0; off < FILE_SIZE; off += sizeof(x)) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(buf + off, &x, sizeof(x));
	}
}

static void name_of(char *path, size_t len, const char *dir, unsigned long i)
{
	snprintf(path, len, "%s/m%06lu", dir, i);
}

static int write_all(int fd, const unsigned char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += n;
		len -= n;
	}
	return 0;
}

static int read_all(int fd, unsigned char *buf, size_t len)
{
	while (len) {
		ssize_t n = read(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	/* The file must end here. */
	return read(fd, buf, 1) == 0 ? 0 : -1;
}

static void drop_page_cache(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	sync();
	if (fd >= 0) {
		if (write(fd, "3", 1) != 1)
			perror("drop_caches");
		close(fd);
	}
}

int main(int argc, char **argv)
{
	unsigned char want[FILE_SIZE], got[FILE_SIZE];
	double t0, t_create, t_stat, t_unlink;
	unsigned long i, count;
	char path[4096];
	struct stat st;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: %s DIR COUNT\n", argv[0]);
		return 2;
	}
	count = strtoul(argv[2], NULL, 0);

	t0 = now();
	for (i = 0; i < count; i++) {
		name_of(path, sizeof(path), argv[1], i);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			perror(path);
			return 1;
		}
		fill(want, i);
		if (write_all(fd, want, FILE_SIZE) || close(fd)) {
			perror(path);
			return 1;
		}
	}
	t_create = now() - t0;

	drop_page_cache();

	t0 = now();
	for (i = 0; i < count; i++) {
		name_of(path, sizeof(path), argv[1], i);
		if (stat(path, &st)) {
			perror(path);
			return 1;
		}
		if (!S_ISREG(st.st_mode) || st.st_size != FILE_SIZE) {
			fprintf(stderr, "%s: size %lld, want %d\n", path,
				(long long)st.st_size, FILE_SIZE);
			return 1;
		}
	}
	t_stat = now() - t0;

	for (i = 0; i < count; i++) {
		name_of(path, sizeof(path), argv[1], i);
		fd = open(path, O_RDONLY);
		if (fd < 0 || read_all(fd, got, FILE_SIZE)) {
			fprintf(stderr, "%s: short or failed read\n", path);
			return 1;
		}
		close(fd);
		fill(want, i);
		if (memcmp(want, got, FILE_SIZE)) {
			fprintf(stderr, "%s: contents differ\n", path);
			return 1;
		}
	}

	t0 = now();
	for (i = 0; i < count; i++) {
		name_of(path, sizeof(path), argv[1], i);
		if (unlink(path)) {
			perror(path);
			return 1;
		}
	}
	t_unlink = now() - t0;

	printf("create %.6f stat %.6f unlink %.6f\n", t_create, t_stat, t_unlink);
	return 0;
}
