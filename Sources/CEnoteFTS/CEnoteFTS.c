#include "CEnoteFTS.h"

#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#define ENOTE_TITLE_BONUS 1.0e9
#define ENOTE_LEVEL_UNIT 1.0e10
#define ENOTE_MATCH_UNIT 1.0e12
/* The column weights come first among the function's arguments. */
#define ENOTE_COLUMNS 4
#define ENOTE_HIDDEN_RANK 1.0e18
#define ENOTE_K1 1.2
#define ENOTE_B 0.75
/* Length classes per doubling of the length. */
#define ENOTE_CLASSES_PER_DOUBLING 12.0

double enote_rank_title_bonus(void) { return ENOTE_TITLE_BONUS; }
double enote_rank_hidden(void) { return ENOTE_HIDDEN_RANK; }
double enote_rank_level_unit(void) { return ENOTE_LEVEL_UNIT; }
double enote_rank_match_unit(void) { return ENOTE_MATCH_UNIT; }

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
    unsigned char lengthClass = 0;
    if (rowid < 0) {
        if (counter->fileLengths && -rowid < counter->fileLengthLimit) lengthClass = counter->fileLengths[-rowid];
    } else if (rowid < counter->lengthLimit) {
        lengthClass = counter->lengths[rowid];
    }
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

/* Per-query data, computed once and kept as FTS5 auxdata: each phrase's group (the word of
 * the query it stands for) and level, and each group's IDF. */
typedef struct {
    int phraseCount;
    int groupCount;
    /* Whether levels count (a phrase map was given). */
    int leveled;
    double *idf;             /* per group */
    unsigned char *group;    /* per phrase */
    unsigned char *level;    /* per phrase */
} RankData;

static int countRow(const Fts5ExtensionApi *api, Fts5Context *fts, void *user) {
    (void)api; (void)fts;
    (*(sqlite3_int64 *)user)++;
    return SQLITE_OK;
}

static RankData *rankData(const Fts5ExtensionApi *api, Fts5Context *fts, int nVal, sqlite3_value **apVal, int *rc) {
    RankData *data = (RankData *)api->xGetAuxdata(fts, 0);
    if (data) return data;
    int phrases = api->xPhraseCount(fts);
    size_t slots = (size_t)(phrases > 0 ? phrases : 1);
    data = (RankData *)sqlite3_malloc64(sizeof(RankData) + slots * (sizeof(double) + 2));
    if (!data) { *rc = SQLITE_NOMEM; return NULL; }
    data->idf = (double *)(data + 1);
    data->group = (unsigned char *)(data->idf + slots);
    data->level = data->group + slots;
    data->phraseCount = phrases;
    data->leveled = 0;
    const unsigned char *map = NULL;
    if (nVal > ENOTE_COLUMNS && sqlite3_value_bytes(apVal[ENOTE_COLUMNS]) == 2 * phrases) {
        map = (const unsigned char *)sqlite3_value_blob(apVal[ENOTE_COLUMNS]);
    }
    data->groupCount = 0;
    for (int i = 0; i < phrases; i++) {
        data->group[i] = map ? map[2 * i] : (unsigned char)(i < 255 ? i : 255);
        data->level[i] = map ? map[2 * i + 1] : 2;
        if (data->group[i] + 1 > data->groupCount) data->groupCount = data->group[i] + 1;
    }
    data->leveled = map != NULL;
    for (int g = 0; g < data->groupCount; g++) data->idf[g] = 1.0;
    if (data->groupCount > 1) {
        /* A group's IDF is that of its first phrase with any match (the word as typed, unless
         * no note has it): counting every form would cost a pass over each of them. One group
         * alone cannot change the order, so it is not counted at all. */
        sqlite3_int64 total = 0;
        *rc = api->xRowCount(fts, &total);
        for (int g = 0; *rc == SQLITE_OK && g < data->groupCount; g++) {
            sqlite3_int64 hits = 0;
            for (int i = 0; *rc == SQLITE_OK && i < phrases && hits == 0; i++) {
                if (data->group[i] == g) *rc = api->xQueryPhrase(fts, i, &hits, countRow);
            }
            double idf = log(((double)total - (double)hits + 0.5) / ((double)hits + 0.5));
            data->idf[g] = idf <= 0.0 ? 1e-6 : idf;
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
    RankData *data = rankData(api, fts, nVal, apVal, &rc);
    if (!data) { sqlite3_result_error_code(ctx, rc); return; }

    /* Per phrase: weighted term frequency and whether it occurs in the title. */
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
    int columns = nVal < ENOTE_COLUMNS ? nVal : ENOTE_COLUMNS;
    rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc != SQLITE_OK || phrase < 0 || phrase >= data->phraseCount) continue;
        double weight = column < columns ? sqlite3_value_double(apVal[column]) : 1.0;
        tf[phrase] += weight;
        if (column == 0) inTitle[phrase] = 1;
    }

    /* Per group: its best phrase's score and level, and whether any of its phrases is in the title. */
    double stackScore[16];
    int stackLevel[16];
    unsigned char stackGroupTitle[16];
    double *groupScore = stackScore;
    int *groupLevel = stackLevel;
    unsigned char *groupTitle = stackGroupTitle;
    if (data->groupCount > 16) {
        groupScore = (double *)sqlite3_malloc64(sizeof(double) * (size_t)data->groupCount);
        groupLevel = (int *)sqlite3_malloc64(sizeof(int) * (size_t)data->groupCount);
        groupTitle = (unsigned char *)sqlite3_malloc64((size_t)data->groupCount);
        if (!groupScore || !groupLevel || !groupTitle) {
            sqlite3_free(groupScore); sqlite3_free(groupLevel); sqlite3_free(groupTitle);
            if (tf != stackTF) { sqlite3_free(tf); sqlite3_free(inTitle); }
            sqlite3_result_error_nomem(ctx);
            return;
        }
    }
    for (int g = 0; g < data->groupCount; g++) { groupScore[g] = 0.0; groupLevel[g] = -1; groupTitle[g] = 0; }

    double norm = lengthNorm(api, fts, counter);
    for (int p = 0; p < data->phraseCount; p++) {
        if (tf[p] <= 0.0) continue;
        int g = data->group[p];
        double score = data->idf[g] * (tf[p] * (ENOTE_K1 + 1.0)) / (tf[p] + ENOTE_K1 * norm);
        if (score > groupScore[g]) groupScore[g] = score;
        if (data->level[p] > groupLevel[g]) groupLevel[g] = data->level[p];
        if (inTitle[p]) groupTitle[g] = 1;
    }
    double score = 0.0;
    int matched = 0, matchedInTitle = 0, levels = 0;
    for (int g = 0; g < data->groupCount; g++) {
        if (groupLevel[g] < 0) continue;
        matched++;
        levels += groupLevel[g];
        if (groupTitle[g]) matchedInTitle++;
        score += groupScore[g];
    }
    if (tf != stackTF) { sqlite3_free(tf); sqlite3_free(inTitle); }
    if (groupScore != stackScore) { sqlite3_free(groupScore); sqlite3_free(groupLevel); sqlite3_free(groupTitle); }
    if (rc != SQLITE_OK) { sqlite3_result_error_code(ctx, rc); return; }
    double rank = -score;
    if (matched > 0 && matchedInTitle == matched) rank -= ENOTE_TITLE_BONUS;
    if (data->leveled) rank -= ENOTE_MATCH_UNIT * (double)matched + ENOTE_LEVEL_UNIT * (double)levels;
    sqlite3_result_double(ctx, rank);
}

int enote_register_rank(void *fts5Api, EnoteRankCounter *counter) {
    fts5_api *api = (fts5_api *)fts5Api;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "enote_rank", counter, enoteRank, NULL);
}
