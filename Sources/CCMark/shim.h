#ifndef ENOTE_CCMARK_SHIM_H
#define ENOTE_CCMARK_SHIM_H
#include <cmark.h>
#endif
