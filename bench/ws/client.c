/*
 * The benchmark's measuring clients (bench:ws): N websocket connections in one process, in C so the measuring side
 * costs as little CPU as possible on the cores it shares with the server. run.ts compiles it with `cc -O2` at start.
 *
 *   ws-client HOST PORT PATH COUNT
 *
 * Opens COUNT connections (non-blocking connects, at most CONNECT_BATCH in flight), each with the HTTP upgrade a
 * browser sends, and then talks to run.ts line by line:
 *   stdout  "connected N"                      every connection is open (upgrade answered with 101)
 *   stdin   "subscribe"                        every connection subscribes to depth and ticker (masked text frames)
 *   stdin   "window-start"                     counting starts: messages, lag histogram, own CPU time
 *   stdin   "window-end"  -> stdout "window RECEIVED CPU_US MS:COUNT ..." (lag histogram, non-empty buckets only)
 *   stdin   "close" or end of input            exit (the kernel closes the sockets)
 *   stderr  "error ..." and exit status 1 on a failure
 *
 * A minimal RFC 6455 reader: frames are parsed for opcode and length only; a text frame counts when its payload
 * starts with {"type":"depth" or {"type":"ticker" and its lag is the wall clock (ms) when it is read minus the
 * payload's "ts" (ms since the epoch, stamped by the server). Pings are answered with a pong.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define CONNECT_BATCH 200
#define MAX_ATTEMPTS 5
#define LAG_BUCKETS 5001 /* 0..5,000 ms; the last bucket holds everything later */
#define READ_SIZE (64 * 1024)
#define STDIN_TAG UINT32_MAX

enum state { IDLE, CONNECTING, UPGRADING, OPEN };

struct conn {
  int fd;
  enum state state;
  int attempts;
  int64_t retry_at_ms;
  /* Bytes of an unfinished frame (or of the upgrade answer), kept until the rest arrives. */
  unsigned char *pending;
  size_t pending_len, pending_cap;
};

static const char *host, *path;
static struct sockaddr_in address;
static struct conn *conns;
static int count, opened, in_flight, next_to_start, waiting_retry;
static int epoll_fd;
static unsigned char read_buffer[READ_SIZE];

static int counting;
static uint64_t received;
static uint32_t lag_histogram[LAG_BUCKETS];
static struct rusage usage_at_start;

static void fail(const char *what) {
  fprintf(stderr, "error: ws-client: %s: %s\n", what, errno ? strerror(errno) : "failed");
  exit(1);
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t cpu_us(const struct rusage *usage) {
  return (int64_t)(usage->ru_utime.tv_sec + usage->ru_stime.tv_sec) * 1000000 + usage->ru_utime.tv_usec +
         usage->ru_stime.tv_usec;
}

/* The whole buffer or a failure: the frames the clients send are tiny and the send buffer is never full. */
static void write_all(struct conn *c, const unsigned char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(c->fd, bytes, length);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write");
    }
    bytes += n;
    length -= (size_t)n;
  }
}

/* A masked client frame (clients must mask, RFC 6455 §5.3); payloads here are under 126 bytes. */
static void send_frame(struct conn *c, int opcode, const unsigned char *payload, size_t length) {
  unsigned char frame[2 + 4 + 125];
  if (length > 125) length = 125;
  uint32_t key = (uint32_t)rand();
  frame[0] = (unsigned char)(0x80 | opcode);
  frame[1] = (unsigned char)(0x80 | length);
  memcpy(frame + 2, &key, 4);
  for (size_t i = 0; i < length; i++) frame[6 + i] = payload[i] ^ frame[2 + (i & 3)];
  write_all(c, frame, 6 + length);
}

static void keep_pending(struct conn *c, const unsigned char *bytes, size_t length) {
  if (length > c->pending_cap) {
    size_t cap = length < 4096 ? 4096 : length * 2;
    unsigned char *grown = malloc(cap);
    if (!grown) fail("malloc");
    free(c->pending);
    c->pending = grown;
    c->pending_cap = cap;
  }
  memmove(c->pending, bytes, length);
  c->pending_len = length;
}

static int starts_with(const unsigned char *bytes, size_t length, const char *prefix) {
  size_t n = strlen(prefix);
  return length >= n && memcmp(bytes, prefix, n) == 0;
}

static void on_text(const unsigned char *payload, size_t length) {
  if (!counting) return;
  if (!starts_with(payload, length, "{\"type\":\"depth\"") && !starts_with(payload, length, "{\"type\":\"ticker\""))
    return;
  const unsigned char *at = memmem(payload, length, "\"ts\":", 5);
  if (!at) return;
  int64_t ts = 0;
  for (const unsigned char *p = at + 5; p < payload + length && *p >= '0' && *p <= '9'; p++) ts = ts * 10 + (*p - '0');
  int64_t lag = now_ms() - ts;
  received += 1;
  lag_histogram[lag < 0 ? 0 : lag >= LAG_BUCKETS ? LAG_BUCKETS - 1 : lag] += 1;
}

/* Handles every whole frame in bytes; returns how many bytes they took (the rest is an unfinished frame). */
static size_t read_frames(struct conn *c, const unsigned char *bytes, size_t length) {
  size_t offset = 0;
  while (length - offset >= 2) {
    const unsigned char *frame = bytes + offset;
    int opcode = frame[0] & 0x0f;
    uint64_t payload_length = frame[1] & 0x7f;
    size_t header = 2;
    if (payload_length == 126) {
      if (length - offset < 4) break;
      payload_length = ((uint64_t)frame[2] << 8) | frame[3];
      header = 4;
    } else if (payload_length == 127) {
      if (length - offset < 10) break;
      payload_length = 0;
      for (int i = 0; i < 8; i++) payload_length = (payload_length << 8) | frame[2 + i];
      header = 10;
    }
    if (length - offset < header + payload_length) break;
    if (opcode == 0x1) on_text(frame + header, payload_length);
    else if (opcode == 0x9) send_frame(c, 0xa, frame + header, payload_length);
    offset += header + payload_length;
  }
  return offset;
}

static void start_connect(int index);

static void connection_failed(int index, const char *what) {
  struct conn *c = &conns[index];
  int was_open = c->state == OPEN;
  epoll_ctl(epoll_fd, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  c->fd = -1;
  c->pending_len = 0;
  if (was_open) {
    /* The server closed a measured connection: the run is not valid. */
    fprintf(stderr, "error: ws-client: connection %d closed by the server (%s)\n", index, what);
    exit(1);
  }
  in_flight -= 1;
  c->state = IDLE;
  if (++c->attempts >= MAX_ATTEMPTS) {
    fprintf(stderr, "error: ws-client: connection %d failed %d times (%s)\n", index, c->attempts, what);
    exit(1);
  }
  c->retry_at_ms = now_ms() + 100 * c->attempts;
  waiting_retry += 1;
}

static void start_connect(int index) {
  struct conn *c = &conns[index];
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (c->fd < 0) fail("socket");
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  c->state = CONNECTING;
  in_flight += 1;
  struct epoll_event event = {.events = EPOLLOUT, .data.u32 = (uint32_t)index};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, c->fd, &event) < 0) fail("epoll_ctl");
  if (connect(c->fd, (struct sockaddr *)&address, sizeof address) < 0 && errno != EINPROGRESS) {
    connection_failed(index, strerror(errno));
  }
}

static void fill_connect_window(void) {
  int64_t now = waiting_retry > 0 ? now_ms() : 0;
  for (int i = 0; waiting_retry > 0 && i < next_to_start && in_flight < CONNECT_BATCH; i++) {
    if (conns[i].state == IDLE && conns[i].retry_at_ms <= now) {
      waiting_retry -= 1;
      start_connect(i);
    }
  }
  while (next_to_start < count && in_flight < CONNECT_BATCH) start_connect(next_to_start++);
}

static void on_connected(int index) {
  struct conn *c = &conns[index];
  int error = 0;
  socklen_t size = sizeof error;
  if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &error, &size) < 0 || error != 0) {
    connection_failed(index, strerror(error ? error : errno));
    return;
  }
  unsigned char key[16];
  for (int i = 0; i < 16; i++) key[i] = (unsigned char)rand();
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char key_text[25];
  for (int i = 0, o = 0; i < 16; i += 3) {
    uint32_t v = (uint32_t)key[i] << 16 | (i + 1 < 16 ? (uint32_t)key[i + 1] << 8 : 0) | (i + 2 < 16 ? key[i + 2] : 0);
    key_text[o++] = b64[(v >> 18) & 63];
    key_text[o++] = b64[(v >> 12) & 63];
    key_text[o++] = i + 1 < 16 ? b64[(v >> 6) & 63] : '=';
    key_text[o++] = i + 2 < 16 ? b64[v & 63] : '=';
  }
  key_text[24] = '\0';
  char request[512];
  int length = snprintf(request, sizeof request,
                        "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                        path, host, ntohs(address.sin_port), key_text);
  write_all(c, (const unsigned char *)request, (size_t)length);
  c->state = UPGRADING;
  /* Edge-triggered: a socket read dry is not polled again until new data arrives (level-triggered epoll re-checks
   * every socket it reported on the next wait, one more poll per message). */
  struct epoll_event event = {.events = EPOLLIN | EPOLLET, .data.u32 = (uint32_t)index};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &event) < 0) fail("epoll_ctl");
}

/* Reads what the socket holds; returns whether it may hold more (the read filled the buffer). */
static int read_once(int index) {
  struct conn *c = &conns[index];
  /* recv, not read: the socket call without the file layer's checks (a few per cent of the client's CPU). */
  ssize_t n = recv(c->fd, read_buffer, READ_SIZE, 0);
  if (n < 0 && errno == EINTR) return 1;
  if (n < 0 && errno == EAGAIN) return 0;
  if (n <= 0) {
    connection_failed(index, n == 0 ? "end of stream" : strerror(errno));
    return 0;
  }
  const unsigned char *bytes = read_buffer;
  size_t length = (size_t)n;
  if (c->pending_len > 0) {
    /* Rare: the rest of an unfinished frame. */
    if (c->pending_len + length > c->pending_cap) {
      size_t cap = (c->pending_len + length) * 2;
      unsigned char *grown = realloc(c->pending, cap);
      if (!grown) fail("realloc");
      c->pending = grown;
      c->pending_cap = cap;
    }
    memcpy(c->pending + c->pending_len, read_buffer, length);
    c->pending_len += length;
    bytes = c->pending;
    length = c->pending_len;
  }
  if (c->state == UPGRADING) {
    const unsigned char *end = memmem(bytes, length, "\r\n\r\n", 4);
    if (!end) {
      if (bytes == read_buffer) keep_pending(c, bytes, length);
      return n == READ_SIZE;
    }
    if (length < 12 || memcmp(bytes + 9, "101", 3) != 0) {
      connection_failed(index, "upgrade refused");
      return 0;
    }
    c->state = OPEN;
    in_flight -= 1;
    opened += 1;
    size_t header = (size_t)(end + 4 - bytes);
    bytes += header;
    length -= header;
    if (opened == count) {
      printf("connected %d\n", opened);
      fflush(stdout);
    }
  }
  size_t used = read_frames(c, bytes, length);
  if (used == length) c->pending_len = 0;
  else keep_pending(c, bytes + used, length - used);
  return n == READ_SIZE;
}

/* Edge-triggered: read until the socket is dry (a short read leaves nothing behind; new data brings a new event). */
static void on_readable(int index) {
  while (conns[index].state != IDLE && read_once(index)) {
  }
}

static void subscribe_all(void) {
  static const char *streams[] = {"depth", "ticker"};
  for (int i = 0; i < count; i++) {
    if (conns[i].state != OPEN) continue;
    for (int s = 0; s < 2; s++) {
      char message[128];
      int length = snprintf(message, sizeof message,
                            "{\"type\":\"subscribe\",\"symbol\":\"BTCUSDT\",\"streamType\":\"%s\"}", streams[s]);
      send_frame(&conns[i], 0x1, (const unsigned char *)message, (size_t)length);
    }
  }
}

static void window_end(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  counting = 0;
  printf("window %llu %lld", (unsigned long long)received, (long long)(cpu_us(&usage) - cpu_us(&usage_at_start)));
  for (int ms = 0; ms < LAG_BUCKETS; ms++) {
    if (lag_histogram[ms]) printf(" %d:%u", ms, lag_histogram[ms]);
  }
  printf("\n");
  fflush(stdout);
}

/* Commands from run.ts, one a line. */
static void on_stdin(void) {
  static char line[256];
  static size_t line_len;
  ssize_t n = read(STDIN_FILENO, line + line_len, sizeof line - 1 - line_len);
  if (n <= 0) exit(0);
  line_len += (size_t)n;
  char *newline;
  while ((newline = memchr(line, '\n', line_len)) != NULL) {
    *newline = '\0';
    if (strcmp(line, "subscribe") == 0) {
      subscribe_all();
    } else if (strcmp(line, "window-start") == 0) {
      getrusage(RUSAGE_SELF, &usage_at_start);
      received = 0;
      memset(lag_histogram, 0, sizeof lag_histogram);
      counting = 1;
    } else if (strcmp(line, "window-end") == 0) {
      window_end();
    } else if (strcmp(line, "close") == 0) {
      exit(0);
    }
    size_t used = (size_t)(newline + 1 - line);
    memmove(line, newline + 1, line_len - used);
    line_len -= used;
  }
  if (line_len == sizeof line - 1) line_len = 0;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: ws-client HOST PORT PATH COUNT\n");
    return 2;
  }
  host = argv[1];
  path = argv[3];
  count = atoi(argv[4]);
  address.sin_family = AF_INET;
  address.sin_port = htons((uint16_t)atoi(argv[2]));
  if (inet_pton(AF_INET, host, &address.sin_addr) != 1) {
    fprintf(stderr, "error: ws-client: HOST must be an IPv4 address, got %s\n", host);
    return 2;
  }
  srand((unsigned)getpid() ^ (unsigned)now_ms());

  /* One descriptor per connection: raise the soft limit as far as the hard one allows. */
  struct rlimit files;
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < (rlim_t)count + 64) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  conns = calloc((size_t)count, sizeof *conns);
  if (!conns) fail("calloc");
  epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (epoll_fd < 0) fail("epoll_create1");
  struct epoll_event input = {.events = EPOLLIN, .data.u32 = STDIN_TAG};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, STDIN_FILENO, &input) < 0) fail("epoll_ctl stdin");

  static struct epoll_event events[512];
  for (;;) {
    if (opened < count) fill_connect_window();
    int timeout = waiting_retry > 0 ? 20 : -1;
    int ready = epoll_wait(epoll_fd, events, 512, timeout);
    if (ready < 0) {
      if (errno == EINTR) continue;
      fail("epoll_wait");
    }
    for (int i = 0; i < ready; i++) {
      uint32_t tag = events[i].data.u32;
      if (tag == STDIN_TAG) {
        on_stdin();
        continue;
      }
      struct conn *c = &conns[tag];
      if (c->state == CONNECTING) on_connected((int)tag);
      else if (c->state != IDLE) on_readable((int)tag);
    }
  }
}
