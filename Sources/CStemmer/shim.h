#ifndef ENOTE_CSTEMMER_SHIM_H
#define ENOTE_CSTEMMER_SHIM_H
/* Snowball's stemmers (Debian: libstemmer-dev). Only NoteVault's Search/Stemmer.swift imports it. */
#include <libstemmer.h>
#endif
