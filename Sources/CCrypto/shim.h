#ifndef VEDL_CCRYPTO_SHIM_H
#define VEDL_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
