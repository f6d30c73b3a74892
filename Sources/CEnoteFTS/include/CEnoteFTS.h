#ifndef ENOTE_CFTS_H
#define ENOTE_CFTS_H

/// What `enote_rank` shares with its caller: the rows it scored since the caller last reset
/// `rows` (for a query ordered by rank, how many rows matched), and the rows it must put last.
typedef struct {
    long long rows;
    /// Rows the caller will not show (notes past their destroy date), as a bitset indexed by
    /// rowid, or NULL for none. They get a rank after every other row, without being scored,
    /// and are counted in `hiddenRows`.
    const unsigned char *hidden;
    /// How many rowids `hidden` covers (its size in bits).
    long long hiddenLimit;
    /// How many of the scored rows were hidden.
    long long hiddenRows;
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

/// The rank `enote_rank` gives a hidden row: more than any other row's.
double enote_rank_hidden(void);

#endif
