#include "CEnoteFTS.h"

#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#define ENOTE_TITLE_BONUS 1.0e9
#define ENOTE_HIDDEN_RANK 1.0e18
#define ENOTE_K1 1.2
#define ENOTE_B 0.75
/* Length classes per doubling of the length. */
#define ENOTE_CLASSES_PER_DOUBLING 12.0

double enote_rank_title_bonus(void) { return ENOTE_TITLE_BONUS; }
double enote_rank_hidden(void) { return ENOTE_HIDDEN_RANK; }

unsigned char enote_length_class(long long bytes) {
    if (bytes <= 1) return 1;
    double value = 1.0 + round(ENOTE_CLASSES_PER_DOUBLING * log2((double)bytes));
    return (unsigned char)(value > 255.0 ? 255.0 : value);
}

double enote_length_of_class(unsigned char lengthClass) {
    if (lengthClass <= 1) return 1.0;
    return exp2((double)(lengthClass - 1) / ENOTE_CLASSES_PER_DOUBLING);
}

/* BM25's length normalisation for this row: 1 for a row of average length or without a class. */
static double lengthNorm(const Fts5ExtensionApi *api, Fts5Context *fts, const EnoteRankCounter *counter) {
    if (!counter || !counter->lengths || counter->averageLength <= 0.0) return 1.0;
    sqlite3_int64 rowid = api->xRowid(fts);
    if (rowid < 0 || rowid >= counter->lengthLimit) return 1.0;
    unsigned char lengthClass = counter->lengths[rowid];
    if (lengthClass == 0) return 1.0;
    return 1.0 - ENOTE_B + ENOTE_B * enote_length_of_class(lengthClass) / counter->averageLength;
}

/* Whether the caller asked for this row to come last (a note past its destroy date). */
static int isHidden(const Fts5ExtensionApi *api, Fts5Context *fts, const EnoteRankCounter *counter) {
    if (!counter || !counter->hidden) return 0;
    sqlite3_int64 rowid = api->xRowid(fts);
    if (rowid < 0 || rowid >= counter->hiddenLimit) return 0;
    return (counter->hidden[rowid >> 3] >> (rowid & 7)) & 1;
}

/* Per-query data, computed once and kept as FTS5 auxdata: each phrase's IDF. */
typedef struct {
    int phraseCount;
    double idf[1];
} RankData;

static int countRow(const Fts5ExtensionApi *api, Fts5Context *fts, void *user) {
    (void)api; (void)fts;
    (*(sqlite3_int64 *)user)++;
    return SQLITE_OK;
}

static RankData *rankData(const Fts5ExtensionApi *api, Fts5Context *fts, int *rc) {
    RankData *data = (RankData *)api->xGetAuxdata(fts, 0);
    if (data) return data;
    int phrases = api->xPhraseCount(fts);
    data = (RankData *)sqlite3_malloc64(sizeof(RankData) + sizeof(double) * (size_t)(phrases > 0 ? phrases : 1));
    if (!data) { *rc = SQLITE_NOMEM; return NULL; }
    data->phraseCount = phrases;
    if (phrases == 1) {
        /* One phrase: its IDF is the same for every row and cannot change the order. */
        data->idf[0] = 1.0;
    } else {
        sqlite3_int64 total = 0;
        *rc = api->xRowCount(fts, &total);
        for (int i = 0; *rc == SQLITE_OK && i < phrases; i++) {
            sqlite3_int64 hits = 0;
            *rc = api->xQueryPhrase(fts, i, &hits, countRow);
            double idf = log(((double)total - (double)hits + 0.5) / ((double)hits + 0.5));
            data->idf[i] = idf <= 0.0 ? 1e-6 : idf;
        }
    }
    if (*rc == SQLITE_OK) *rc = api->xSetAuxdata(fts, data, sqlite3_free);
    if (*rc != SQLITE_OK) { sqlite3_free(data); return NULL; }
    return data;
}

static void enoteRank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal, sqlite3_value **apVal) {
    EnoteRankCounter *counter = (EnoteRankCounter *)api->xUserData(fts);
    if (counter) counter->rows++;
    if (isHidden(api, fts, counter)) {
        counter->hiddenRows++;
        sqlite3_result_double(ctx, ENOTE_HIDDEN_RANK);
        return;
    }
    int rc = SQLITE_OK;
    RankData *data = rankData(api, fts, &rc);
    if (!data) { sqlite3_result_error_code(ctx, rc); return; }

    double stackTF[16];
    unsigned char stackTitle[16];
    double *tf = stackTF;
    unsigned char *inTitle = stackTitle;
    if (data->phraseCount > 16) {
        tf = (double *)sqlite3_malloc64(sizeof(double) * (size_t)data->phraseCount);
        inTitle = (unsigned char *)sqlite3_malloc64((size_t)data->phraseCount);
        if (!tf || !inTitle) { sqlite3_free(tf); sqlite3_free(inTitle); sqlite3_result_error_nomem(ctx); return; }
    }
    memset(tf, 0, sizeof(double) * (size_t)data->phraseCount);
    memset(inTitle, 0, (size_t)data->phraseCount);

    int instances = 0;
    rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc != SQLITE_OK || phrase < 0 || phrase >= data->phraseCount) continue;
        double weight = column < nVal ? sqlite3_value_double(apVal[column]) : 1.0;
        tf[phrase] += weight;
        if (column == 0) inTitle[phrase] = 1;
    }

    double score = 0.0;
    double norm = lengthNorm(api, fts, counter);
    int matched = 0, matchedInTitle = 0;
    for (int p = 0; p < data->phraseCount; p++) {
        if (tf[p] <= 0.0) continue;
        matched++;
        if (inTitle[p]) matchedInTitle++;
        score += data->idf[p] * (tf[p] * (ENOTE_K1 + 1.0)) / (tf[p] + ENOTE_K1 * norm);
    }
    if (tf != stackTF) { sqlite3_free(tf); sqlite3_free(inTitle); }
    if (rc != SQLITE_OK) { sqlite3_result_error_code(ctx, rc); return; }
    double rank = -score;
    if (matched > 0 && matchedInTitle == matched) rank -= ENOTE_TITLE_BONUS;
    sqlite3_result_double(ctx, rank);
}

int enote_register_rank(void *fts5Api, EnoteRankCounter *counter) {
    fts5_api *api = (fts5_api *)fts5Api;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "enote_rank", counter, enoteRank, NULL);
}
