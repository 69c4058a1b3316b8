#ifndef VEDL_CMICROHTTPD_SHIM_H
#define VEDL_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// The macros below are casts, which Swift does not import.
static const ssize_t VEDL_MHD_END_OF_STREAM = MHD_CONTENT_READER_END_OF_STREAM;
static const uint64_t VEDL_MHD_SIZE_UNKNOWN = MHD_SIZE_UNKNOWN;
// The enumerations are declared with attributes Swift imports as closed enums; plain
// constants are simpler to pass back.
static const enum MHD_Result VEDL_MHD_NO = MHD_NO;
static const enum MHD_ValueKind VEDL_MHD_HEADER_KIND = MHD_HEADER_KIND;
static const enum MHD_ValueKind VEDL_MHD_GET_ARGUMENT_KIND = MHD_GET_ARGUMENT_KIND;
static const enum MHD_ResponseMemoryMode VEDL_MHD_RESPMEM_MUST_COPY = MHD_RESPMEM_MUST_COPY;

// Starts a daemon listening on `host` (an IPv4 or IPv6 literal) and `port` (0: any free
// one), one thread per connection so a Server-Sent Events stream may block its own thread.
// NULL when the address is not a literal or cannot be bound (in use, not permitted).
static inline struct MHD_Daemon *vedl_mhd_start(const char *host, uint16_t port,
                                                MHD_AccessHandlerCallback handler, void *cls) {
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
  if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(port);
    return MHD_start_daemon(flags, port, NULL, NULL, handler, cls, MHD_OPTION_SOCK_ADDR,
                            (struct sockaddr *)&v4, MHD_OPTION_END);
  }
  if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(port);
    return MHD_start_daemon(flags | MHD_USE_IPv6, port, NULL, NULL, handler, cls, MHD_OPTION_SOCK_ADDR,
                            (struct sockaddr *)&v6, MHD_OPTION_END);
  }
  return NULL;
}

// The port the daemon listens on (the one chosen when it was started with port 0).
static inline uint16_t vedl_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
#endif
