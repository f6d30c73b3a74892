#ifndef ENOTE_CFTS_H
#define ENOTE_CFTS_H

/// Counts the rows `enote_rank` scored since the caller last reset it: for a query ordered
/// by rank, that is how many rows matched.
typedef struct {
    long long rows;
} EnoteRankCounter;

/// Registers the FTS5 auxiliary function `enote_rank` with the FTS5 API of a connection
/// (`fts5_api *`, passed untyped). The function scores a row like BM25 without document-length
/// normalisation (k1 = 1.2, b = 0, so no per-row size lookup), with per-column weights as
/// arguments, and puts rows where every matched phrase occurs in column 0 (the title) first.
/// Lower is better, like bm25(). Returns an SQLite result code.
int enote_register_rank(void *fts5Api, EnoteRankCounter *counter);

/// The value `enote_rank` subtracts for a title match; scores below minus half of it are title
/// matches.
double enote_rank_title_bonus(void);

#endif
