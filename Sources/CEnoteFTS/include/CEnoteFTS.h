#ifndef ENOTE_CFTS_H
#define ENOTE_CFTS_H

/// What `enote_rank` shares with its caller: the rows it scored since the caller last reset
/// `rows` (for a query ordered by rank, how many rows matched), the rows it must put last, and
/// the rows' body lengths for BM25's length normalisation.
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
    /// Each row's body length class (``enote_length_class``) indexed by rowid, or NULL. A row
    /// without a class (0, or past `lengthLimit`) counts as of average length.
    const unsigned char *lengths;
    /// How many rowids `lengths` covers.
    long long lengthLimit;
    /// The average body length in bytes of the rows with a class; `lengths` is used only when
    /// it is positive.
    double averageLength;
    /// The length classes of the rows with a negative rowid (the PDFs no note links: their
    /// text stands as their body), indexed by the negated rowid, or NULL.
    const unsigned char *fileLengths;
    /// How many negated rowids `fileLengths` covers.
    long long fileLengthLimit;
} EnoteRankCounter;

/// A body length in bytes as one byte, on a logarithmic scale (about 6% steps up to 2 MB and
/// beyond): 1 for an empty body, never 0.
unsigned char enote_length_class(long long bytes);

/// The length in bytes that class `lengthClass` stands for.
double enote_length_of_class(unsigned char lengthClass);

/// Registers the FTS5 auxiliary function `enote_rank` with the FTS5 API of a connection
/// (`fts5_api *`, passed untyped). The function scores a row like BM25 (k1 = 1.2, b = 0.75), with
/// the weights of the three columns (title, body, name) as its first three arguments; the
/// document length comes from the counter's `lengths` (FTS5's own per-row size lookup would cost
/// more than the rest of a search), and without them every row counts as of average length.
///
/// An optional fourth argument, a blob of two bytes per phrase of the query, says which word of
/// the query each phrase stands for (its group) and how closely it matches the word as typed (its
/// level: 2 the exact form, 1 another form of the word, 0 a word it begins). Each group then
/// counts once, by its best phrase in the row, and rows rank by how many groups they match first
/// (``enote_rank_match_unit``; the same for every row when the query ANDs its groups), then by
/// the sum of their groups' levels (``enote_rank_level_unit``), then title matches (every matched
/// group in column 0), then BM25. Without it every phrase is a group of its own and neither
/// matches nor levels are counted.
/// Lower is better, like bm25(). Returns an SQLite result code.
int enote_register_rank(void *fts5Api, EnoteRankCounter *counter);

/// The value `enote_rank` subtracts for a title match; scores below minus half of it are title
/// matches.
double enote_rank_title_bonus(void);

/// The value `enote_rank` subtracts per level of a group's match (see `enote_register_rank`):
/// more than the title bonus and any score.
double enote_rank_level_unit(void);

/// The value `enote_rank` subtracts per group a row matches (see `enote_register_rank`): more
/// than every level, the title bonus and any score together.
double enote_rank_match_unit(void);

/// The rank `enote_rank` gives a hidden row: more than any other row's.
double enote_rank_hidden(void);

#endif
